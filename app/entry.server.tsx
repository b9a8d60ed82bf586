/**
 * Server entry: streams the HTML, adds the CSP nonce and security headers. Importing this
 * module (the HTTP server does at start) opens and migrates the database before the first
 * request. `serverHost` is what the HTTP server (scripts/server.mjs) uses of the app.
 */
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { InlineCssContext } from "~/components/stylesheet";
import { STYLESHEET_URL } from "~/root";
import { log, stackOf } from "~/log.server";
import { privateByDefault } from "~/lib/http";
import { criticalCssAvailable, fillCriticalCss } from "~/services/critical-css.server";
import { rememberGuestAnswer } from "~/services/guest-answers.server";
import { cachedPage, guestPageKey, personalPageKey, renderPage } from "~/services/html-cache.server";
import { stripRendererPadding } from "~/services/react-stream.server";
import { applySecurityHeaders, createNonce } from "~/services/security-headers.server";
import { composeApp } from "~/composition.server";
import { startApp } from "~/startup.server";
import { finalStatus, recordRequestError, unavailableDocument } from "~/services/unavailable.server";

// What the HTTP server uses of the app (app/server-host.server.ts).
export { serverHost } from "~/server-host.server";

composeApp();
await startApp();

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // A loader or action could not reach the database: the Romanian 503 page (services/unavailable.server.ts).
  if (loadContext?.requestState?.databaseUnavailable) {
    return unavailableDocument(request, loadContext.requestState, responseHeaders);
  }
  const nonce = createNonce();
  // A page is rendered once per URL and loader data (a guest's or a user's; html-cache.server.ts).
  const guestKey = guestPageKey(request, responseStatusCode, responseHeaders, remixContext);
  const cacheKey = guestKey ?? personalPageKey(request, responseStatusCode, responseHeaders, remixContext);
  if (cacheKey) {
    // A stored page carries its critical CSS instead of a render-blocking stylesheet request
    // (critical-css.server.ts); filled in once, before it is stored.
    const inline = criticalCssAvailable(STYLESHEET_URL);
    const page = (
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={inline}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>
    );
    const finish = inline ? (html: string) => fillCriticalCss(html, STYLESHEET_URL) : undefined;
    const html = cachedPage(cacheKey, nonce) ?? (await renderPage(cacheKey, page, nonce, finish));
    if (html !== null) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      applySecurityHeaders(responseHeaders, nonce);
      // The same request is answered from this page for a moment before Remix runs (guest-answers.server.ts).
      if (guestKey && loadContext?.guestRequestKey) {
        rememberGuestAnswer(loadContext.guestRequestKey, guestKey, responseStatusCode, responseHeaders, nonce);
      }
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    }
  }
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      // React 18's NUL padding at its 2 KB buffer edge is dropped here (react-stream.server.ts).
      const body = stripRendererPadding();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      applySecurityHeaders(responseHeaders, nonce);
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          // Rendered in full: the abort timer has nothing left to guard (and a pending timer
          // would keep a stopping server alive for its 5 s).
          clearTimeout(abortTimer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render: streaming the page failed", { error, at: stackOf(error) });
        },
      },
    );
    // React calls the callbacks above asynchronously, after this line has run.
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Single-fetch `.data` responses: route `headers` set their caching; the rest is private. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  applySecurityHeaders(response.headers);
  privateByDefault(response.headers);
  // The database was unreachable: 503 (the browser's Remix shows the error boundary).
  const fixed = finalStatus(context.requestState, response.status);
  if (!fixed) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(fixed.headers)) headers.set(name, value);
  return new Response(response.body, { status: fixed.status, headers });
};

export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A 4xx the app threw on purpose (403 cross-site, 415 not a form…) is an answer, not an error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The server turns the answer into a 503 (database unreachable) or at least an error status.
  recordRequestError(context, error);
  log.error("request failed", { method: request.method, path: new URL(request.url).pathname, error, at: stackOf(error) });
}
