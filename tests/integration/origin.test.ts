/**
 * Cross-site protection (docs/architecture.md §5, §8): every route module under app/routes that exports an
 * action is posted to with a foreign Origin and must answer 403 — found by glob, so a new
 * action is covered the day it is added. Only the routes listed in ALLOWED may answer
 * otherwise, each with its reason.
 */
import { describe, expect, it } from "vitest";
import { BASE, run } from "../helpers/http";
import { cookieFor, createUser } from "../helpers/factories";
import { remixHandler } from "../helpers/remix-app";

type RouteModule = { action?: (args: unknown) => unknown };

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");

/** Routes that do not answer 403 to a foreign Origin, and why. */
const ALLOWED: Record<string, { status: number; reason: string }> = {
  // Test fixtures only: 404 unless TEST_HOOKS_TOKEN is configured and sent (never in production);
  // it is called by the Playwright runner, not by browsers, and takes no cookies into account.
  "api.test-hooks.$op": { status: 404, reason: "token-protected test fixture endpoint, 404 when not configured" },
  // The card processor's IPN: posted server to server by NETOPIA (no cookies, no browser). Its
  // trust comes from decrypting with our private key and matching signature, order and amount;
  // anything else is answered 200 with a permanent-error crc XML, as the protocol requires.
  "api.payments.netopia.confirm": { status: 200, reason: "server-to-server IPN, authenticated by encryption and signature" },
  // `npm run backup` asking the running site (embedded database) for a backup: called by the
  // command on the same machine with a token derived from SESSION_SECRET, never by a browser;
  // anything without the token, a foreign Origin included, gets 404.
  "internal.backup": { status: 404, reason: "token-protected local command endpoint, 404 without the token" },
};

/** "reset.$token" → /reset/x and params {token: "x"}. */
function requestFor(file: string) {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/^_index$/, "")
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => {
      if (segment === "$") return ((params["*"] = "x"), "x");
      if (segment.startsWith("$")) return ((params[segment.slice(1)] = "x"), "x");
      return segment.replace(/\[(.*?)\]/g, "$1");
    });
  return { path: `/${segments.join("/")}`, params };
}

const entries = Object.entries(modules).map(([path, load]) => ({
  name: path.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, ""),
  load,
}));

let handler: ((request: Request) => Promise<Response>) | undefined;
let adminCookie: string | undefined;

describe("every action refuses a foreign Origin", () => {
  it("finds the route modules", () => {
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(["autentificare", "register", "cont", "logout"]));
  });

  it.each(entries)("$name", async ({ name, load }) => {
    const module = await load();
    const { path, params } = requestFor(name);
    if (typeof module.action !== "function") {
      // No action: the whole handler refuses a post to it (405 same-origin; a foreign Origin is
      // refused before Remix, 403), and no loader or other route's action runs in its place.
      // Posted by an administrator, so that the admin pages' own login check (a redirect) does
      // not answer first.
      handler ??= await remixHandler();
      adminCookie ??= await cookieFor((await createUser({ role: "admin" })).id);
      const target = `${BASE}${path}${/(^|\.)_index$/.test(name) ? "?index" : ""}`;
      for (const [origin, status] of [[BASE, 405], ["https://evil.example", 403]] as const) {
        const body = new FormData();
        body.set("intent", "account");
        const headers = { Origin: origin, Cookie: adminCookie };
        const response = await handler(new Request(target, { method: "POST", body, headers }));
        expect(response.status, `${name} (no action) with Origin ${origin}`).toBe(status);
      }
      return;
    }
    for (const origin of ["https://evil.example", "null", "http://localhost:3000.evil.example"]) {
      const body = new FormData();
      body.set("email", "victima@example.com");
      body.set("password", "Parola-Buna1!");
      body.set("intent", "account");
      const request = new Request(`${BASE}${path}`, { method: "POST", body, headers: { Origin: origin } });
      const response = await run(module.action as never, request, params);
      const expected = ALLOWED[name]?.status ?? 403;
      expect(response.status, `${name} with Origin ${origin}`).toBe(expected);
    }
  });

  it("accepts a same-origin post (the check is not simply refusing everything)", async () => {
    const { action } = await import("~/routes/forgot-password");
    const body = new FormData();
    body.set("email", "nimeni@example.com");
    const request = new Request(`${BASE}/forgot-password`, { method: "POST", body, headers: { Origin: BASE, "X-Forwarded-For": "10.200.0.1" } });
    expect((await run(action, request)).status).toBe(200);
  });
});
