/**
 * Every kind of document the site issues, in every VAT mode, through the real models (card IPN
 * source, the admin confirming a transfer, "Încasează restul", a refund), then:
 * - our own structural checks of the e-Factura XML (run everywhere);
 * - ANAF's official validator (UBL 2.1 XSD, EN 16931 and CIUS-RO schematrons) when the
 *   EFACTURA_VALIDATOR setting names its validate.sh (`.ci/run` sets it); skipped, saying why,
 *   when it is unset.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { invoices } from "../../db/schema";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { saveCartDelivery } from "~/models/delivery.server";
import { collectRest, type InvoiceRow } from "~/models/invoice.server";
import { getIssuerSettings, nextNumberOf, saveIssuerSettings } from "~/models/invoice-settings.server";
import { getInvoice } from "~/models/invoice-reads.server";
import { accountInvoices } from "~/models/invoice-views.server";
import { transitionOrder } from "~/models/order-status.server";
import { efacturaFileName, efacturaXml } from "~/services/efactura/sender.server";
import { renderInvoicePdf } from "~/services/invoice-pdf.server";
import { placeCardOrder } from "../helpers/card";
import { createCourse, createDeliveryMethod, createProduct, createUser, placeTransferOrder } from "../helpers/factories";
import { BUYERS, type TestBuyer } from "../helpers/efactura-buyers";
import { extractPdfText } from "../helpers/pdf-text";

const VALIDATOR = process.env.EFACTURA_VALIDATOR ?? "";
const validatorReady = VALIDATOR !== "" && existsSync(VALIDATOR);
const skipReason = VALIDATOR === ""
  ? "EFACTURA_VALIDATOR is not set (path to the official validate.sh; .ci/run sets it when the validator is present)"
  : `EFACTURA_VALIDATOR points to ${VALIDATOR}, which does not exist`;

const MODES = ["payer", "exempt", "non_payer"] as const;
type Mode = (typeof MODES)[number];

interface Issued {
  mode: Mode;
  label: string;
  buyer: TestBuyer;
  paidBy: "card" | "bank_transfer";
  invoice: InvoiceRow;
  xml: string;
  file: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ["InvoiceLine", "CreditNoteLine", "TaxSubtotal", "Note", "BillingReference", "PaymentTerms"].includes(name),
});
const text = (value: unknown): string => (typeof value === "object" && value ? (value as { "#text": string })["#text"] : String(value ?? ""));
const bani = (value: unknown) => Math.round(Number(text(value)) * 100);

const issued: Issued[] = [];
let folder = "";

async function switchVatMode(mode: Mode) {
  const current = await getIssuerSettings();
  const saved = await saveIssuerSettings({
    ...current,
    name: "Ana Nails Academy S.R.L.",
    // Exempt: a VAT-registered trainer whose courses are exempt (art. 292) keeps RO.
    cui: mode === "non_payer" ? "41234564" : "RO41234564",
    regCom: "J13/1234/2019",
    vatMode: mode,
    vatRate: 21,
    nextNumber: await nextNumberOf(current.series),
  });
  expect(saved).toEqual({ ok: true });
}

async function invoicesOf(orderId: string) {
  return getDb().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.number);
}

async function record(mode: Mode, label: string, buyer: TestBuyer, paidBy: Issued["paidBy"], invoice: InvoiceRow) {
  const document = (await getInvoice(invoice.id))!;
  const xml = efacturaXml(document);
  const file = path.join(folder, `${mode}-${label}-${efacturaFileName(document)}`);
  writeFileSync(file, xml);
  issued.push({ mode, label, buyer, paidBy, invoice, xml, file });
}

/** One document of every kind in the current VAT mode. */
async function issueAll(mode: Mode) {
  // A course paid by card, a private buyer outside Bucharest; then refunded: the credit note.
  const person = await createUser(BUYERS.personCluj.user);
  const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
  const card = await placeCardOrder(person.id, course.id, options[0].id);
  expect((await transitionOrder(card.order.id, "paid", { source: "ipn" })).ok).toBe(true);
  const [courseInvoice] = await invoicesOf(card.order.id);
  await record(mode, "course", BUYERS.personCluj, "card", courseInvoice);
  expect((await transitionOrder(card.order.id, "refunded", { source: "admin" })).ok).toBe(true);
  const credit = (await invoicesOf(card.order.id)).find((i) => i.kind === "credit")!;
  await record(mode, "credit", BUYERS.personCluj, "card", credit);

  // Products delivered by courier to a VAT-registered company in Bucharest, by bank transfer
  // (unpaid at checkout; the admin confirms the money).
  const company = await createUser(BUYERS.companyBucharestVat.user);
  const product = await createProduct({ title: "Gel UV 15 ml", priceBani: 4_990 });
  const courier = await createDeliveryMethod({ name: "Curier rapid", feeBani: 1_990, freeAboveBani: null });
  await addProductToCart(company.id, product.id, 3);
  const delivery = await saveCartDelivery(
    company.id,
    { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, recipientName: "Ioana Pop", recipientPhone: "0722 123 456", street: "Bd. Unirii 10", city: "București", county: "București", postalCode: "030167" },
    { name: "", phone: "", address: "" },
  );
  expect(delivery).toMatchObject({ ok: true });
  const productOrder = await placeTransferOrder(company.id);
  expect((await transitionOrder(productOrder.id, "paid", { source: "admin" })).ok).toBe(true);
  const [productInvoice] = await invoicesOf(productOrder.id);
  await record(mode, "products-courier", BUYERS.companyBucharestVat, "bank_transfer", productInvoice);

  // An in-person course with an advance, a company without VAT registration, in Bucharest's
  // neighbour county; then "Încasează restul": the final invoice.
  const small = await createUser(BUYERS.companyNonVat.user);
  const physical = await createCourse("physical", {}, [
    { days: 5, amountBani: 200000 },
    { days: 5, amountBani: 50000, advancePayment: true },
  ]);
  await addCourseToCart(small.id, { courseId: physical.course.id, priceOptionId: physical.options[0].id, advancePayment: true });
  const advanceOrder = await placeTransferOrder(small.id);
  expect((await transitionOrder(advanceOrder.id, "paid", { source: "admin" })).ok).toBe(true);
  const [advance] = await invoicesOf(advanceOrder.id);
  expect(advance.kind).toBe("advance");
  await record(mode, "advance", BUYERS.companyNonVat, "bank_transfer", advance);
  const rest = await collectRest(advanceOrder.id, null);
  expect(rest.ok).toBe(true);
  if (rest.ok) await record(mode, "final", BUYERS.companyNonVat, "bank_transfer", rest.invoice);

  // A private buyer in Bucharest (sector 2) paying by transfer.
  const bucharest = await createUser(BUYERS.personBucharest.user);
  const cheap = await createProduct({ title: "Pilă 180/240", priceBani: 1_001 });
  await addProductToCart(bucharest.id, cheap.id, 1);
  await saveCartDelivery(
    bucharest.id,
    { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, recipientName: "Elena Ionescu", recipientPhone: "0722 000 111", street: "Str. Lalelelor 3", city: "București", county: "București", postalCode: "021234" },
    { name: "", phone: "", address: "" },
  );
  const personOrder = await placeTransferOrder(bucharest.id);
  expect((await transitionOrder(personOrder.id, "paid", { source: "admin" })).ok).toBe(true);
  const [personInvoice] = await invoicesOf(personOrder.id);
  await record(mode, "person-bucharest", BUYERS.personBucharest, "bank_transfer", personInvoice);
}

