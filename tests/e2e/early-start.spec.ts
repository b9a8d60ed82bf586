/**
 * An in-person course already under way (within the 14-day withdrawal period): the cart asks
 * for the express request that it start, says which course and when, refuses the order without
 * it (js: next to the box before posting; no-js: from the server) and places it with it.
 */
import { expect, hook, loginAs, test } from "./fixtures";

test("the early-start request is asked for, required, and the order goes through with it", async ({ page, context, request }, testInfo) => {
  const { title } = await hook<{ title: string }>(request, "courseUnderWay", { title: `Curs în desfășurare (${testInfo.project.name})` });
  const { email } = await loginAs(context, request, { name: "Elena Grăbită", address: "Str. Ștefan cel Mare 5, Constanța" });
  await hook(request, "addToCart", { email, items: [{ title }] });

  await page.goto("/cart");
  const box = page.getByLabel(/Solicit expres ca cursul fizic să înceapă înainte de expirarea termenului de retragere/);
  await expect(box).not.toBeChecked();
  await expect(page.getByText(new RegExp(`Data de început cade în termenul de retragere de 14 zile: ${title.replace(/[()]/g, "\\$&")} \\(\\d{2}/\\d{2}/\\d{4}\\)`))).toBeVisible();

  await page.getByLabel(/Am citit și accept/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await expect(page.getByText("Cursul începe în termenul de retragere de 14 zile: confirmă că soliciți începerea lui înainte de expirarea termenului.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Am efectuat transferul" })).toHaveCount(0);

  await page.getByLabel(/Am citit și accept/).check();
  await box.check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await page.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);
  const { orders } = await hook<{ orders: Array<{ earlyStartRequestedAt: string | null }> }>(request, "ordersOf", { email });
  expect(orders[0].earlyStartRequestedAt).not.toBeNull();
});
