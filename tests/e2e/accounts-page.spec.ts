/**
 * The account page (docs/product.md §2 Account page, §4): sections and anchors, view/edit/cancel/save of
 * the account information and the billing address, with JavaScript on and off.
 */
import { fillBillingAddress, toast } from "./account-helpers";
import { expect, loginAs, test } from "./fixtures";

test("the sections are there, with their anchors and empty states", async ({ page, context, request }) => {
  await loginAs(context, request, { name: "Irina Popa" });
  await page.goto("/cont");
  for (const [id, title] of [
    ["cursuri-active", "Cursurile mele"],
    ["informatii-cont", "Informații cont"],
    ["adresa-facturare", "Adresa de facturare"],
    ["facturi", "Facturi și comenzi"],
  ]) {
    await expect(page.locator(`#${id}`).getByRole("heading", { level: 2 })).toHaveText(title);
  }
  await expect(page.locator("#cursuri-active")).toContainText("Nu ești înscris încă la niciun curs.");
  await expect(page.locator("#facturi")).toContainText("Nu ai încă facturi sau comenzi.");
});

test("account information: edit, cancel restores, save", async ({ page, context, request }) => {
  const { email } = await loginAs(context, request, { name: "Irina Popa", phone: "0722 000 111", address: "Str. Veche 1" });
  await page.goto("/cont");
  const section = page.locator("#informatii-cont");
  await expect(section).toContainText("Irina Popa");

  await section.getByRole("link", { name: "Modifică" }).click();
  await section.getByLabel("Nume", { exact: true }).fill("Nume Abandonat");
  await section.getByRole("link", { name: "Anulează" }).click();
  await expect(section).toContainText("Irina Popa");
  await expect(section).not.toContainText("Nume Abandonat");

  await section.getByRole("link", { name: "Modifică" }).click();
  await expect(section.getByLabel("Nume", { exact: true })).toHaveValue("Irina Popa");
  await expect(section.getByLabel("Email", { exact: true })).toHaveValue(email);
  await section.getByLabel("Nume", { exact: true }).fill("Irina Constantinescu");
  await section.getByLabel("Telefon").fill("0733 222 333");
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(toast(page)).toHaveText("Date actualizate cu succes!");
  await expect(section.getByRole("button", { name: "Salvează" })).toHaveCount(0);
  await expect(section).toContainText("Irina Constantinescu");
  await expect(section).toContainText("0733 222 333");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bună, Irina!");
});

test("account information: an invalid e-mail is refused with its message", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/cont?edit=account");
  const section = page.locator("#informatii-cont");
  await section.getByLabel("Email", { exact: true }).fill("nu-e-email");
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(section.getByText("Emailul trebuie să fie valid")).toBeVisible();
  await expect(section.locator(".alert")).toHaveText("Vă rugăm să corectați erorile înainte de a trimite formularul.");
});

test("billing address: edit, cancel restores, save (as fields; a București address needs its sector)", async ({ page, context, request, javaScriptEnabled }) => {
  await loginAs(context, request, { address: "Str. Mircea cel Bătrân 10, Constanța" });
  await page.goto("/cont");
  const section = page.locator("#adresa-facturare");
  await expect(section).toContainText("Str. Mircea cel Bătrân 10, Constanța");
  // Saved before the address had fields: the line stays, the county is asked for.
  await expect(section).toContainText("Completează județul și localitatea");

  await section.getByRole("link", { name: "Modifică" }).click();
  await section.getByLabel("Adresa", { exact: true }).fill("Adresă abandonată");
  await section.getByRole("link", { name: "Anulează" }).click();
  await expect(section).toContainText("Str. Mircea cel Bătrân 10, Constanța");

  await section.getByRole("link", { name: "Modifică" }).click();
  await expect(section.getByLabel("Adresa", { exact: true })).toHaveValue("Str. Mircea cel Bătrân 10, Constanța");
  await section.getByLabel("Adresa", { exact: true }).fill("");
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(section.getByText("Completează strada și numărul.")).toBeVisible();
  // Known gap (reported): with JavaScript, the browser's check does not show the message of a
  // select that was never touched; the form is refused with the alert and the server would say it.
  if (!javaScriptEnabled) await expect(section.getByText("Alege județul din listă.")).toBeVisible();

  await fillBillingAddress(section, { street: "Str. Lalelelor 3", city: "București", county: "București" });
  await section.getByRole("button", { name: "Salvează" }).click();
  if (javaScriptEnabled) await expect(section.getByText("Vă rugăm să corectați erorile înainte de a trimite formularul.")).toBeVisible();
  else await expect(section.getByText("Alege sectorul: în București factura cere sectorul.")).toBeVisible();
  await section.getByLabel(/Sectorul/).selectOption({ label: "Sectorul 2" });
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(toast(page)).toHaveText("Date actualizate cu succes!");
  await expect(section).toContainText("Str. Lalelelor 3, Sector 2, București");
  await expect(section.getByRole("button", { name: "Salvează" })).toHaveCount(0);
});

test("'Completează din ANAF' fills a company's data from ANAF's register (the stand-in); ANAF silent → fill by hand", async ({ page, context, request }) => {
  await loginAs(context, request, { address: "" });
  await page.goto("/cont?edit=billing#adresa-facturare");
  const section = page.locator("#adresa-facturare");
  await section.getByLabel("Persoană juridică (firmă)").check();
  await section.getByLabel("CUI / CIF").fill("31000019");
  await section.getByRole("button", { name: "Completează din ANAF" }).click();
  await expect(section.getByText("Am completat datele firmei din registrul ANAF.")).toBeVisible();
  await expect(section.getByLabel("Denumirea firmei")).toHaveValue("ATELIER UNGHII PERFECTE S.R.L.");
  await expect(section.getByLabel("CUI / CIF")).toHaveValue("31000019");
  await expect(section.getByLabel("Adresa", { exact: true })).toHaveValue("Str. Lalelelor, nr. 3");
  await expect(section.getByLabel("Județul")).toHaveValue("RO-B");
  await expect(section.getByLabel(/Sectorul/)).toHaveValue("2");
  await section.getByRole("button", { name: "Salvează" }).click();
  await expect(toast(page)).toHaveText("Date actualizate cu succes!");
  await expect(section).toContainText("ATELIER UNGHII PERFECTE S.R.L. · CUI 31000019 · Reg. Com. J40/1234/2013");
  await expect(section).toContainText("Str. Lalelelor, nr. 3, Sector 2, București, 021234");

  await section.getByRole("link", { name: "Modifică" }).click();
  await section.getByLabel("CUI / CIF").fill("20000056");
  await section.getByRole("button", { name: "Completează din ANAF" }).click();
  await expect(section.getByText("Serviciul ANAF nu răspunde acum.", { exact: false })).toBeVisible();
  await expect(section.getByLabel("Denumirea firmei")).toHaveValue("ATELIER UNGHII PERFECTE S.R.L.");
});
