/**
 * "Datele mele" on /cont (issue 19), as a user sees it with and without JavaScript: "Descarcă
 * datele" downloads a JSON file of the account; "Șterge contul" explains what is kept, refuses a
 * wrong password, then deletes the account, logs out and sends a confirmation e-mail.
 */
import fs from "node:fs/promises";
import { newestMailTo } from "../helpers/mail";
import { fillLogin, outboxDir, toast } from "./account-helpers";
import { expect, loginAs, PASSWORD, test } from "./fixtures";

test("Descarcă datele downloads the account as a JSON file", async ({ page, context, request }) => {
  const { email } = await loginAs(context, request, { name: "Irina Descarcă" });
  await page.goto("/cont");
  const section = page.locator("#datele-mele");
  await expect(section.getByRole("heading", { name: "Datele mele" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Descarcă datele" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^datele-mele-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile(await download.path(), "utf8"));
  expect(data.format).toBe("ana-nails-academy/datele-mele@1");
  expect(data.profile).toMatchObject({ email, name: "Irina Descarcă" });
  for (const part of ["billing", "orders", "enrolments", "invoices", "consents"]) expect(data).toHaveProperty(part);
});

test("Șterge contul: explanation, wrong password refused, then deleted and logged out", async ({ page, context, request }) => {
  const { email } = await loginAs(context, request, { name: "Sorina Șterge" });
  await page.goto("/cont");
  await page.locator("#datele-mele").getByRole("link", { name: "Șterge contul" }).click();
  await expect(page.getByRole("heading", { name: "Șterge contul", level: 1 })).toBeVisible();
  await expect(page.getByText(/Facturile emise sunt documente fiscale/)).toBeVisible();
  await expect(page.getByText(/Diplomele rămân verificabile după cod/)).toBeVisible();

  await page.getByLabel("Parola actuală").fill("Parola-Gresita9!");
  await page.getByRole("button", { name: "Șterge definitiv contul" }).click();
  await expect(page.getByText("Parola actuală nu este corectă.")).toBeVisible();

  await page.getByLabel("Parola actuală").fill(PASSWORD);
  await page.getByLabel("Afișează diplomele mele fără nume la verificarea după cod").check();
  await page.getByRole("button", { name: "Șterge definitiv contul" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toHaveText("Contul tău a fost șters. Ți-am trimis confirmarea pe email.");
  await expect.poll(() => newestMailTo(outboxDir(), email)?.decoded ?? "").toContain("a fost șters la cererea ta");

  // Logged out: /cont asks for a login, and the old credentials no longer work.
  await page.goto("/cont");
  await expect(page).toHaveURL(/\/autentificare/);
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText("Email sau parolă incorectă.")).toBeVisible();
  await expect(page).toHaveURL(/\/autentificare/);
});

test("Noutăți pe e-mail: the consent is given and withdrawn with one button each", async ({ page, context, request }) => {
  await loginAs(context, request, { name: "Dana Noutăți" });
  await page.goto("/cont");
  const section = page.locator("#datele-mele");
  await expect(section.getByText("Nu primești noutăți despre cursuri și oferte.")).toBeVisible();
  await section.getByRole("button", { name: "Vreau să primesc noutăți" }).click();
  await expect(toast(page)).toHaveText("Te-ai abonat la noutăți pe e-mail.");
  await expect(section.getByText("Primești noutăți despre cursuri și oferte.")).toBeVisible();
  await section.getByRole("button", { name: "Nu mai vreau noutăți" }).click();
  await expect(toast(page)).toHaveText("Nu îți mai trimitem noutăți pe e-mail.");
  await expect(section.getByRole("button", { name: "Vreau să primesc noutăți" })).toBeVisible();
});
