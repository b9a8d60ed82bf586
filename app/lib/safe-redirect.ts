/**
 * `redirectTo` accepts same-site paths only (docs/architecture.md §5). The value is resolved with the URL
 * parser first (dot segments, percent-encoded dots, backslashes are normalised the way a browser
 * would), and only then checked: the result must stay on our origin and its path must not start
 * with `//` (a protocol-relative address once written to `Location`). "/cont?x=1" passes;
 * "//evil.example", "/.//evil.example", "/%2e%2e//evil", "https://…", "/\evil", "javascript:…",
 * control characters and anything over MAX_REDIRECT_LENGTH fall back.
 */
export const MAX_REDIRECT_LENGTH = 500;

const BASE = "http://same.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/cont"): string {
  if (typeof to !== "string") return fallback;
  const target = to.trim();
  if (target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!target.startsWith("/")) return fallback;
  // Control characters and backslashes can be normalised by browsers into another origin.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Resolved again, as a browser resolves a Location: the path must not become another host.
  if (url.pathname.startsWith("//")) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  if (result.startsWith("//") || result.length > MAX_REDIRECT_LENGTH) return fallback;
  try {
    if (new URL(result, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return result;
}

/** The path and query of a request, for `?redirectTo=`. */
export function pathWithSearch(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