/** EFACTURA_XML_DIR keeps the XML files in that folder for a look (default: a temp folder, removed). */
const keepDir = process.env.EFACTURA_XML_DIR ?? "";

beforeAll(async () => {
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  folder = keepDir || mkdtempSync(path.join(tmpdir(), "efactura-"));
  for (const mode of MODES) {
    await switchVatMode(mode);
    await issueAll(mode);
  }
}, 120_000);

afterAll(() => {
  if (folder && !keepDir) rmSync(folder, { recursive: true, force: true });
});

describe("e-Factura XML of every kind of document, in every VAT mode (our structural checks)", () => {
  it("issued 6 documents per mode: course, its credit note, products + courier, advance, final, a Bucharest person", () => {
    expect(issued.map((d) => `${d.mode}:${d.label}`)).toHaveLength(18);
  });

  it.each(MODES)("%s: amounts add up; a positive amount due has a due date or payment terms (BR-CO-25)", (mode) => {
    for (const d of issued.filter((x) => x.mode === mode)) {
      const root = d.invoice.kind === "credit" ? "CreditNote" : "Invoice";
      const doc = parser.parse(d.xml)[root];
      const totals = doc.LegalMonetaryTotal;
      const lines = (doc.InvoiceLine ?? doc.CreditNoteLine) as Array<Record<string, unknown>>;
      const lineSum = lines.reduce((s, l) => s + bani(l.LineExtensionAmount), 0);
      expect(bani(totals.LineExtensionAmount), d.label).toBe(lineSum);
      expect(bani(totals.TaxInclusiveAmount), d.label).toBe(lineSum + bani(doc.TaxTotal.TaxAmount));
      expect(bani(totals.PayableAmount), d.label).toBe(bani(totals.TaxInclusiveAmount) - bani(totals.PrepaidAmount ?? 0));
      if (bani(totals.PayableAmount) > 0) expect(Boolean(doc.DueDate || doc.PaymentTerms), `${d.label}: due date or terms`).toBe(true);
      // Issued once the money arrived (card IPN, confirmed transfer, rest collected at the course).
      if (d.invoice.kind !== "credit") expect(bani(totals.PrepaidAmount), d.label).toBe(Math.abs(d.invoice.totalBani));
    }
  });

  it.each(MODES)("%s: the seller's identifier matches the mode; the buyer's VAT id only when VAT applies", (mode) => {
    for (const d of issued.filter((x) => x.mode === mode)) {
      const doc = parser.parse(d.xml)[d.invoice.kind === "credit" ? "CreditNote" : "Invoice"];
      const seller = doc.AccountingSupplierParty.Party;
      const buyer = doc.AccountingCustomerParty.Party;
      if (mode === "non_payer") {
        // The CUI as tax registration id (BT-32), never as a VAT id (BR-O-02).
        expect({ id: text(seller.PartyTaxScheme?.CompanyID), scheme: seller.PartyTaxScheme?.TaxScheme?.ID }, d.label).toEqual({ id: "41234564", scheme: "FC" });
        expect(buyer.PartyTaxScheme, `${d.label}: the buyer's VAT id (BR-O-02)`).toBeUndefined();
      } else {
        expect({ id: text(seller.PartyTaxScheme?.CompanyID), scheme: seller.PartyTaxScheme?.TaxScheme?.ID }, d.label).toEqual({ id: "RO41234564", scheme: "VAT" });
      }
      expect(text(seller.PartyLegalEntity.CompanyID)).not.toBe("");
      if (mode !== "non_payer" && d.buyer.vatId) expect(text(buyer.PartyTaxScheme.CompanyID)).toBe(d.buyer.vatId);
    }
  });

  it.each(MODES)("%s: the PDF prints the seller's identifier the XML carries", async (mode) => {
    const d = issued.find((x) => x.mode === mode && x.label === "course")!;
    const id = text(parser.parse(d.xml).Invoice.AccountingSupplierParty.Party.PartyTaxScheme.CompanyID);
    const pdf = (await extractPdfText(await renderInvoicePdf((await getInvoice(d.invoice.id))!, "Ana Nails"))).join("\n");
    expect(pdf).toMatch(new RegExp(`CUI/CIF: ${id}(?!\\d)`));
    if (mode === "non_payer") expect(pdf).not.toContain("RO41234564");
  });

  it("/cont#facturi heads the total 'TVA inclus' only for a buyer whose documents carry VAT", async () => {
    for (const mode of MODES) {
      const d = issued.find((x) => x.mode === mode && x.label === "course")!;
      const listed = await accountInvoices(d.invoice.userId!);
      expect(listed.vatIncluded, mode).toBe(mode === "payer");
      expect(listed.invoices.every((i) => i.withVat === (mode === "payer")), mode).toBe(true);
    }
  });

  it("buyer addresses: the city and county of the address the buyer gave; Bucharest as RO-B + SECTORn", () => {
    for (const d of issued) {
      const doc = parser.parse(d.xml)[d.invoice.kind === "credit" ? "CreditNote" : "Invoice"];
      const address = doc.AccountingCustomerParty.Party.PostalAddress;
      expect({ city: address.CityName, county: address.CountrySubentity }, `${d.mode}:${d.label}`).toEqual(d.buyer.expected);
    }
  });

  it("an address saved as fields goes to the invoice as fields (street, city, postal code, county); an old line is read", async () => {
    for (const d of issued) {
      const document = (await getInvoice(d.invoice.id))!;
      expect(Boolean(document.buyer.postal), `${d.mode}:${d.label}`).toBe(d.buyer.fields);
      if (!document.buyer.postal) continue;
      const doc = parser.parse(d.xml)[d.invoice.kind === "credit" ? "CreditNote" : "Invoice"];
      const address = doc.AccountingCustomerParty.Party.PostalAddress;
      expect({ street: address.StreetName, zone: address.PostalZone }, `${d.mode}:${d.label}`).toEqual({
        street: document.buyer.postal.street,
        zone: document.buyer.postal.postalCode,
      });
    }
    const bucharest = issued.find((x) => x.label === "person-bucharest")!;
    const pdf = (await extractPdfText(await renderInvoicePdf((await getInvoice(bucharest.invoice.id))!, "Ana Nails"))).join("\n");
    expect(pdf).toContain("Str. Lalelelor 3\nSector 2, București, 021234");
  });

  it("the final invoice cites the advance invoice (BillingReference) and the credit note cites what it cancels", () => {
    for (const d of issued.filter((x) => x.label === "final" || x.label === "credit")) {
      const doc = parser.parse(d.xml)[d.label === "credit" ? "CreditNote" : "Invoice"];
      const cited = issued.find((x) => x.mode === d.mode && x.label === (d.label === "final" ? "advance" : "course"))!;
      expect(doc.BillingReference?.[0]?.InvoiceDocumentReference?.ID, `${d.mode}:${d.label}`).toBe(`${cited.invoice.series}${cited.invoice.number}`);
    }
  });
});

/** Runs validate.sh on one file: its exit code (0 pass, 1 fail, 2 tools missing) and output. */
function validate(file: string): Promise<{ file: string; code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(VALIDATOR, [file], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? Number(typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ file, code, output: `${stdout}${stderr}` });
    });
  });
}

describe("e-Factura XML through ANAF's official validator (EN 16931 + CIUS-RO)", () => {
  // About 4 s per document on an idle machine (three Java runs); two at a time.
  it.skipIf(!validatorReady)(`every document passes with 0 fatal rules${validatorReady ? "" : ` (skipped: ${skipReason})`}`, async () => {
    const queue = issued.map((d) => d.file);
    const results: Array<{ file: string; code: number; output: string }> = [];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) results.push(await validate(file));
    };
    await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
    results.sort((a, b) => a.file.localeCompare(b.file));
    const output = results.map((r) => r.output).join("\n");
    console.log(results.map((r) => `${path.basename(r.file)}: ${r.code === 0 ? "PASS" : "FAIL"}`).join("\n"));
    expect(results.filter((r) => r.code === 2), output).toEqual([]); // the validator's own tools are missing
    expect(results.filter((r) => r.code !== 0).map((r) => path.basename(r.file)), output).toEqual([]);
  }, 1_800_000);
});
