/**
 * Cross-site request protection (docs/architecture.md §5): SameSite=Lax cookies plus this check on every
 * non-GET request that acts for a logged-in user or a visitor's browser.
 *
 * - A foreign `Origin` (or `Origin: null`) gets 403.
 * - Without `Origin`, a cross-site `Referer` gets 403 too (old browsers, privacy extensions).
 * - Neither header: not a browser acting on a victim's cookies (a payment notification, curl).
 * - Allowed hosts: PUBLIC_URL's, the request's own (Host header) and — only when
 *   TRUST_FORWARDED_HOST is set, i.e. the proxy writes it — X-Forwarded-Host.
 *
 * Each action calls `assertSameOrigin`, so a cross-site post gets the 403 page on every route.
 * Remix's own check (a bare 500 before any action runs) is left as it is: the HTTP server asks
 * `originVerdict` first, so Remix's check only ever sees requests it accepts.
 */
import { getConfig } from "~/config.server";

function hostOf(value: string): string | null {
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

function allowedHosts(request: Request): Set<string> {
  const config = getConfig();
  const allowed = new Set([new URL(request.url).host, new URL(config.publicUrl).host]);
  const host = request.headers.get("Host");
  if (host) allowed.add(host.trim());
  if (config.trustForwardedHost) {
    const forwarded = request.headers.get("X-Forwarded-Host");
    if (forwarded) allowed.add(forwarded.split(",")[0].trim());
  }
  return allowed;
}

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    if (origin === "null") return false;
    const host = hostOf(origin);
    return host !== null && allowedHosts(request).has(host);
  }
  const referer = request.headers.get("Referer");
  if (referer === null || referer === "") return true;
  const host = hostOf(referer);
  return host !== null && allowedHosts(request).has(host);
}

export const CROSS_SITE_MESSAGE = "Cerere respinsă: formularul nu provine de pe acest site.";

/** The 403 answer to a cross-site post: a short Romanian page. */
export function crossSiteResponse(): Response {
  const html = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>Acces interzis</title></head><body><h1>Acces interzis</h1><p>${CROSS_SITE_MESSAGE}</p><p><a href="/">Înapoi la pagina principală</a></p></body></html>`;
  return new Response(html, {
    status: 403,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** Throws a 403 response for a cross-site mutation. */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (!isSameOrigin(request)) throw crossSiteResponse();
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The host Remix compares `Origin` with: the first `X-Forwarded-Host`, else `Host`. */
function remixComparedHost(headers: Headers): string | null {
  const forwarded = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || headers.get("Host");
}

export type OriginVerdict =
  /** Nothing to do: Remix sees the request as it came. */
  | { kind: "pass" }
  /** Cross-site: answer this instead of calling Remix. */
  | { kind: "refuse"; response: Response }
  /** Same site by our rule: Remix must see this `Origin` (the host it compares with). */
  | { kind: "same-site"; origin: string };

/**
 * The app's origin decision, made by the HTTP server before Remix handles the request.
 *
 * Remix 2 runs its own check before a page's or a single-fetch action runs: it compares `Origin`
 * with `X-Forwarded-Host` (or `Host`) and answers a mismatch with a bare 500. Where that check
 * would refuse, this one decides first: a cross-site post gets the app's 403 page; a post that
 * is same-site by our rule (PUBLIC_URL's host — a proxy that rewrites Host — or a trusted
 * X-Forwarded-Host) is handed to Remix with the `Origin` Remix compares against, so its check
 * passes. The JSON API (`/api/…`, resource routes: Remix does not check them) decides itself,
 * with CORS (routes/+shared/api/http.server.ts). Every action also calls `assertSameOrigin`.
 */
export function originVerdict(request: Request): OriginVerdict {
  if (!MUTATIONS.has(request.method)) return { kind: "pass" };
  const origin = request.headers.get("Origin");
  if (origin === null) return { kind: "pass" };
  const url = new URL(request.url);
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return { kind: "pass" };
  const compared = remixComparedHost(request.headers);
  if (origin !== "null" && compared !== null && hostOf(origin) === compared) return { kind: "pass" };
  if (!isSameOrigin(request)) return { kind: "refuse", response: crossSiteResponse() };
  if (compared === null) return { kind: "pass" };
  return { kind: "same-site", origin: `${url.protocol}//${compared}` };
}
