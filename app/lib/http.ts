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

/**
 * Data requests (single fetch `.data`, also redirects): a response no route headers function
 * gave a Cache-Control is treated as personal, and every one varies on the cookie.
 */
export function privateByDefault(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Cookie");
  else if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Cookie`);
}

/**
 * `?_data=…`, the data parameter of Remix before single fetch (old links, old clients, bots),
 * dropped from the address before Remix sees it: Remix would answer it as a data request of a
 * route id the client made up (a 403/500 with an empty or bare body, logged as a server error).
 * Without it the address is the page (or the API call) it names. Other parameters stay.
 */
export function withoutLegacyDataParam(url: URL): URL {
  if (!url.searchParams.has("_data")) return url;
  const cleaned = new URL(url);
  cleaned.searchParams.delete("_data");
  return cleaned;
}
