/**
 * Cart and checkout journeys (cart issue and card-payments issue), with JavaScript on and off:
 * add from the detail pages, totals per group, remove, bank transfer with the admin's
 * confirmation, the free course, the checkout rules, and card payments through the simulator.
 */
import type { Page } from "@playwright/test";
import { fillBillingAddress } from "./account-helpers";
import { expect, hook, loginAs, test } from "./fixtures";

const BASIC = "Curs de bază – Tehnician manichiură";
const ONLINE = "Ojă semipermanentă de la zero";
const FREE = "Igiena și sterilizarea instrumentelor";
const PRODUCT = "Ulei pentru cuticule cu vitamina E";
const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

async function openCourse(page: Page, list: "/cursuri" | "/cursuri-online" | "/produse", title: string) {
  await page.goto(list);
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function acceptBoxes(page: Page, withDigital: boolean) {
  await page.getByLabel(/Am citit și accept/).check();
  if (withDigital) {
    await page.getByLabel(/Sunt de acord ca accesul/).check();
    await page.getByLabel(/Am luat la cunoștință/).check();
  }
}

test("a student buys by bank transfer and the admin confirms the payment", async ({ page, context, request, browser }) => {
  // Four pages, the cart, the transfer step and the admin's confirmation: about 40 s on a busy
  // CI machine, where 45 s cut it short in the middle of a step.
  test.setTimeout(90_000);
  const student = await loginAs(context, request, { name: "Elena Marin", address: ADDRESS });

  await openCourse(page, "/cursuri", BASIC);
  await page.getByLabel("5 zile").check();
  await page.getByLabel(/Diplomă acreditată/).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  await expect(page.getByText("Curs adăugat în coș!")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await openCourse(page, "/cursuri-online", ONLINE);
  await page.getByLabel(/Acces 90 de zile/).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  await expect(page.getByText("Curs online adăugat în coș!")).toBeVisible();

  await openCourse(page, "/produse", PRODUCT);
  await page.getByRole("button", { name: /Adaugă în coș/ }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Coșul Tău" })).toBeVisible();
  const physical = page.getByRole("region", { name: "Cursuri Fizice" });
  await expect(physical).toContainText("2.650,00 RON");
  await expect(physical).toContainText("cu acreditare");
  await expect(page.getByRole("region", { name: "Cursuri Online" })).toContainText("249,00 RON");
  await expect(page.getByRole("region", { name: "Produse" })).toContainText("24,90 RON");
  await expect(page.getByTestId("cart-total")).toHaveText("2.923,90 RON");

  await page.getByRole("button", { name: `Elimină ${PRODUCT} din coș` }).click();
  await expect(page.getByText("Cursul a fost eliminat din coș!")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("2.899,00 RON");

  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toContainText("RO49 AAAA 1B31 0075 9384 0000");
  await expect(dialog).toContainText("2.899,00 RON");
  const reference = (await dialog.getByText(/^CMD-/).innerText()).trim();
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();

  await expect(page).toHaveURL(/\/cont/);
  await expect(page.getByText("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.")).toBeVisible();
  const enrolments = page.getByTestId("enrollment");
  await expect(enrolments.filter({ hasText: BASIC })).toContainText("În așteptare");
  await expect(enrolments.filter({ hasText: ONLINE })).toContainText("În așteptare");
  await expect(page.locator("#facturi")).toContainText(reference);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // The admin confirms the transfer.
  const adminContext = await browser.newContext();
  await adminContext.addCookies(await context.cookies().then((all) => all.filter((c) => c.name === "cookie_consent")));
  await loginAs(adminContext, request, { role: "admin", name: "Ana Admin" });
  const admin = await adminContext.newPage();
  await admin.goto("/admin/comenzi");
  await admin.getByRole("link", { name: reference }).click();
  await admin.getByRole("button", { name: "Confirmă plata" }).click();
  await expect(admin.getByText(/Plata a fost confirmată/)).toBeVisible();
  await expect(admin.getByText("Plătită").first()).toBeVisible();
  await adminContext.close();

  await page.goto("/cont");
  await expect(enrolments.filter({ hasText: BASIC })).toContainText("Confirmat");
  await expect(enrolments.filter({ hasText: ONLINE })).toContainText("Confirmat");
  const { orders } = await hook<{ orders: Array<{ status: string; totalBani: number }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "paid", totalBani: 289900 })]);
});

test("the free course enrols at once", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: ADDRESS });
  await openCourse(page, "/cursuri-online", FREE);
  await page.getByLabel(/Acces nelimitat/).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  // Wait for the answer: leaving at once would abort the add (with JavaScript it is a fetch).
  await expect(page.getByText("Curs online adăugat în coș!")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toHaveText("0,00");
  await expect(page.getByText("Metoda de plată")).toHaveCount(0);
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Prinde cursul gratuit" }).click();
  await expect(page).toHaveURL(/\/cont/);
  await expect(page.getByTestId("enrollment").filter({ hasText: FREE })).toContainText("Confirmat");

  // The card return page, opened for an order not paid by card, says so and leads to the account.
  const { orders } = await hook<{ orders: Array<{ id: string }> }>(request, "ordersOf", { email: student.email });
  await page.goto(`/plata/rezultat?orderId=${orders[0].id}`);
  await expect(page.getByRole("heading", { name: "Această comandă nu se plătește cu cardul" })).toBeVisible();
  await expect(page.getByText("Metoda de plată: Gratuit.")).toBeVisible();
  await expect(page.getByText("Eroare la procesarea plății.")).toHaveCount(0);
  await page.getByRole("link", { name: "Contul meu", exact: true }).click();
  await expect(page).toHaveURL(/\/cont/);
});

