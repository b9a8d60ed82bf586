/**
 * Issue 14 finding 2, as a user sees it (with and without JavaScript): changing the e-mail asks
 * for the current password; the password can be changed on /cont with the current one.
 */
import { toast } from "./account-helpers";
import { expect, loginAs, PASSWORD, test, uniqueEmail } from "./fixtures";

test("changing the e-mail needs the current password", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/cont?edit=account");
  const section = page.locator("#informatii-cont");
  const newEmail = uniqueEmail("schimbat");
  await section.getByLabel("Email", { exact: true }).fill(newEmail);
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(section.getByText("Introdu parola actuală pentru a schimba adresa de email.")).toBeVisible();

  await section.getByLabel("Email", { exact: true }).fill(newEmail);
  await section.getByLabel("Parola actuală").fill(PASSWORD);
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(toast(page)).toHaveText("Date actualizate cu succes!");
  await expect(section).toContainText(newEmail);
});

test("changing the password on /cont", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/cont");
  const section = page.locator("#parola");
  await section.getByRole("link", { name: "Schimbă parola" }).click();
  await section.getByLabel("Parola actuală").fill("Parola-Gresita9!");
  await section.getByLabel("Parola nouă", { exact: true }).fill("Parola-Noua-42!");
  await section.getByLabel("Confirmă parola nouă").fill("Parola-Noua-42!");
  await section.getByRole("button", { name: "Schimbă parola" }).click();
  await expect(section.getByText("Parola actuală nu este corectă.")).toBeVisible();

  await section.getByLabel("Parola actuală").fill(PASSWORD);
  await section.getByLabel("Parola nouă", { exact: true }).fill("Parola-Noua-42!");
  await section.getByLabel("Confirmă parola nouă").fill("Parola-Noua-42!");
  await section.getByRole("button", { name: "Schimbă parola" }).click();
  await expect(toast(page)).toHaveText("Parola a fost schimbată. Celelalte sesiuni ale contului au fost închise.");
});
