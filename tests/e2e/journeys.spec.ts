/**
 * Real paths walked end to end, with JavaScript on and off (issue 32 item 7): a card purchase
 * (the built-in NETOPIA simulator) through to the course's first lesson, the seeded administrator
 * logging in with ADMIN_PASSWORD, and the course price settings saved by the admin's form.
 */
import type { Page } from "@playwright/test";
import { fillLogin, toast } from "./account-helpers";
import { COURSES } from "./catalogue-helpers";
import { ADMIN, expect, loginAs, test } from "./fixtures";

const ONLINE = `/cursuri-online/curs/${COURSES.semipermanent.id}`;
const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

/**
 * The cart starts its scripts once it has painted (route-handle.ts "after-paint"): a buyer who
 * reads the page before ordering meets the page the app runs. (A tap before that is a plain post:
 * first-tap.spec and the no-js project walk that.)
 */
async function readCart(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/cart");
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a card purchase through the simulator, to the first lesson of the course", async ({ page, context, request, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await loginAs(context, request, { name: "Raluca Drumeț", address: ADDRESS });
  await page.goto(ONLINE);
  await page.getByLabel(/Acces 90 de zile/).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Curs online adăugat în coș!" })).toBeVisible();

  await readCart(page, javaScriptEnabled);
  await expect(page.getByRole("region", { name: "Cursuri Online" })).toContainText("Ojă semipermanentă de la zero");
  await page.getByLabel(/Card bancar/).check();
  await page.getByLabel(/Am citit și accept/).check();
  await page.getByLabel(/Sunt de acord ca accesul/).check();
  await page.getByLabel(/Am luat la cunoștință/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  // With JavaScript the form goes to the processor by itself; without, by its button.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Continuă către plată" }).click();
  await page.waitForURL(/\/simulator\/netopia/);
  await page.getByRole("button", { name: "Plătește (aprobat)" }).click();
  await expect(page.getByRole("heading", { name: "Plata a fost confirmată" })).toBeVisible();

  // From the account, as the student goes on: the course is hers, and its first lesson opens.
  await page.goto("/cont");
  const enrolment = page.getByTestId("enrollment").filter({ hasText: "Ojă semipermanentă de la zero" });
  await expect(enrolment).toContainText("Confirmat");
  await enrolment.getByRole("link", { name: "Continuă cursul" }).click();
  await expect(page).toHaveURL(/\/cursuri-online\/curs\/\d+\/lectie/);
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit la curs" })).toBeVisible();
  await expect(page.getByTestId("lesson-video")).toBeVisible();
});

test("the seeded administrator logs in with ADMIN_PASSWORD and reaches the dashboard", async ({ page, javaScriptEnabled }) => {
  await page.goto("/autentificare?redirectTo=/admin");
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Arată" }).first()).toBeVisible();
  await fillLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 2, name: "Panou" })).toBeVisible();
});

test("the admin saves the course price settings: a refused value, then a save", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin", name: "Ana Admin" });
  await page.goto("/admin/setari-cursuri");
  const surcharge = page.getByLabel("Acreditare: suma adăugată la preț (RON)");
  const advance = page.getByLabel("Avans (RON)");
  // Other tests run meanwhile: the values saved are the ones shown, so no price changes under them.
  const [surchargeNow, advanceNow] = [await surcharge.inputValue(), await advance.inputValue()];
  await advance.fill("0");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Avansul trebuie să fie mai mare ca 0.")).toBeVisible();
  await surcharge.fill(surchargeNow);
  await advance.fill(advanceNow);
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(toast(page)).toHaveText("Setările cursurilor au fost salvate.");
  await expect(page).toHaveURL(/\/admin\/setari-cursuri$/);
  await expect(advance).toHaveValue(advanceNow);
});
