/**
 * Guest answers (issue 31, app/services/guest-answers.server.ts): through the HTTP server's own
 * app (scripts/http-app.mjs) over the app's real routes and entry, a guest page answered from the
 * page cache is answered again for the same request, for at most a second, before Remix runs:
 * with a fresh nonce in the page and in its Content-Security-Policy, the same status and headers.
 * Another cookie is another answer, a session cookie never gets one, and a catalogue write is
 * what the very next request shows.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabaseHandle } from "../../db/client";
import { saveProduct } from "~/models/product.server";
import { consentSetCookie } from "~/services/consent.server";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { clearGuestAnswers, GUEST_ANSWER_MAX_AGE_MS, guestAnswerStats } from "~/services/guest-answers.server";
import { clearPages, guestPageStats } from "~/services/html-cache.server";
import { createHttpApp } from "../../scripts/http-app.mjs";
import { cookieFor, createProduct, createUser } from "../helpers/factories";
import { remixBuild } from "../helpers/remix-app";

let server: http.Server;
let base: string;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  product = await createProduct({ title: "Ojă răspuns rapid" });
  await startCatalogueCache(getDatabaseHandle()!);
  const app = createHttpApp(await remixBuild(), { accessLog: false });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
  clearGuestAnswers();
  clearPages();
});

async function page(path: string, cookie?: string) {
  const response = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {} });
  const body = await response.text();
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return { response, body, nonce };
}

const served = () => guestAnswerStats().served;

/** A page rendered by Remix now, with no answer remembered before it (it is remembered for the next request). */
async function rendered(path: string, cookie?: string) {
  clearGuestAnswers();
  clearPages();
  return page(path, cookie);
}

describe("a guest page answered again before Remix runs", () => {
  it("carries a fresh nonce in the page and its policy, and the same status, headers and text", async () => {
    const first = await rendered("/produse");
    const before = served();
    const second = await page("/produse");
    expect(served()).toBe(before + 1);
    expect(second.response.status).toBe(200);
    expect(second.body).toContain("Ojă răspuns rapid");
    expect(second.nonce).not.toBe("");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
    expect(second.body.replaceAll(second.nonce, "N")).toBe(first.body.replaceAll(first.nonce, "N"));
    for (const name of ["Content-Type", "Cache-Control", "X-Frame-Options", "Referrer-Policy"]) {
      expect(second.response.headers.get(name)).toBe(first.response.headers.get(name));
    }
    expect(second.response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(second.response.headers.get("Set-Cookie")).toBeNull();
  });

  it("is kept for at most GUEST_ANSWER_MAX_AGE_MS", async () => {
    await rendered("/produse");
    const before = served();
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + GUEST_ANSWER_MAX_AGE_MS + 1);
    try {
      const late = await page("/produse");
      expect(late.response.status).toBe(200);
      expect(served()).toBe(before);
    } finally {
      clock.mockRestore();
    }
  });

  it("is per cookie: a visitor who chose cookies never gets the banner answered to one who did not", async () => {
    await rendered("/produse");
    const banner = (body: string) => body.includes('id="cookie-banner-title"');
    expect(banner((await page("/produse")).body)).toBe(true);
    const chose = (await consentSetCookie({ analytics: false, marketing: false })).split(";")[0];
    const before = served();
    const chosen = await page("/produse", chose);
    expect(banner(chosen.body)).toBe(false);
    expect(served()).toBe(before);
  });

  it("is never given to a request with a session cookie", async () => {
    const cookie = await cookieFor((await createUser({ name: "Ana Răspuns" })).id);
    await rendered("/produse", cookie);
    const before = served();
    const third = await page("/produse", cookie);
    expect(third.body).toContain("Ana");
    expect(served()).toBe(before);
    expect(third.response.headers.get("Cache-Control")).toMatch(/private/);
  });

  it("is never given for a page marked private: the login page runs its loader every time", async () => {
    const first = await rendered("/autentificare");
    expect(first.response.headers.get("Cache-Control")).toBe("private, no-store");
    // Its render is kept (so it carries its critical CSS, html-cache.server.ts)…
    expect(guestPageStats().pages).toBe(1);
    const before = served();
    const second = await page("/autentificare");
    // …but the request goes through Remix: no answer before it.
    expect(served()).toBe(before);
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(second.body.replaceAll(second.nonce, "N")).toBe(first.body.replaceAll(first.nonce, "N"));
  });

  it("never outlives a catalogue write: the next request shows it", async () => {
    await rendered(`/produse/produs/${product.id}`);
    await saveProduct(product.id, {
      title: "Ojă răspuns nou",
      subtitle: "",
      description: "Descriere",
      priceBani: 2590,
      price2Bani: null,
      imageKey: null,
      stock: null,
      isPublished: true,
    });
    const after = await page(`/produse/produs/${product.id}`);
    expect(after.body).toContain("Ojă răspuns nou");
    expect(after.body).not.toContain("Ojă răspuns rapid");
  });
});
