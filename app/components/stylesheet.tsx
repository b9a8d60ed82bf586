import { createContext, useContext } from "react";

/**
 * How the page gets its stylesheet (issue 31). A page the server stores (html-cache.server.ts)
 * carries its critical CSS in a <style> that entry.server fills after rendering
 * (critical-css.server.ts) and, when scripts run, loads the whole stylesheet at the visitor's
 * first interaction or a second after the `load` event, whichever comes first: it is needed only
 * for client navigations and states the markup does not show yet, and a request before the first
 * paint would compete with the page's own (the font, the images) on a slow link. Any other page
 * links the stylesheet as usual. In the browser the document says which: the <style> is there or not.
 */
export const CRITICAL_CSS_ID = "critical-css";

/** Server only: whether this response's critical CSS is filled in after rendering. */
export const InlineCssContext = createContext(false);

/** Appends the whole stylesheet at the first interaction or 1 s after `load` (the critical rules are already applied). */
const loadLater = (href: string) =>
  `(function(){var done=false,o={capture:true,passive:true},e=["pointerdown","touchstart","keydown","focusin","scroll"];` +
  `function go(){if(done)return;done=true;e.forEach(function(n){removeEventListener(n,go,o)});` +
  `var l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(href)};document.head.appendChild(l)}` +
  `e.forEach(function(n){addEventListener(n,go,o)});addEventListener("load",function(){setTimeout(go,1000)})})()`;

export function Stylesheet({ href, nonce }: { href: string; nonce: string | undefined }) {
  const server = useContext(InlineCssContext);
  const existing = typeof document === "undefined" ? null : document.getElementById(CRITICAL_CSS_ID);
  const inline = typeof document === "undefined" ? server : existing !== null;
  if (!inline) return <link rel="stylesheet" href={href} />;
  return (
    <>
      {/* Filled on the server after rendering; the browser keeps what it received. */}
      <style id={CRITICAL_CSS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: existing?.innerHTML ?? "" }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loadLater(href) }} />
    </>
  );
}