test("checkout stops on an empty address, a missing terms box and missing digital-content boxes", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: "" });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE }] });
  await page.goto("/cart");
  // Without an address the form to enter it is open.
  await expect(page.getByLabel("Adresa", { exact: true })).toBeVisible();
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await expect(page.getByText("Adresa trebuie completată.")).toBeVisible();

  await fillBillingAddress(page.locator("#adresa"));
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Adresa de facturare actualizată cu succes!")).toBeVisible();

  // With JavaScript the ticked boxes survive the address save; untick them to test the rules.
  for (const box of await page.locator(".cart-checkout input[type=checkbox]").all()) await box.uncheck();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await expect(page.getByText("Trebuie să accepți Termenii și condițiile și Politica de înscriere.")).toBeVisible();
  await expect(page.getByText("Trebuie să îți exprimi acordul pentru începerea accesului la conținutul digital.")).toBeVisible();
  await expect(page.getByText("Trebuie să confirmi că ai luat la cunoștință pierderea dreptului de retragere.")).toBeVisible();
  await page.getByLabel(/Am citit și accept/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  await expect(page.getByText("Trebuie să îți exprimi acordul pentru începerea accesului la conținutul digital.")).toBeVisible();
  const { orders } = await hook<{ orders: unknown[] }>(request, "ordersOf", { email: student.email });
  expect(orders).toHaveLength(0);
});

test("card payment approved in the simulator", async ({ page, context, request, browser }) => {
  const student = await loginAs(context, request, { address: ADDRESS });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE, option: 0 }] });
  await page.goto("/cart");
  await page.getByLabel(/Card bancar/).check();
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  // With JavaScript the form goes to the processor by itself; without, by its button.
  if (test.info().project.name === "no-js") await page.getByRole("button", { name: "Continuă către plată" }).click();
  await page.waitForURL(/\/simulator\/netopia/);
  await page.getByRole("button", { name: "Plătește (aprobat)" }).click();
  await expect(page).toHaveURL(/\/plata\/rezultat/);
  await expect(page.getByRole("heading", { name: "Plata a fost confirmată" })).toBeVisible();
  await page.goto("/cont");
  await expect(page.getByTestId("enrollment").filter({ hasText: ONLINE })).toContainText("Confirmat");
  const { orders } = await hook<{ orders: Array<{ status: string; paymentMethod: string; reference: string }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "paid", paymentMethod: "card" })]);

  // The admin reconciles it: the processor's reference and the masked card are in the list.
  const adminContext = await browser.newContext();
  await adminContext.addCookies(await context.cookies().then((all) => all.filter((c) => c.name === "cookie_consent")));
  await loginAs(adminContext, request, { role: "admin", name: "Ana Admin" });
  const admin = await adminContext.newPage();
  await admin.goto("/admin/comenzi?filtru=platite");
  const row = admin.getByRole("row").filter({ hasText: orders[0].reference });
  await expect(row).toContainText(/Ref\. SIM[0-9A-F]{10} · 4\*{6} \*{4}1111/);
  await expect(admin.getByRole("heading", { name: "Notificări nepotrivite" })).toBeVisible();
  await adminContext.close();
});

test("card payment declined: the failure is shown and the cart can be filled again", async ({ page, context, request }) => {
  const student = await loginAs(context, request, { address: ADDRESS });
  await hook(request, "addToCart", { email: student.email, items: [{ title: ONLINE, option: 1 }] });
  await page.goto("/cart");
  await page.getByLabel(/Card bancar/).check();
  await acceptBoxes(page, true);
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  if (test.info().project.name === "no-js") await page.getByRole("button", { name: "Continuă către plată" }).click();
  await page.waitForURL(/\/simulator\/netopia/);
  await page.getByLabel("Motivul respingerii").selectOption("20");
  await page.getByRole("button", { name: "Respinge plata" }).click();
  await expect(page.getByRole("heading", { name: "Eroare la procesarea plății." })).toBeVisible();
  await expect(page.getByText(/Fonduri insuficiente/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Contul meu", exact: true })).toHaveAttribute("href", "/cont#facturi");
  const { orders } = await hook<{ orders: Array<{ status: string }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "failed" })]);
  await page.getByRole("button", { name: "Reîncearcă plata" }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByRole("region", { name: "Cursuri Online" })).toContainText(ONLINE);
});
