/**
 * The cart used before and while its scripts start (issue 32 item 2). /cart shows its HTML first
 * and starts its scripts after the first paint or at the first interaction (route-handle.ts
 * "after-paint"); a student on a slow phone ticks the boxes and taps "Comandă" before or while
 * they start. Here the CPU is slowed down six times and the scripts are held until the test lets
 * them through: every tap must still lead to the transfer step and the order.
 */
import type { Page } from "@playwright/test";
import { COURSES } from "./catalogue-helpers";
import { expect, hook, loginAs, test } from "./fixtures";
import { slowPhone } from "./slow-phone";

const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "about the moments before and while the scripts start");

async function studentWithCart(page: Page, request: Parameters<typeof hook>[0]) {
  const student = await loginAs(page.context(), request, { name: "Elena Marin", address: ADDRESS });
  await hook(request, "addToCart", { email: student.email, items: [{ title: COURSES.advanced.title }] });
  return student;
}

async function finishTransfer(page: Page, student: { email: string }) {
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toContainText("1.500,00 RON");
  const reference = (await dialog.getByText(/^CMD-/).innerText()).trim();
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);
  await expect(page.getByText("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.")).toBeVisible();
  await expect(page.locator("#facturi")).toContainText(reference);
  const { orders } = await hook<{ orders: Array<{ status: string; totalBani: number }> }>(page.request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "awaiting_transfer", totalBani: 150000 })]);
}

test("before the scripts arrive: the terms box and “Comandă” lead to the transfer step, and the order is placed", async ({ page, request }) => {
  const student = await studentWithCart(page, request);
  const phone = await slowPhone(page);
  await page.goto("/cart");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.getByLabel(/Am citit și accept/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  // The scripts were asked for (after the paint or at the tap) and are still held: a plain post.
  expect(phone.asked.length).toBeGreaterThan(0);
  await expect(page.getByRole("dialog", { name: "Plată prin transfer bancar" })).toBeVisible();
  phone.release();
  await finishTransfer(page, student);
});

test("while the scripts start: a tap on “Comandă” leads to the transfer step, and the order is placed", async ({ page, request }) => {
  const student = await studentWithCart(page, request);
  const phone = await slowPhone(page);
  await page.goto("/cart");
  await page.getByLabel(/Am citit și accept/).check();
  phone.release();
  // Tapped while the scripts load and start on the slow CPU.
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await finishTransfer(page, student);
});
