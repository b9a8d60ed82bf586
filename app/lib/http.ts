/** Small HTTP helpers shared by route modules (no server-only imports). */
import type { HeadersFunction } from "@remix-run/node";

/** Personal pages and forms: never stored by any cache. */
export const privateHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie" });
  for (const source of [loaderHeaders, actionHeaders]) {
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
};
