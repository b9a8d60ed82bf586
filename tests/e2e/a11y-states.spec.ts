/**
 * axe (WCAG 2.0/2.1/2.2 A and AA rules, every impact) on the main pages in the states people
 * meet them: at 390 px and 1280 px, first with the cookie banner shown, then after dismissing
 * it from the banner itself — including a logged-in /cont with orders, /cart with items, the
 * lesson player and the admin dashboard.
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { enroll, expect, hook, loginAs, test } from "./fixtures";
import { axeViolations } from "./axe";
import { COURSES, PRODUCTS } from "./catalogue-helpers";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

async function violations(page: Page) {
  return axeViolations(page, WCAG_AA);
}

type Setup = (context: BrowserContext, request: APIRequestContext) => Promise<string>;

const guest = (path: string): Setup => async () => path;

const pages: Array<[string, Setup]> = [
  ["home", guest("/")],
  ["physical courses", guest("/cursuri")],
  ["physical course detail", guest(`/cursuri/curs/${COURSES.basic.id}`)],
  ["online courses", guest("/cursuri-online")],
  ["online course detail", guest(`/cursuri-online/curs/${COURSES.semipermanent.id}`)],
  ["products", guest("/produse")],
  ["product detail", guest(`/produse/produs/${PRODUCTS.kit.id}`)],
  ["login", guest("/autentificare")],
  [
    "/cont with orders",
    async (context, request) => {
      const { email } = await loginAs(context, request, { name: "Elena Marin", address: ADDRESS });
      await hook(request, "addToCart", { email, items: [{ title: COURSES.semipermanent.title }, { title: COURSES.basic.title }] });
      await hook(request, "placeTransferOrder", { email });
      await enroll(request, { email, courseTitle: COURSES.hygiene.title });
      return "/cont";
    },
  ],
  [
    "/cart with items",
    async (context, request) => {
      const { email } = await loginAs(context, request, { address: ADDRESS });
      await hook(request, "addToCart", { email, items: [{ title: COURSES.basic.title }, { title: COURSES.nailArt.title }, { title: PRODUCTS.oil.title }], pickup: true });
      return "/cart";
    },
  ],
  [
    "the lesson player",
    async (context, request) => {
      const { email } = await loginAs(context, request);
      const { courseId } = await enroll(request, { email, courseTitle: COURSES.hygiene.title });
      return `/cursuri-online/curs/${courseId}/lectie`;
    },
  ],
  [
    "the admin dashboard",
    async (context, request) => {
      const email = `${Date.now().toString(36)}-axe@example.com`;
      await hook(request, "user", { email, name: "Cursantă Transfer", address: ADDRESS });
      await hook(request, "addToCart", { email, items: [{ title: COURSES.pedicure.title }] });
      await hook(request, "placeTransferOrder", { email });
      await loginAs(context, request, { role: "admin", name: "Ana Admin" });
      return "/admin";
    },
  ],
];

// Both projects: with JavaScript off axe is evaluated into the page all the same (./axe.ts).

for (const width of [390, 1280]) {
  for (const [name, setup] of pages) {
    test(`axe at ${width} px: ${name}, cookie banner shown then dismissed`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const path = await setup(context, request);
      // The fixture saved a cookie choice: forget it, so the banner shows as on a first visit.
      await context.clearCookies({ name: "cookie_consent" });
      await page.goto(path);
      const banner = page.getByRole("region", { name: "Folosim cookie-uri" });
      await expect(banner).toBeVisible();
      expect(await violations(page), "with the cookie banner").toEqual([]);

      await banner.getByRole("button", { name: "Doar cele necesare" }).click();
      await expect(banner).toHaveCount(0);
      await page.waitForLoadState("load");
      expect(await violations(page), "after the banner is dismissed").toEqual([]);
    });
  }
}

/** The overlays and error states of issue 20's student journeys, at both widths. */
for (const width of [390, 1280]) {
  test(`axe at ${width} px: the cart's error state and the bank-transfer dialog`, async ({ page, context, request }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const { email } = await loginAs(context, request, { address: ADDRESS });
    await hook(request, "addToCart", { email, items: [{ title: COURSES.semipermanent.title }] });
    await page.goto("/cart");
    const order = page.getByRole("button", { name: "Comandă cu obligație de plată" });
    await order.click();
    await expect(page.getByText("Trebuie să accepți Termenii și condițiile și Politica de înscriere.")).toBeVisible();
    expect(await violations(page), "checkout errors shown").toEqual([]);

    await page.getByLabel(/Am citit și accept/).check();
    await page.getByLabel(/Sunt de acord ca accesul/).check();
    await page.getByLabel(/Am luat la cunoștință/).check();
    await order.click();
    await expect(page.getByRole("dialog", { name: "Plată prin transfer bancar" })).toBeVisible();
    expect(await violations(page), "transfer dialog open").toEqual([]);
  });
}

test("axe at 390 px: the mobile menu open, with and without the cookie banner", async ({ page, context, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(context, request);
  await context.clearCookies({ name: "cookie_consent" });
  await page.goto("/cart");
  await page.getByLabel("Meniu", { exact: true }).click();
  await expect(page.locator("details.mobile-nav")).toHaveAttribute("open", "");
  expect(await violations(page), "menu open, banner shown").toEqual([]);
  // Closed by its own button, which works with and without JavaScript (Escape is keyboard.spec's).
  await page.getByLabel("Meniu", { exact: true }).click();
  await expect(page.locator("details.mobile-nav")).not.toHaveAttribute("open", "");
  await page.getByRole("button", { name: "Doar cele necesare" }).click();
  await expect(page.getByRole("region", { name: "Folosim cookie-uri" })).toHaveCount(0);
  await page.getByLabel("Meniu", { exact: true }).click();
  await expect(page.locator("details.mobile-nav")).toHaveAttribute("open", "");
  expect(await violations(page), "menu open, banner dismissed").toEqual([]);
});

test("axe at 1280 px: the cookie settings open", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await context.clearCookies({ name: "cookie_consent" });
  await page.goto("/cursuri");
  await page.getByText("Personalizează").click();
  await expect(page.locator("details.cookie-banner__settings")).toHaveAttribute("open", "");
  expect(await violations(page)).toEqual([]);
});
