/**
 * Invoices end to end (JavaScript on and off): a company buyer enters its CUI in the billing
 * section, pays by bank transfer, the admin confirms, the buyer downloads the invoice PDF from
 * /cont#facturi (its text read back) and the admin downloads the month's e-Factura ZIP.
 */
import fs from "node:fs/promises";
import { inflateRawSync } from "node:zlib";
import { extractPdfText } from "../helpers/pdf-text";
import { fillBillingAddress } from "./account-helpers";
import { expect, loginAs, test } from "./fixtures";

const PRODUCT = "Ulei pentru cuticule cu vitamina E";

function zipNames(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + buffer.readUInt16LE(at + 28);
    files.set(buffer.subarray(at + 30, at + 30 + nameLength).toString("utf8"), inflateRawSync(buffer.subarray(start, start + size)).toString("utf8"));
    at = start + size;
  }
  return files;
}

test.setTimeout(120_000);

test("a company buyer pays by transfer and downloads its invoice; the admin downloads the month's XML", async ({ page, context, request, browser, javaScriptEnabled }) => {
  await loginAs(context, request, { name: "Ioana Dobre", address: "Bd. Tomis 100, Constanța 900001" });

  // Billing section: persoană juridică with a CUI (a wrong check digit is refused first).
  await page.goto("/cont?edit=billing#adresa-facturare");
  const billing = page.locator("#adresa-facturare");
  await billing.getByLabel("Persoană juridică (firmă)").check();
  await billing.getByLabel("Denumirea firmei").fill("Salon Bella S.R.L.");
  await billing.getByLabel("CUI / CIF").fill("RO18547291");
  await billing.getByLabel(/Nr\. Reg\. Com\./).fill("J13/555/2020");
  // The address saved as one line before the fields existed: the street stays, the rest is asked.
  await expect(billing.getByLabel("Adresa", { exact: true })).toHaveValue("Bd. Tomis 100, Constanța 900001");
  await fillBillingAddress(billing, { street: "Bd. Tomis 100", city: "Constanța", county: "Constanța", postalCode: "900001" });
  await billing.getByRole("button", { name: "Salvează" }).click();
  await expect(billing.getByText("CUI invalid: verificați cifrele (cifra de control nu se potrivește).")).toBeVisible();
  await billing.getByLabel("CUI / CIF").fill("RO18547290");
  await billing.getByRole("button", { name: "Salvează" }).click();
  await expect(billing).toContainText("Salon Bella S.R.L. · CUI RO18547290 · Reg. Com. J13/555/2020");

  // Buy a product by bank transfer; the cart states the VAT included.
  await page.goto("/produse");
  await page.getByRole("link", { name: PRODUCT }).first().click();
  await page.getByRole("button", { name: /Adaugă în coș/ }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toHaveText("24,90 RON");
  await expect(page.getByTestId("cart-vat")).toHaveText("TVA inclus (21%): 4,32 RON");
  // A product needs a delivery choice: free pickup at the academy keeps the total.
  const delivery = page.getByRole("region", { name: "Livrare", exact: true });
  await delivery.getByLabel(/Ridicare personală de la academie/).check();
  await delivery.getByRole("button", { name: "Salvează livrarea" }).click();
  await expect(page.getByText("Livrarea a fost salvată.")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("24,90 RON");
  await page.getByLabel(/Am citit și accept/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  const reference = (await dialog.getByText(/^CMD-/).innerText()).trim();
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);

  // The admin confirms the transfer: the invoice is issued.
  const adminContext = await browser.newContext({ javaScriptEnabled, acceptDownloads: true });
  await loginAs(adminContext, request, { role: "admin", name: "Ana Admin" });
  const admin = await adminContext.newPage();
  await admin.goto("/admin/comenzi");
  await admin.getByRole("link", { name: reference }).click();
  await expect(admin).toHaveURL(/\/admin\/comenzi\/[0-9a-f-]{36}/);
  const orderUrl = new URL(admin.url()).pathname;
  await admin.getByRole("button", { name: "Confirmă plata" }).click();
  await expect(admin.getByText(/Plata a fost confirmată/)).toBeVisible();
  const invoiceLine = admin.getByTestId("order-invoices").getByText(/^Factură ANA \d+/);
  await expect(invoiceLine).toBeVisible();
  const number = /ANA (\d+)/.exec(await admin.getByTestId("order-invoices").innerText())![1];

  // The buyer downloads the PDF from /cont#facturi and reads it.
  await page.goto("/"); // leave /cont: a hash-only goto would not reload the page
  await page.goto("/cont#facturi");
  const invoices = page.getByTestId("invoices");
  await expect(invoices).toContainText(`ANA ${number}`);
  await expect(invoices).toContainText("24,90 RON");
  const [download] = await Promise.all([page.waitForEvent("download"), invoices.getByRole("link", { name: `Descarcă factura ANA ${number}` }).click()]);
  const text = (await extractPdfText(new Uint8Array(await fs.readFile((await download.path())!)))).join("\n");
  expect(text).toContain(`Seria ANA nr. ${number}`);
  expect(text).toContain("Salon Bella S.R.L.");
  expect(text).toContain("CUI/CIF: RO18547290");
  expect(text).toContain("24,90 RON");
  expect(text).toContain("TVA 21%:");
  expect(text).toContain("4,32 RON");

  // The admin downloads the month's XML files.
  await admin.goto("/admin/facturi");
  await expect(admin.getByRole("cell", { name: new RegExp(`^ANA ${number} Factură`) })).toBeVisible();
  const [zip] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Descarcă XML-urile lunii (ZIP)" }).click()]);
  const files = zipNames(await fs.readFile((await zip.path())!));
  const xml = files.get(`ANA${number}.xml`);
  expect(xml).toContain("urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1");
  expect(xml).toContain("<cbc:CompanyID>RO18547290</cbc:CompanyID>");

  // After uploading it in the SPV, the admin records ANAF's upload index.
  const indexField = admin.getByLabel(`Index de încărcare ANAF pentru ANA ${number}`);
  await indexField.fill("4012345678");
  await admin.locator("form").filter({ has: indexField }).getByRole("button", { name: "Salvează" }).click();
  await expect(admin.getByText("Factura este marcată „trimisă” (index 4012345678).")).toBeVisible();

  // A refund issues a credit note only after a confirmation step (a real form, JavaScript or not).
  await admin.goto(orderUrl);
  const orderInvoices = admin.getByTestId("order-invoices");
  await orderInvoices.getByRole("button", { name: "Marchează rambursată (emite stornare)" }).click();
  await expect(orderInvoices.getByText(/Confirmi că plata a fost rambursată\? Se emite factura de stornare/)).toBeVisible();
  await expect(orderInvoices).not.toContainText("Factură de stornare");
  await orderInvoices.getByRole("link", { name: "Renunță" }).click();
  await expect(orderInvoices.getByRole("button", { name: "Marchează rambursată (emite stornare)" })).toBeVisible();
  await orderInvoices.getByRole("button", { name: "Marchează rambursată (emite stornare)" }).click();
  await orderInvoices.getByRole("button", { name: "Da, marchează rambursată și emite stornarea" }).click();
  await expect(admin.getByText("Comanda este rambursată; s-a emis factura de stornare.")).toBeVisible();
  await expect(orderInvoices).toContainText(/Factură de stornare ANA \d+/);
  await adminContext.close();
});
