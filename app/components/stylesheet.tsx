import { createContext, useContext } from "react";
import { CRITICAL_CSS_ID } from "~/lib/whole-stylesheet";

/**
 * How the page gets its stylesheet (issue 31). A page the server stores (html-cache.server.ts)
 * carries its critical CSS in a <style> that entry.server fills after rendering
 * (critical-css.server.ts); any other page links the stylesheet as usual. In the browser the
 * document says which: the <style> is there or not.
 *
 * The whole stylesheet is needed only where the page hydrates (client navigations, states that
 * scripts add): it is added with the page's scripts, which start only after the first paint, so
 * it is never on the LCP's path, and React takes over only once it applies
 * (app/lib/whole-stylesheet.ts, app/entry.client.tsx). A page without scripts (the content pages)
 * never loads it: every page it links to carries its own critical CSS. (An earlier version loaded
 * it 1 s after `load` on every page: the style recalculation of the whole sheet at Lighthouse's 4×
 * CPU counted 575 ms of blocking time on `/`, which ships no JavaScript.)
 */

/** Server only: whether this response's critical CSS is filled in after rendering. */
export const InlineCssContext = createContext(false);

export function Stylesheet({ href }: { href: string }) {
  const server = useContext(InlineCssContext);
  const existing = typeof document === "undefined" ? null : document.getElementById(CRITICAL_CSS_ID);
  const inline = typeof document === "undefined" ? server : existing !== null;
  if (!inline) return <link rel="stylesheet" href={href} />;
  // Filled on the server after rendering; the browser keeps what it received.
  return (
    <style id={CRITICAL_CSS_ID} data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: existing?.innerHTML ?? "" }} />
  );
}
