/**
 * Toast region (docs/product.md §9): account flows 5000 ms top-right, cart and admin 3000 ms top-left.
 * It closes itself with a CSS animation, so it also disappears without JavaScript.
 *
 * Screen readers (issue 20, item 6): a live region announces text put into it after it exists,
 * not text it held when the page loaded. So the page always has an empty polite live region;
 * the server's toast is rendered next to it as part of the page (read in place without
 * JavaScript), and once the scripts run it is moved into the live region, which announces it
 * (keeping its remaining time; a toast that already ran out is not announced late). A toast
 * that arrives after a client-side navigation goes straight into the live region.
 */
import { useEffect, useRef, useState } from "react";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/components/ui/useHydrated";

export function Toasts({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The toast of the server's HTML, and how long it had left when it moved into the live region.
  const [initialId] = useState(toast?.id ?? null);
  const [moved, setMoved] = useState<{ id: string; remainingMs: number } | null>(null);
  const staticRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!toast || toast.id !== initialId) return;
    const out = staticRef.current
      ?.getAnimations?.()
      .find((animation) => (animation as CSSAnimation).animationName === "toast-out");
    if (out?.playState === "finished") {
      setDismissed(toast.id);
      return;
    }
    const elapsed = typeof out?.currentTime === "number" ? out.currentTime : 0;
    setMoved({ id: toast.id, remainingMs: Math.max(0, toast.duration - elapsed) });
    // Once, when the scripts take over the server's page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = toast && dismissed !== toast.id ? toast : null;
  const live = shown && (shown.id !== initialId || moved?.id === shown.id);
  const position = shown?.position ?? "top-right";

  // `settled`: moved from the page into the live region (no second entrance animation).
  const card = (inLiveRegion: boolean) => {
    const settled = inLiveRegion && moved?.id === shown?.id;
    return shown ? (
      <div
        key={shown.id}
        ref={inLiveRegion ? undefined : staticRef}
        className={`toast toast--${shown.type}${settled ? " toast--settled" : ""}`}
        role={inLiveRegion ? undefined : shown.type === "error" ? "alert" : "status"}
        style={{ ["--toast-duration" as string]: `${settled && moved ? moved.remainingMs : shown.duration}ms` }}
        onAnimationEnd={(event) => {
          if (event.animationName === "toast-out") setDismissed(shown.id);
        }}
      >
        <p className="toast__message">{shown.message}</p>
        {hydrated ? (
          <button type="button" className="toast__close" aria-label="Închide" onClick={() => setDismissed(shown.id)}>
            ×
          </button>
        ) : null}
      </div>
    ) : null;
  };

  return (
    <>
      {shown && !live ? <div className={`toasts toasts--${position}`}>{card(false)}</div> : null}
      <div className={`toasts toasts--${position}`} role="status" aria-live="polite">
        {live ? card(true) : null}
      </div>
    </>
  );
}
