/**
 * The HTTP server's app (scripts/http-app.mjs) over Remix's public Express adapter, on a one-route
 * build: cross-site posts answer the app's 403 (Remix's own check would give a bare 500) for
 * document and data requests; a proxy that rewrites Host works; a cross-site Referer without
 * Origin is refused; X-Forwarded-Host counts only when TRUST_FORWARDED_HOST is set; `?_data=` is
 * dropped before Remix; a database outage answers 503 (a page with the form's fields, a resource
 * route with Retry-After).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertSameOrigin, isSameOrigin } from "~/services/origin.server";
import { serverHost } from "~/server-host.server";
import { recordRequestError, unavailableDocument } from "~/services/unavailable.server";
import { resetEnvironment } from "~/test-support.server";
import { createHttpApp } from "../../scripts/http-app.mjs";

const outage = () => Object.assign(new Error("the database went away"), { code: "57P01" });

/** A root page whose action checks the origin the way every route of the site does, and a resource route. */
function build(): ServerBuild {
  const root = {
    id: "root",
    path: "",
    module: {
      default: () => null,
      action: async ({ request }: { request: Request }) => {
        assertSameOrigin(request);
        const form = await request.formData();
        if (form.get("fail") === "database") throw outage();
        return null;
      },
      loader: () => null,
    },
  };
  const resource = { id: "routes/stare", path: "stare", parentId: "root", module: { loader: () => Promise.reject(outage()) } };
  const entry = {
    default: (request: Request, status: number, headers: Headers, _context: unknown, loadContext: AppLoadContext) =>
      loadContext.requestState?.databaseUnavailable
        ? unavailableDocument(request, loadContext.requestState, headers)
        : new Response(`<!doctype html>pagina ${new URL(request.url).search}`, { status, headers: { "Content-Type": "text/html" } }),
    handleError: (error: unknown, { context }: { context: AppLoadContext }) => recordRequestError(context, error),
    serverHost,
  };
  return {
    mode: "production",
    entry: { module: entry },
    routes: { root, [resource.id]: resource },
    assets: {
      routes: {
        root: { id: "root", path: "", module: "", hasAction: true, hasLoader: true },
        [resource.id]: { id: resource.id, path: "stare", parentId: "root", module: "", hasLoader: true },
      },
      entry: { imports: [], module: "" },
      url: "",
      version: "1",
    },
    future: { v3_singleFetch: true },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}

let server: http.Server;
let port = 0;

function send(path: string, headers: Record<string, string>, body = "a=1", method = "POST") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(method === "GET" ? undefined : body);
  });
}

describe("the HTTP server's origin check before Remix's", () => {
  beforeAll(async () => {
    resetEnvironment();
    server = createHttpApp(build(), { accessLog: false }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("Remix's own check alone answers a cross-site post with a bare 500 (why the app decides first)", async () => {
    const handler = createRequestHandler(build(), "production");
    const attack = new Request("http://localhost:3000/", { method: "POST", body: "a=1", headers: { Host: "localhost:3000", Origin: "https://evil.example" } });
    expect((await handler(attack, serverHost.createLoadContext({}))).status).toBe(500);
  });

  it("a cross-site post gets the app's 403 page: documents, single-fetch data and old ?_data requests", async () => {
    for (const path of ["/", "/_root.data", "/?_data=root"]) {
      const response = await send(path, { Host: "localhost:3000", Origin: "https://evil.example" });
      expect(response.status, path).toBe(403);
      expect(response.text, path).toContain("formularul nu provine de pe acest site");
    }
    expect((await send("/", { Host: "localhost:3000", Origin: "null" })).status).toBe(403);
  });

  it("a same-site post is accepted, also behind a proxy that rewrites Host (Remix alone: 500)", async () => {
    expect((await send("/", { Host: "localhost:3000", Origin: "http://localhost:3000" })).status).toBe(200);
    // PUBLIC_URL is http://localhost:3000 in the tests; the proxy sent Host 127.0.0.1:8080.
    const proxied = await send("/", { Host: "127.0.0.1:8080", Origin: "http://localhost:3000" });
    expect(proxied.status).toBe(200);
    expect(proxied.text).toContain("pagina");
  });

  it("drops ?_data= before Remix: the page answers, other parameters stay", async () => {
    const page = await send("/?_data=root&pagina=2", {}, "", "GET");
    expect(page.status).toBe(200);
    expect(page.text).toBe("<!doctype html>pagina ?pagina=2");
  });

  it("a database outage: the page answers 503 with the typed fields to send again, a resource route 503 + Retry-After", async () => {
    const post = await send("/", { Host: "localhost:3000", Origin: "http://localhost:3000" }, "email=cineva%40example.ro&password=secret-123&fail=database");
    expect(post.status).toBe(503);
    expect(post.headers["retry-after"]).toBe("5");
    expect(post.text).toContain('value="cineva@example.ro"');
    expect(post.text).not.toContain("secret-123");
    const resource = await send("/stare", {}, "", "GET");
    expect(resource.status).toBe(503);
    expect(resource.headers["retry-after"]).toBe("5");
    expect(resource.headers["cache-control"]).toBe("no-store");
  });
});

describe("isSameOrigin", () => {
  beforeAll(() => resetEnvironment());

  function post(url: string, headers: Record<string, string>) {
    return new Request(url, { method: "POST", body: new URLSearchParams({ a: "1" }), headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });
  }

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
