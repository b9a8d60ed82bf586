/**
 * Keyboard and focus rules every page needs before (or without) the app's scripts: many pages
 * ship no JavaScript on a first load, and the others start theirs only at the first interaction,
 * which may be the very key press that should close a panel. So these rules live in one small
 * inline script (≈1 KB, CSP nonce) rendered by the root layout on every page, and the React
 * components leave them alone.
 *
 * - Escape closes the innermost open panel marked `data-dismiss` (a `<details>`: the mobile
 *   menu, the cookie settings) and gives focus back to its `<summary>`; on the account menu (a
 *   hover/focus menu, `data-dismiss="menu"`) it hides the panel until focus or the pointer leaves
 *   and comes back (WCAG 2.1.2, 1.4.13).
 * - Tab out of an open mobile menu closes it, so the open menu is never left behind the focus.
 * - A toast never covers what has keyboard focus (WCAG 2.4.11): when the focused element and a toast
 *   overlap, the toast steps aside (hidden: it was already announced by the live region and shown
 *   until then).
 * Modal dialogs keep their own trap (`useFocusTrap`): they exist only with JavaScript.
 */
export const PAGE_KEYS = `(function () {
  var doc = document;
  function openPanels() {
    return Array.prototype.slice.call(doc.querySelectorAll("details[data-dismiss][open]"));
  }
  doc.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    var active = doc.activeElement;
    var menu = active && active.closest ? active.closest("[data-dismiss='menu']") : null;
    if (menu) {
      menu.setAttribute("data-dismissed", "");
      var button = menu.querySelector("a, button");
      if (button && button !== active) button.focus();
      event.preventDefault();
      return;
    }
    var panels = openPanels();
    if (!panels.length) return;
    var inside = panels.filter(function (panel) { return panel.contains(active); });
    var panel = (inside.length ? inside : panels)[(inside.length ? inside : panels).length - 1];
    panel.open = false;
    var summary = panel.querySelector("summary");
    if (summary) summary.focus();
    event.preventDefault();
  });
  doc.addEventListener("focusout", function (event) {
    var target = event.target;
    var next = event.relatedTarget;
    var menu = target && target.closest ? target.closest("[data-dismiss='menu']") : null;
    if (menu && !(next && menu.contains(next))) menu.removeAttribute("data-dismissed");
    var panel = target && target.closest ? target.closest("details[data-dismiss='leave'][open]") : null;
    if (panel && next && !panel.contains(next)) panel.open = false;
  });
  doc.addEventListener("pointerleave", function (event) {
    var menu = event.target;
    if (menu && menu.hasAttribute && menu.getAttribute("data-dismiss") === "menu") menu.removeAttribute("data-dismissed");
  }, true);
  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }
  function clearToasts() {
    var toasts = doc.querySelectorAll(".toast:not(.toast--aside)");
    var active = doc.activeElement;
    if (!toasts.length || !active || active === doc.body || !active.getBoundingClientRect) return;
    // Keyboard focus only: a tap or click never hides the message it just caused.
    try { if (!active.matches(":focus-visible")) return; } catch (error) { /* older browsers: always yield */ }
    var box = active.getBoundingClientRect();
    toasts.forEach(function (toast) {
      if (!toast.contains(active) && overlaps(box, toast.getBoundingClientRect())) toast.classList.add("toast--aside");
    });
  }
  doc.addEventListener("focusin", clearToasts);
  new MutationObserver(function () { clearToasts(); }).observe(doc.body, { childList: true, subtree: true });
})();`;
