/**
 * Toast region (SPEC §9): account flows 5000 ms top-right, cart and admin 3000 ms top-left.
 * It closes itself with a CSS animation, so it also disappears without JavaScript.
 */
import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast";

export function Toasts({ toast }: { toast: Toast | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!toast || dismissed === toast.id) return null;
  return (
    <div className={`toasts toasts--${toast.position}`}>
      <div
        key={toast.id}
        className={`toast toast--${toast.type}`}
        role={toast.type === "error" ? "alert" : "status"}
        style={{ ["--toast-duration" as string]: `${toast.duration}ms` }}
        onAnimationEnd={(event) => {
          if (event.animationName === "toast-out") setDismissed(toast.id);
        }}
      >
        <p className="toast__message">{toast.message}</p>
        {hydrated ? (
          <button type="button" className="toast__close" aria-label="Închide" onClick={() => setDismissed(toast.id)}>
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}
