/**
 * RO e-Factura through the ANAF simulator (JavaScript on and off): the admin connects the company
 * on /admin/setari-facturare through the simulator's authorize page; an invoice is uploaded by the
 * job and /admin/facturi shows "trimisă (index …)" then "validată" with ANAF's answer ZIP; a
 * document ANAF rejects shows the errors in plain Romanian and is fixed by a credit note + a new
 * invoice. The job is run through a test hook, for this journey's documents only (the e2e server
 * runs with EFACTURA_WORKER=0, so other journeys' invoices stay on the manual path).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hook, loginAs, test, uniqueEmail } from "./fixtures";

test.setTimeout(120_000);

const PRODUCT = "Ulei pentru cuticule cu vitamina E";

async function connect(page: Page) {
  await page.goto("/admin/setari-facturare");
  const box = page.getByTestId("anaf-connection");
  await expect(box.getByRole("heading", { name: "Conexiunea ANAF e-Factura" })).toBeVisible();
  await box.getByRole("button", { name: /Conectează la ANAF|Reînnoiește conexiunea/ }).first().click();
  await expect(page.getByRole("heading", { name: "Autentificare cu certificat digital" })).toBeVisible();
  await page.getByRole("button", { name: "Autorizează accesul" }).click();
  await expect(page).toHaveURL(/\/admin\/setari-facturare$/);
  await expect(page.getByText("Firma este conectată la ANAF e-Factura.")).toBeVisible();
  await expect(box).toContainText("Conectat la simulatorul ANAF al site-ului");
  await expect(box.getByRole("button", { name: "Deconectează" })).toBeVisible();
}

/** A buyer's product order paid by transfer and confirmed: the invoice's id and number. */
async function invoicedOrder(request: APIRequestContext, name: string) {
  const email = uniqueEmail("efactura");
  await hook(request, "user", { email, name, address: "Str. Mircea cel Bătrân 12, Constanța, 900001" });
  await hook(request, "addToCart", { email, items: [{ title: PRODUCT }], pickup: true });
  const order = await hook<{ id: string }>(request, "placeTransferOrder", { email });
  return hook<{ id: string; number: string }>(request, "confirmTransfer", { orderId: order.id });
}

/** Runs the e-Factura job until the document's e-Factura cell shows `status` (ANAF's first poll is due 10 s after the upload). */
async function untilStatus(page: Page, request: APIRequestContext, invoice: { id: string; number: string }, status: RegExp) {
  const { number } = invoice;
  const cell = page.getByTestId(`factura-${number.replace(" ", "-")}`).getByTestId("efactura-status");
  await expect
    .poll(
      async () => {
        await hook(request, "efacturaRun", { invoiceIds: [invoice.id] });
        await page.goto("/admin/facturi");
        return (await cell.textContent()) ?? "";
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toMatch(status);
}

test("the admin connects to ANAF; an invoice goes 'de transmis' → 'trimisă' → 'validată' with ANAF's answer kept", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  await connect(page);

  const invoice = await invoicedOrder(request, "Elena Marin");
  await page.goto("/admin/facturi");
  const row = page.getByTestId(`factura-${invoice.number.replace(" ", "-")}`);
  await expect(row.getByTestId("efactura-status")).toHaveText(/de transmis|se transmite|trimisă|validată/);
  await untilStatus(page, request, invoice, /^trimisă \(index \d+\)$|^validată/);
  await untilStatus(page, request, invoice, /^validată \(index \d+\)$/);
  // ANAF's answer ZIP, beside the invoice.
  const proof = row.getByRole("link", { name: "Răspuns ANAF" });
  const response = await page.request.get((await proof.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/zip");
  // Connected: no manual index form for it.
  await expect(row.getByPlaceholder("index încărcare")).toHaveCount(0);
});

test("a document ANAF rejects: its errors in plain Romanian, fixed by a credit note and a new invoice, both validated", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  await connect(page);

  const invoice = await invoicedOrder(request, "Ioana Respinsă");
  await hook(request, "anafRejectDocument", { documentId: invoice.number.replace(" ", "") });
  await untilStatus(page, request, invoice, /^respinsă/);
  const row = page.getByTestId(`factura-${invoice.number.replace(" ", "-")}`);
  await expect(row).toContainText("ANAF a respins documentul:");
  await expect(row).toContainText("Factura are un rest de plată, dar nu are nici data scadenței, nici termenii de plată.");
  await expect(row).toContainText("Un număr emis nu primește alt XML.");

  await row.getByRole("button", { name: "Stornează și emite factură nouă" }).click();
  await expect(page.getByText(/^Am emis stornarea ANA \d+ și documentul nou ANA \d+\.$/)).toBeVisible();
  const toast = (await page.getByText(/^Am emis stornarea/).textContent())!;
  const [, credit, replacement] = /stornarea (ANA \d+) și documentul nou (ANA \d+)/.exec(toast)!;
  const ids = await hook<Array<{ id: string; number: string }>>(request, "invoicesByNumber", { numbers: [credit, replacement] });
  await expect(row).toContainText(`Corectată prin stornarea ${credit} și documentul nou ${replacement}.`);
  await expect(row.getByRole("button", { name: "Stornează și emite factură nouă" })).toHaveCount(0);
  await untilStatus(page, request, ids[0], /^validată/);
  await untilStatus(page, request, ids[1], /^validată/);
});
