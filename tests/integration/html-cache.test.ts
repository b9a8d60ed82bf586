/**
 * The guest page cache (issue 18): which responses may be shared between visitors, the CSP nonce
 * replaced on every response, and the pages dropped with each catalogue version.
 */
import type { EntryContext } from "@remix-run/node";
import { createElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDatabaseHandle } from "../../db/client";
import { saveTermsPage } from "~/models/terms.server";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { cachedGuestPage, clearGuestPages, guestPageKey, guestPageStats, renderGuestPage } from "~/services/html-cache.server";
import { createUser } from "../helpers/factories";

const URL_ = "http://localhost:3000/cursuri";

function context(loaderData: Record<string, unknown>, extra: { actionData?: unknown; errors?: unknown } = {}) {
  return {
    staticHandlerContext: { loaderData, actionData: extra.actionData ?? null, errors: extra.errors ?? null },
  } as unknown as EntryContext;
}

const guestRoot = { user: null, toast: null, consent: null, cartCount: 0 };
const page = { courses: [{ id: 1, title: "Curs" }] };

beforeAll(async () => {
  await startCatalogueCache(getDatabaseHandle()!);
});

afterAll(async () => {
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

beforeEach(() => clearGuestPages());

describe("which pages are shared", () => {
  const headers = () => new Headers({ "Cache-Control": "public, max-age=0, s-maxage=60" });

  it("a guest's GET answered 200 has a key; the same data gives the same key, other data another", () => {
    const key = guestPageKey(new Request(URL_), 200, headers(), context({ root: guestRoot, page }));
    expect(key).not.toBeNull();
    expect(guestPageKey(new Request(URL_), 200, headers(), context({ root: guestRoot, page }))).toBe(key);
    const consented = guestPageKey(new Request(URL_), 200, headers(), context({ root: { ...guestRoot, consent: "all" }, page }));
    expect(consented).not.toBe(key);
    expect(guestPageKey(new Request(`${URL_}?pagina=2`), 200, headers(), context({ root: guestRoot, page }))).not.toBe(key);
  });

  it("never a page with a user, a toast, an action result, an error, a cookie set, no-store, or not a 200 GET", () => {
    const ok = (h = headers()) => [new Request(URL_), 200, h] as const;
    expect(guestPageKey(...ok(), context({ root: { ...guestRoot, user: { name: "Ana", role: "user" } }, page }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: { ...guestRoot, toast: { message: "Salvat" } }, page }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: guestRoot, page }, { actionData: { page: { error: "x" } } }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: guestRoot, page }, { errors: { page: new Error("x") } }))).toBeNull();
    const withCookie = headers();
    withCookie.append("Set-Cookie", "toast=; Max-Age=0");
    expect(guestPageKey(...ok(withCookie), context({ root: guestRoot, page }))).toBeNull();
    expect(guestPageKey(...ok(new Headers({ "Cache-Control": "private, no-store" })), context({ root: guestRoot, page }))).toBeNull();
    expect(guestPageKey(new Request(URL_), 404, headers(), context({ root: guestRoot, page }))).toBeNull();
    expect(guestPageKey(new Request(URL_, { method: "POST", body: "a=1" }), 200, headers(), context({ root: guestRoot, page }))).toBeNull();
  });

  it("nothing is shared while the catalogue cache is off", () => {
    const cache = processCatalogueCache();
    setProcessCatalogueCache(undefined);
    try {
      expect(guestPageKey(new Request(URL_), 200, headers(), context({ root: guestRoot, page }))).toBeNull();
    } finally {
      setProcessCatalogueCache(cache);
    }
  });
});

describe("stored pages", () => {
  const element = (nonce: string) =>
    createElement("html", null, createElement("body", null, createElement("p", null, "Cursuri"), createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "1" } })));

  it("are rendered once, then served with a fresh nonce each time", async () => {
    const key = guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))!;
    expect(cachedGuestPage(key, "n1")).toBeNull();
    const first = await renderGuestPage(key, element("nonce-one"), "nonce-one");
    expect(first).toContain('nonce="nonce-one"');
    const second = cachedGuestPage(key, "nonce-two");
    expect(second).toContain('nonce="nonce-two"');
    expect(second).not.toContain("nonce-one");
    expect(second!.replace("nonce-two", "nonce-one")).toBe(first);
    expect(guestPageStats().hits).toBe(1);
  });

  it("are dropped when an admin changes the catalogue", async () => {
    const cache = processCatalogueCache()!;
    const key = guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))!;
    await renderGuestPage(key, element("n"), "n");
    expect(cachedGuestPage(key, "m")).not.toBeNull();
    const version = cache.version;
    await saveTermsPage("termeni", [{ title: "T", description: "D" }], (await createUser({ role: "admin" })).id);
    const until = Date.now() + 2_000;
    while (cache.version === version && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(cachedGuestPage(key, "m")).toBeNull();
    expect(guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))).not.toBe(key);
  });
});
