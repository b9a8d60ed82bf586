/**
 * Keyboard behaviour of the dialogs and panels (issue 20, WCAG 2.1.2 / 2.4.3): a modal keeps
 * Tab and Shift+Tab inside itself and closes on Escape. Panels that exist without JavaScript
 * (mobile menu, cookie settings, account menu) get their keys from app/lib/page-keys.ts. Without
 * JavaScript the dialogs are page steps.
 */
import { useEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Traps Tab inside `container` while mounted; Escape calls `onEscape` (if given). */
export function useFocusTrap(container: RefObject<HTMLElement | null>, onEscape?: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const box = container.current;
      if (!box) return;
      if (event.key === "Escape" && onEscape) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables(box);
      if (items.length === 0) {
        event.preventDefault();
        box.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && box.contains(active);
      if (!inside || (event.shiftKey && (active === first || active === box)) || (!event.shiftKey && active === last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [container, onEscape]);
}
