/**
 * `redirectTo` accepts same-site paths only (DESIGN §5): "/cont?x=1" passes; "//evil.example",
 * "https://…", "/\evil", "javascript:…" and anything odd fall back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/cont"): string {
  if (typeof to !== "string") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters and backslashes can be normalised by browsers into another origin.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The path and query of a request, for `?redirectTo=`. */
export function pathWithSearch(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
