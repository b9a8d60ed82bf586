/**
 * patches/@remix-run+server-runtime+2.17.5.patch (applied by patch-package at `npm ci`, ADR 0017):
 * Remix hands every loader and action a copy of the request without `?index=` (empty), `?_routes=`
 * or `?_data=`, and made that copy, a new Request with its own AbortController, headers and a
 * WeakRef, even when there was nothing to strip. Patched, an address that does not change keeps
 * its request; one that does is copied exactly as before.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The copy @remix-run/node (the server) loads, in both of its builds.
const fromNode = createRequire(createRequire(import.meta.url).resolve("@remix-run/node"));
const dataFile = fromNode.resolve("@remix-run/server-runtime/dist/data.js");
const { callRouteLoader, callRouteAction } = fromNode(dataFile) as {
  callRouteLoader: (args: Record<string, unknown>) => Promise<unknown>;
  callRouteAction: (args: Record<string, unknown>) => Promise<unknown>;
};

/** The request a loader (or action) receives for `request`. */
async function seenBy(call: typeof callRouteLoader, request: Request, singleFetch = true): Promise<Request> {
  let seen: Request | undefined;
  await call({
    loadContext: {},
    params: {},
    request,
    routeId: "routes/test",
    singleFetch,
    loader: ({ request: r }: { request: Request }) => ((seen = r), null),
    action: ({ request: r }: { request: Request }) => ((seen = r), null),
  });
  return seen!;
}

describe("a loader's request (patches/@remix-run+server-runtime+2.17.5.patch)", () => {
  it("both builds of the runtime carry the patch", () => {
    for (const file of [dataFile, dataFile.replace(/dist[\\/]data\.js$/, "dist/esm/data.js")]) {
      expect(fs.readFileSync(file, "utf8").match(/academy: an address that did not change keeps its request/g)).toHaveLength(3);
    }
  });

  it("is the request itself when there is nothing to strip", async () => {
    for (const url of ["http://localhost/cont", "http://localhost/cursuri?pagina=2", "http://localhost/cauta?q=unghii+gel&index=x"]) {
      const request = new Request(url, { headers: { Cookie: "__session=abc" } });
      expect(await seenBy(callRouteLoader, request)).toBe(request);
      expect(await seenBy(callRouteLoader, request, false)).toBe(request);
    }
  });

  it("is a copy without the parameter when there is one, as before the patch", async () => {
    const controller = new AbortController();
    const cases: [string, boolean, string][] = [
      ["http://localhost/cursuri?index&pagina=2", true, "http://localhost/cursuri?pagina=2"],
      ["http://localhost/cursuri.data?_routes=routes%2Fcursuri", true, "http://localhost/cursuri.data"],
      ["http://localhost/cursuri?_data=routes%2Fcursuri&pagina=2", false, "http://localhost/cursuri?pagina=2"],
      // URLSearchParams writes a space as "+": the address changes, so it is a copy, as before.
      ["http://localhost/cauta?q=unghii%20gel", true, "http://localhost/cauta?q=unghii+gel"],
    ];
    for (const [url, singleFetch, expected] of cases) {
      const request = new Request(url, { headers: { Cookie: "__session=abc" }, signal: controller.signal });
      const seen = await seenBy(callRouteLoader, request, singleFetch);
      expect(seen).not.toBe(request);
      expect(seen.url).toBe(expected);
      expect(seen.headers.get("cookie")).toBe("__session=abc");
    }
    const request = new Request("http://localhost/cursuri?index", { signal: controller.signal });
    const seen = await seenBy(callRouteLoader, request);
    controller.abort();
    expect(seen.signal.aborted).toBe(true);
  });

  it("an action reads the body it was sent, copied or not", async () => {
    for (const url of ["http://localhost/cart", "http://localhost/cart?index"]) {
      const request = new Request(url, { method: "POST", body: new URLSearchParams({ intent: "add", id: "7" }) });
      const seen = await seenBy(callRouteAction, request);
      expect(seen.url).toBe("http://localhost/cart");
      expect(Object.fromEntries(await seen.formData())).toEqual({ intent: "add", id: "7" });
    }
  });
});
