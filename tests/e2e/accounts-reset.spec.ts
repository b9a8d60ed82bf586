/**
 * Password reset by e-mail (docs/product.md §2, §8): the same overlay for known and unknown addresses, the
 * e-mail in the outbox, a single-use link, the old password refused afterwards.
 */
import { fillLogin, formAlert, formReady, NEW_PASSWORD, resetLinkFor, toast } from "./account-helpers";
import { expect, hook, PASSWORD, test, uniqueEmail } from "./fixtures";
import { newestMailTo } from "../helpers/mail";
import { outboxDir } from "./account-helpers";

test("an unknown address gets the same overlay and no e-mail", async ({ page, request }) => {
  const email = uniqueEmail("necunoscut");
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Trimite linkul de resetare" }).click();
  const overlay = page.getByRole("dialog");
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole("heading")).toHaveText("Cerere trimisă cu succes!");
  // Asked once no outbox run is in progress: nothing queued for the address, and no message
  // written out (a known address's link is written before the answer: the next test reads it).
  expect(await hook(request, "mailTo", { email })).toEqual([]);
  expect(newestMailTo(outboxDir(), email)).toBeNull();
});

test("forgot → e-mail → new password; the old one stops working; the link works once", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("resetare");
  await hook(request, "user", { email, name: "Carmen Ilie" });

  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Trimite linkul de resetare" }).click();
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText("Cerere trimisă cu succes!");

  const link = await resetLinkFor(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alege o parolă nouă");
  await formReady(page, javaScriptEnabled);
  await page.getByLabel("Parola nouă", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirmă parola nouă").fill("Altceva-1!");
  await page.getByRole("button", { name: "Salvează parola nouă" }).click();
  await expect(page.getByText("Parolele nu corespund.")).toBeVisible();

  await page.getByLabel("Parola nouă", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirmă parola nouă").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salvează parola nouă" }).click();
  await expect(page).toHaveURL(/\/autentificare$/);
  await expect(toast(page)).toHaveText("Parola a fost schimbată cu succes! Te poți autentifica cu parola nouă.");

  // The old password no longer works.
  await formReady(page, javaScriptEnabled);
  await fillLogin(page, email, PASSWORD);
  await expect(formAlert(page)).toHaveText("Email sau parolă incorectă.");

  // The new one does.
  await page.getByLabel("Parolă", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Intră în cont" }).click();
  await expect(page).toHaveURL(/\/cont$/);

  // A second use of the link fails, with a way to ask again.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("Linkul de resetare a parolei a fost deja folosit.");
  await page.getByRole("link", { name: "Cere un link nou" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an unknown link says so", async ({ page }) => {
  const response = await page.goto(`/reset/${"A".repeat(43)}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("alert")).toHaveText("Linkul de resetare a parolei nu este valid.");
});
