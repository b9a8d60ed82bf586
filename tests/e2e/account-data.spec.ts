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

test("Șterge contul: the server's wrong-password answer stays when the form's schema arrives after it", async ({ page, context, request }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the schema is the browser's; without JavaScript the server alone checks");
  await loginAs(context, request, { name: "Teodora Întârziată" });
  await page.goto("/cont/sterge");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The form fetches its schema (zod and the form's rules) at the first touch: hold every script
  // asked for from now on until the server's answer is on screen, as on a slow link.
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/build\/.*\.js(\?.*)?$/, async (route) => {
    held.push(route.request().url());
    await answered;
    await route.continue();
  });
  const form = page.locator("form[data-checks]").filter({ has: page.getByLabel("Parola actuală") });
  await page.getByLabel("Parola actuală").fill("Parola-Gresita9!");
  await page.getByRole("button", { name: "Șterge definitiv contul" }).click();
  await expect(page.getByText("Parola actuală nu este corectă.")).toBeVisible();
  await expect(form).toHaveAttribute("data-checks", "server");
  expect(held.length).toBeGreaterThan(0);

  release();
  await expect(form).toHaveAttribute("data-checks", "browser");
  await expect(page.getByText("Parola actuală nu este corectă.")).toBeVisible();
  await expect(page.getByLabel("Parola actuală")).toHaveAttribute("aria-invalid", "true");

  // Typing hands the field back to the browser's checks: emptied, it says what is missing.
  await page.getByLabel("Parola actuală").fill("");
  await expect(page.getByText("Parola actuală nu este corectă.")).toBeHidden();
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
