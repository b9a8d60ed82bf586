/**
 * The whole stylesheet before React takes over a page that arrived with critical CSS (issue 31).
 *
 * A page the server stores carries only the rules its own markup can match (critical-css.server.ts,
 * `<style id="critical-css" data-href="…">`). What the scripts add once they run (the „Arată”
 * button of a password field, a message, a dialog) has no rules there. If React rendered it before
 * the whole stylesheet applied, it would appear unstyled and jump into place a moment later: on the
 * login page the form grew by a line and shrank back, a layout shift Lighthouse scored 0.11
 * (the goal is 0). So app/entry.client.tsx hydrates only once the whole stylesheet has loaded
 * (or failed to: then the page works as it looks without it).
 *
 * The download itself starts earlier, with the page's scripts (start-scripts.server.ts, the inline starter, puts
 * the same `<link>` in), so waiting costs nothing when the stylesheet, ~14 KB compressed, arrives
 * before the ~100 KB of scripts, as it does.
 */
export const CRITICAL_CSS_ID = "critical-css";

/** The `<link>` of the whole stylesheet named by the critical CSS; added when missing. Null without critical CSS. */
export function wholeStylesheetLink(doc: Document): HTMLLinkElement | null {
  const critical = doc.getElementById(CRITICAL_CSS_ID);
  const href = critical?.getAttribute("data-href");
  if (!href) return null;
  const existing = Array.from(doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find(
    (link) => link.getAttribute("href") === href,
  );
  if (existing) return existing;
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  doc.head.appendChild(link);
  return link;
}

/**
 * How long React waits at most. A sheet that failed before anyone listened (its error event is
 * gone) or that hangs on a bad link must not keep the page from its scripts: the forms work
 * without them, but the cart's and the player's niceties would never come.
 */
export const STYLESHEET_WAIT_MS = 5_000;

/** Resolves once the whole stylesheet applies (at once when the page links it, or has no critical CSS). */
export function wholeStylesheetApplied(doc: Document): Promise<void> {
  const link = wholeStylesheetLink(doc);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
    setTimeout(done, STYLESHEET_WAIT_MS);
  });
}
