/**
 * A keyboard-only buyer (issue 20, "Done when"): from a course page to the placed order using
 * only Tab / Shift+Tab / Space / Enter / arrow keys — choose a period, add to the cart, open the
 * cart from the header, tick the required box, order by bank transfer and confirm the transfer
 * in the dialog. Every step waits for the page's state (focus, checked, URL, text), never time.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, hook, loginAs, test } from "./fixtures";
import { COURSES } from "./catalogue-helpers";

const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
const holdsFocus = (target: Locator) => target.evaluate((element) => element.contains(document.activeElement));

/** Presses `key` (Tab or Shift+Tab) until `target` (or, `within`, something in it) has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 80, within = false) {
  await target.waitFor({ state: "attached" });
  for (let presses = 0; presses < max; presses++) {
    if (await (within ? holdsFocus(target) : isFocused(target))) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} × ${key} did not reach ${target}`);
}

test("a keyboard-only buyer orders a course by bank transfer", async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "keyboard journey with JavaScript (focus handling of the dialog)");
  test.setTimeout(90_000);
  const student = await loginAs(context, request, { name: "Ana Tastatură", address: ADDRESS });

  await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
  await expect(page.getByRole("heading", { level: 1, name: COURSES.basic.title })).toBeVisible();

  // The period: Tab into the radio group (onto its first radio, or the one already chosen),
  // Space picks the focused one, the arrow keys move the choice to "10 zile".
  const periods = page.getByRole("radiogroup", { name: "Alege perioada" });
  const ten = periods.getByRole("radio", { name: /^10 zile/ });
  await tabTo(page, periods, "Tab", 80, true);
  await page.keyboard.press("Space");
  await expect(periods.locator("input:checked")).toHaveCount(1);
  // The first key started the page's scripts; the live total follows the choice.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  for (let presses = 0; presses < 4 && !(await ten.isChecked()); presses++) await page.keyboard.press("ArrowDown");
  await expect(ten).toBeChecked();
  await expect(ten).toBeFocused();
  await expect(page.getByTestId("live-total").filter({ visible: true })).toHaveText("2.300,00 RON");

  const add = page.getByRole("button", { name: "Adaugă în coș" });
  await expect(add).toBeEnabled();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Curs adăugat în coș!" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // Back up to the header's cart link and open it.
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Coș/ });
  await tabTo(page, cartLink, "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Coșul Tău" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("region", { name: "Cursuri Fizice" })).toContainText("2.300,00 RON");

  // Bank transfer is the default; the arrow keys would change it, so it is only checked.
  const transfer = page.getByRole("radio", { name: /Transfer bancar/ });
  await tabTo(page, transfer);
  await expect(transfer).toBeChecked();
  const terms = page.getByRole("checkbox", { name: /Am citit și accept/ });
  await tabTo(page, terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();

  const order = page.getByRole("button", { name: "Comandă cu obligație de plată" });
  await tabTo(page, order);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Plată prin transfer bancar" })).toBeFocused();
  await expect(dialog).toContainText("2.300,00 RON");
  const reference = (await dialog.locator(".transfer__mono strong").innerText()).trim();

  const done = dialog.getByRole("button", { name: "Am efectuat transferul" });
  await tabTo(page, done, "Tab", 20);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/cont/);
  await expect(page.getByText("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.")).toBeVisible();
  await expect(page.locator("#facturi")).toContainText(reference);
  const { orders } = await hook<{ orders: Array<{ status: string; paymentMethod: string; totalBani: number; reference: string }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "awaiting_transfer", paymentMethod: "bank_transfer", totalBani: 230000, reference })]);
});
