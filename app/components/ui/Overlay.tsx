/**
 * A modal-looking panel rendered by the server (works without JavaScript): a result the user
 * must notice, such as "Cerere trimisă cu succes!". With JavaScript it takes focus, keeps Tab
 * inside, and Escape follows the `closeTo` link. Actions are plain links or forms given as children.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFocusTrap } from "./useDialogKeys";

export function Overlay({
  title,
  tone = "success",
  children,
  closeTo,
}: {
  title: string;
  tone?: "success" | "error";
  children: ReactNode;
  closeTo?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    panel.current?.focus();
    if (!closeTo) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  // Tab and Shift+Tab stay in the panel (the page behind is not reachable while it is open).
  useFocusTrap(panel);
  return (
    <div className="overlay">
      <div
        ref={panel}
        className={`overlay__panel overlay__panel--${tone}`}
        role={tone === "error" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby="overlay-title"
        tabIndex={-1}
      >
        <div className={`overlay__icon overlay__icon--${tone}`} aria-hidden="true">
          {tone === "success" ? "✓" : "!"}
        </div>
        <h2 id="overlay-title" className="overlay__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
