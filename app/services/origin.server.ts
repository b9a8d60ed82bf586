/**
 * Cross-site request protection (DESIGN §5): SameSite=Lax cookies plus this Origin check on
 * every non-GET request that acts for a logged-in user or a visitor's browser. Browsers always
 * send Origin on form POSTs; a foreign Origin gets 403. Requests without Origin (server-to-server
 * callers such as a payment notification, or curl) are not browsers acting on a victim's cookies.
 */
import { getConfig } from "~/config.server";

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  if (origin === "null") return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(request.url).host, new URL(getConfig().publicUrl).host]);
  const forwarded = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  if (forwarded) allowed.add(forwarded.split(",")[0].trim());
  return allowed.has(host);
}

/** Throws a 403 response for a cross-site mutation. */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (!isSameOrigin(request)) {
    throw new Response("Cerere respinsă: formularul nu provine de pe acest site.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
