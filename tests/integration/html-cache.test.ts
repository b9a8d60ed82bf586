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
import { cachedPage, clearPages, guestPageKey, guestPageStats, personalPageKey, personalPageStats, renderPage } from "~/services/html-cache.server";
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

beforeEach(() => clearPages());

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

  it("a guest page marked private, no-store (login, register) is kept by its data like any other", () => {
    const key = guestPageKey(new Request(URL_), 200, new Headers({ "Cache-Control": "private, no-store" }), context({ root: guestRoot, page }));
    expect(key).not.toBeNull();
    expect(key).toBe(guestPageKey(new Request(URL_), 200, headers(), context({ root: guestRoot, page })));
  });

  it("never a page with a user, a toast, an action result, an error, a cookie set, or not a 200 GET", () => {
    const ok = (h = headers()) => [new Request(URL_), 200, h] as const;
    expect(guestPageKey(...ok(), context({ root: { ...guestRoot, user: { name: "Ana", role: "user" } }, page }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: { ...guestRoot, toast: { message: "Salvat" } }, page }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: guestRoot, page }, { actionData: { page: { error: "x" } } }))).toBeNull();
    expect(guestPageKey(...ok(), context({ root: guestRoot, page }, { errors: { page: new Error("x") } }))).toBeNull();
    const withCookie = headers();
    withCookie.append("Set-Cookie", "toast=; Max-Age=0");
    expect(guestPageKey(...ok(withCookie), context({ root: guestRoot, page }))).toBeNull();
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

describe("a logged-in user's pages (issue 31)", () => {
  const privateHeaders = () => new Headers({ "Cache-Control": "private, no-store" });
  const ana = { ...guestRoot, user: { name: "Ana", role: "user" }, cartCount: 1 };
  const account = { orders: [{ reference: "AN-1", totalBani: 90_000 }] };

  it("have a key of their own, made of all their loader data: other data, another key", () => {
    const key = personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: account }));
    expect(key).not.toBeNull();
    expect(guestPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: account }))).toBeNull();
    // Another user, one more cart line, one more order: each is another page.
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: { ...ana, user: { name: "Ioana", role: "user" } }, page: account }))).not.toBe(key);
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: { ...ana, cartCount: 2 }, page: account }))).not.toBe(key);
    const more = { orders: [...account.orders, { reference: "AN-2", totalBani: 5_000 }] };
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: more }))).not.toBe(key);
  });

  it("are never kept with a toast, an action result, an error, a cookie set, or not a 200 GET; a guest's page is not one", () => {
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: { ...ana, toast: { message: "Salvat" } }, page: account }))).toBeNull();
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: account }, { actionData: { page: { ok: true } } }))).toBeNull();
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: account }, { errors: { page: new Error("x") } }))).toBeNull();
    const withCookie = privateHeaders();
    withCookie.append("Set-Cookie", "__session=abc; Max-Age=2592000");
    expect(personalPageKey(new Request(URL_), 200, withCookie, context({ root: ana, page: account }))).toBeNull();
    expect(personalPageKey(new Request(URL_), 404, privateHeaders(), context({ root: ana, page: account }))).toBeNull();
    expect(personalPageKey(new Request(URL_, { method: "POST", body: "a=1" }), 200, privateHeaders(), context({ root: ana, page: account }))).toBeNull();
    expect(personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: guestRoot, page }))).toBeNull();
  });

  it("are stored apart from the guests' pages", async () => {
    const key = personalPageKey(new Request(URL_), 200, privateHeaders(), context({ root: ana, page: account }))!;
    await renderPage(key, createElement("html", null, createElement("body", null, "Comanda AN-1")), "nonce-one");
    expect(cachedPage(key, "nonce-two")).toContain("Comanda AN-1");
    expect(personalPageStats()).toMatchObject({ pages: 1, hits: 1 });
    expect(guestPageStats()).toMatchObject({ pages: 0, hits: 0 });
  });
});

describe("stored pages", () => {
  const element = (nonce: string) =>
    createElement("html", null, createElement("body", null, createElement("p", null, "Cursuri"), createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "1" } })));

  it("are rendered once, then served with a fresh nonce each time", async () => {
    const key = guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))!;
    expect(cachedPage(key, "n1")).toBeNull();
    const first = await renderPage(key, element("nonce-one"), "nonce-one");
    expect(first).toContain('nonce="nonce-one"');
    const second = cachedPage(key, "nonce-two");
    expect(second).toContain('nonce="nonce-two"');
    expect(second).not.toContain("nonce-one");
    expect(second!.replace("nonce-two", "nonce-one")).toBe(first);
    expect(guestPageStats().hits).toBe(1);
  });

  it("are dropped when an admin changes the catalogue", async () => {
    const cache = processCatalogueCache()!;
    const key = guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))!;
    await renderPage(key, element("n"), "n");
    expect(cachedPage(key, "m")).not.toBeNull();
    const version = cache.version;
    await saveTermsPage("termeni", [{ title: "T", description: "D" }], (await createUser({ role: "admin" })).id);
    const until = Date.now() + 2_000;
    while (cache.version === version && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(cachedPage(key, "m")).toBeNull();
    expect(guestPageKey(new Request(URL_), 200, new Headers(), context({ root: guestRoot, page }))).not.toBe(key);
  });
});
