/**
 * Issue 13 item 5, issue 14 findings 7/8: cross-site posts answer the app's 403 (not Remix's bare
 * 500) through Remix's real request handler, for document and data requests; a proxy that
 * rewrites Host works; a cross-site Referer without Origin is refused; X-Forwarded-Host counts
 * only when TRUST_FORWARDED_HOST is set.
 */
import { createRequire } from "node:module";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { assertSameOrigin, isSameOrigin, replaceRemixOriginCheck } from "~/services/origin.server";
import { resetEnvironment } from "~/test-support.server";

const require = createRequire(import.meta.url);
const runtime = require("@remix-run/server-runtime/dist/actions.js") as { throwIfPotentialCSRFAttack: (h: Headers) => void };
const original = runtime.throwIfPotentialCSRFAttack;

/** A one-route app whose action checks the origin the way every route of the site does. */
function build(): ServerBuild {
  const root = {
    id: "root",
    path: "",
    module: {
      default: () => null,
      action: ({ request }: { request: Request }) => {
        assertSameOrigin(request);
        return new Response("gespeichert", { status: 200 });
      },
      loader: () => null,
    },
  };
  return {
    mode: "production",
    entry: { module: { default: (_request: Request, status: number) => new Response("<!doctype html>pagina", { status, headers: { "Content-Type": "text/html" } }) } },
    routes: { root },
    assets: { routes: { root: { id: "root", path: "", module: "", hasAction: true, hasLoader: true } }, entry: { imports: [], module: "" }, url: "", version: "1" },
    future: {},
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}

function post(url: string, headers: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams({ a: "1" }), headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });
}

describe("Remix's request handler with the app's origin check", () => {
  afterEach(() => {
    runtime.throwIfPotentialCSRFAttack = original;
  });

  it("reproduces the 500 with Remix's own check, and answers 403 once it is replaced", async () => {
    const handler = createRequestHandler(build(), "production");
    const attack = () => post("http://localhost:3000/", { Host: "localhost:3000", Origin: "https://evil.example" });
    expect((await handler(attack())).status).toBe(500);
    expect(replaceRemixOriginCheck()).toBe(true);
    const response = await handler(attack());
    expect(response.status).toBe(403);
  });

  it("data requests (?_data) get 403 too", async () => {
    replaceRemixOriginCheck();
    const handler = createRequestHandler(build(), "production");
    const response = await handler(post("http://localhost:3000/?_data=root", { Host: "localhost:3000", Origin: "https://evil.example" }));
    expect(response.status).toBe(403);
  });

  it("a same-site post behind a proxy that rewrites Host is accepted (it was a 500)", async () => {
    const handler = createRequestHandler(build(), "production");
    const proxied = () => post("http://127.0.0.1:8080/", { Host: "127.0.0.1:8080", Origin: "http://localhost:3000" });
    expect((await handler(proxied())).status).toBe(500);
    replaceRemixOriginCheck();
    expect((await handler(proxied())).status).toBe(200);
  });
});

describe("isSameOrigin", () => {
  beforeAll(() => resetEnvironment());

  it("refuses a cross-site Referer when Origin is absent (finding 7)", () => {
    expect(isSameOrigin(post("http://localhost:3000/cont", { Referer: "https://evil.example/page" }))).toBe(false);
    expect(isSameOrigin(post("http://localhost:3000/cont", { Referer: "not a url" }))).toBe(false);
    expect(isSameOrigin(post("http://localhost:3000/cont", { Referer: "http://localhost:3000/cont" }))).toBe(true);
    // Neither header: a server-to-server caller (payment notification).
    expect(isSameOrigin(post("http://localhost:3000/cont", {}))).toBe(true);
  });

  it("ignores X-Forwarded-Host unless TRUST_FORWARDED_HOST is set (finding 8)", () => {
    const request = () => post("http://localhost:3000/cont", { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(isSameOrigin(request())).toBe(false);
    process.env.TRUST_FORWARDED_HOST = "1";
    resetEnvironment();
    try {
      expect(isSameOrigin(request())).toBe(true);
      expect(isSameOrigin(post("http://localhost:3000/cont", { Origin: "https://www.example.ro", "X-Forwarded-Host": "www.example.ro" }))).toBe(true);
    } finally {
      delete process.env.TRUST_FORWARDED_HOST;
      resetEnvironment();
    }
  });
});
