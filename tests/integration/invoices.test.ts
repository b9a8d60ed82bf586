/**
 * Invoices issued by the payment transitions: card IPN, bank transfer confirmed by the admin,
 * advance + rest, refunds (credit notes), numbering under concurrency, the owner-only PDF, the
 * e-Factura XML and the month's ZIP.
 */
import { inflateRawSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { invoiceLines, invoices, mailOutbox } from "../../db/schema";
import { isValidCui } from "~/lib/fiscal-ids";
import { CIUS_RO } from "~/lib/efactura/ubl";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { getInvoice } from "~/models/invoice-reads.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { handleCardNotification } from "~/models/payment.server";
import { action as orderAdminAction, loader as orderAdminLoader } from "~/routes/admin.comenzi.$id";
import { loader as adminFileLoader } from "~/routes/admin.facturi.$file";
import { loader as zipLoader } from "~/routes/admin.facturi.export[.]zip";
import { loader as pdfLoader } from "~/routes/cont_.facturi.$file";
import { action as settingsAction } from "~/routes/admin.setari-facturare";
import { action as accountAction } from "~/routes/cont";
import { efacturaXml } from "~/services/efactura/sender.server";
import { outboxIdle } from "~/services/mail-outbox.server";
import { renderMailAttachments as renderAttachments } from "~/models/mail-attachments.server";
import { buildNotificationXml, openEnvelope, sealEnvelope } from "~/services/payments/mobilpay.server";
import { CONFIRM_PATH } from "~/services/payments/provider.server";
import { getSimulatorKeys } from "~/services/payments/simulator-keys.server";
import { placeCardOrder } from "../helpers/card";
import { choosePickup, cookieFor, createCourse, createProduct, createUser, placeTransferOrder } from "../helpers/factories";
import { BASE, get, post, run } from "../helpers/http";
import { extractPdfText } from "../helpers/pdf-text";

const COMPANY = { buyerType: "company" as const, companyName: "Salon Bella S.R.L.", companyCui: "RO18547290", companyRegCom: "J13/555/2020", address: "Bd. Tomis 100, Constanța, 900001" };

async function invoicesOf(orderId: string) {
  return getDb().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.number);
}

async function transferOrder(userId: string, add: () => Promise<unknown>) {
  await add();
  if ((await getCart(userId)).lines.some((line) => line.category === "product")) await choosePickup(userId);
  return placeTransferOrder(userId);
}

let crc = 0;
function ipnBody(requestXml: string, action: string, amount: number) {
  const xml = buildNotificationXml(requestXml, {
    crc: `crc-${++crc}`,
    action,
    errorCode: 0,
    errorMessage: "Aprobată",
    purchase: "P-1",
    originalAmountBani: amount,
    processedAmountBani: amount,
    panMasked: "4****** ****1111",
  });
  const envelope = sealEnvelope(xml, getSimulatorKeys().merchantPublicPem);
  return new URLSearchParams({ ...envelope } as Record<string, string>).toString();
}
const notify = (body: string) =>
  handleCardNotification(new Request(`${BASE}${CONFIRM_PATH}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }));

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, isArray: (name) => ["InvoiceLine", "CreditNoteLine", "TaxSubtotal", "Note"].includes(name) });
const bani = (value: unknown) => Math.round(Number(typeof value === "object" && value ? (value as { "#text": string })["#text"] : value) * 100);

function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extra = buffer.readUInt16LE(at + 28);
    const name = buffer.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extra;
    files.set(name, inflateRawSync(buffer.subarray(start, start + size)).toString("utf8"));
    at = start + size;
  }
  return files;
}

describe("invoices", () => {
  let lastNumber = 0;
  const expectNext = (number: number) => {
    if (lastNumber) expect(number).toBe(lastNumber + 1);
    lastNumber = number;
  };

  it("a card IPN issues one invoice for the amount paid, attached to the confirmation e-mail; a replay issues nothing", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
    const { order, form } = await placeCardOrder(user.id, course.id, options[0].id);
    const requestXml = openEnvelope(form.fields, getSimulatorKeys().providerPrivatePem);
    const body = ipnBody(requestXml, "confirmed", 34900);
    expect((await notify(body)).outcome).toBe("applied");
    expect((await notify(ipnBody(requestXml, "confirmed", 34900))).outcome).toBe("unchanged");
    const issued = await invoicesOf(order.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: "invoice", series: "ANA", totalBani: 34900, vatBani: 6057, netBani: 28843, paymentMethod: "card" });
    expect(issued[0].buyer).toMatchObject({ type: "person", name: "Maria Popescu" });
    expectNext(issued[0].number);

    const queued = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const confirmation = queued.find((m) => m.attachments.length > 0)!;
    expect(confirmation.attachments).toEqual([{ kind: "invoice", id: issued[0].id }]);
    // What the outbox worker attaches when it sends the message (it may already have run).
    const files = await renderAttachments(confirmation.attachments);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([[`factura-ANA-${issued[0].number}.pdf`, "application/pdf"]]);
    expect((await extractPdfText(new Uint8Array(files[0].content))).join("\n")).toContain(`Seria ANA nr. ${issued[0].number}`);
  });

  it("a queued invoice mail is sent with its PDF by a fresh process: the outbox gets its renderer from the composition root", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 21900 }]);
    const { form } = await placeCardOrder(user.id, course.id, options[0].id);
    expect((await notify(ipnBody(openEnvelope(form.fields, getSimulatorKeys().providerPrivatePem), "confirmed", 21900))).outcome).toBe("applied");
    await outboxIdle();
    const queued = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const confirmation = queued.find((m) => m.attachments.length > 0)!;
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, confirmation.attachments[0].id));
    expectNext(invoice.number);
    // As if the process that queued it had died before sending: a new process finds it due.
    const due = () =>
      getDb().update(mailOutbox).set({ status: "pending", nextAttemptAt: new Date(0), claimToken: null }).where(eq(mailOutbox.id, confirmation.id));
    await due();
    vi.resetModules(); // a fresh process: fresh app modules (the database stays)
    const outbox = await import("~/services/mail-outbox.server");
    const sent: Array<{ subject: string; files: string[] }> = [];
    const send = async (m: { subject: string }, files: Array<{ filename: string }>) => void sent.push({ subject: m.subject, files: files.map((f) => f.filename) });
    // Not wired: the message is not sent without the invoice it announces (it stays queued).
    await outbox.processOutbox({ send });
    expect(sent.filter((m) => m.subject === confirmation.subject)).toEqual([]);
    const [kept] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, confirmation.id));
    expect(kept.status).toBe("pending");
    // Wired as every server process is at start: sent, with the PDF.
    (await import("~/composition.server")).composeApp();
    await due();
    await outbox.processOutbox({ send });
    expect(sent.filter((m) => m.subject === confirmation.subject)).toEqual([{ subject: confirmation.subject, files: [`factura-ANA-${invoice.number}.pdf`] }]);
  });

  it("the admin confirming a company's bank transfer issues its invoice with the CUI; continuous numbers", async () => {
    const user = await createUser(COMPANY);
    const product = await createProduct({ priceBani: 12100 });
    const order = await transferOrder(user.id, () => addProductToCart(user.id, product.id));
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    const click = () => run(orderAdminAction, post(`/admin/comenzi/${order.id}`, { intent: "confirm" }, { cookie }), { id: order.id });
    expect((await click()).status).toBe(302);
    expect((await click()).status).toBe(302); // a double click
    const issued = await invoicesOf(order.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ totalBani: 12100, vatBani: 2100, netBani: 10000, paymentMethod: "bank_transfer" });
    expect(issued[0].buyer).toMatchObject({ type: "company", name: "Salon Bella S.R.L.", cui: "RO18547290", regCom: "J13/555/2020" });
    expectNext(issued[0].number);
  });

  it("a free order gets no invoice", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 0 }]);
    await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id });
    const cart = await getCart(user.id);
    const placed = await placeOrder(user.id, { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version }, { cardAvailable: false });
    expect(placed.ok && placed.order.status).toBe("paid");
    if (placed.ok) expect(await invoicesOf(placed.order.id)).toHaveLength(0);
  });

  it("advance then 'Încasează restul': an advance invoice and a final one deducting it, numbers continuous", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, [
      { days: 5, amountBani: 200000 },
      { days: 5, amountBani: 50000, advancePayment: true },
    ]);
    const order = await transferOrder(user.id, () => addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, advancePayment: true }));
    expect(order.totalBani).toBe(50000);
    await transitionOrder(order.id, "paid", { source: "admin" });
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    // Without the confirmation step nothing is issued: the page asks first.
    const unconfirmed = await run(orderAdminAction, post(`/admin/comenzi/${order.id}`, { intent: "collect-rest" }, { cookie }), { id: order.id });
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/comenzi/${order.id}?confirma=collect-rest#facturi`);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const asking = await run(orderAdminLoader, get(`/admin/comenzi/${order.id}?confirma=collect-rest`, { cookie }), { id: order.id });
    expect((await asking.json()).confirming).toBe("collect-rest");
    for (let i = 0; i < 2; i++) {
      expect((await run(orderAdminAction, post(`/admin/comenzi/${order.id}`, { intent: "collect-rest", confirmed: "da" }, { cookie }), { id: order.id })).status).toBe(302);
    }
    const [advance, final] = await invoicesOf(order.id);
    expect(await invoicesOf(order.id)).toHaveLength(2);
    expect(advance).toMatchObject({ kind: "advance", totalBani: 50000 });
    expect(final).toMatchObject({ kind: "final", totalBani: 150000, referenceInvoiceId: advance.id });
    expectNext(advance.number);
    expectNext(final.number);
    const lines = await getDb().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, final.id)).orderBy(invoiceLines.position);
    expect(lines.map((l) => l.grossBani)).toEqual([200000, -50000]);
    expect(lines[1].description).toContain(`ANA ${advance.number}`);
    expect(advance.vatBani + final.vatBani).toBe(lines[0].vatBani);
    // The final invoice is e-mailed like the others (once, PDF attached), despite the double click.
    const mails = (await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).filter((m) => m.subject.startsWith("Factura finală"));
    expect(mails.map((m) => [m.subject, m.attachments])).toEqual([[`Factura finală ANA ${final.number} – ${order.reference}`, [{ kind: "invoice", id: final.id }]]]);
  });

  it("a refund issues one credit note, negative and referencing the invoice; a second refund click issues nothing", async () => {
    const user = await createUser();
    const product = await createProduct({ priceBani: 9999 });
    const order = await transferOrder(user.id, () => addProductToCart(user.id, product.id));
    await transitionOrder(order.id, "paid", { source: "admin" });
    await transitionOrder(order.id, "refunded", { source: "admin" });
    await transitionOrder(order.id, "refunded", { source: "admin" });
    const [invoice, credit] = await invoicesOf(order.id);
    expect(await invoicesOf(order.id)).toHaveLength(2);
    expect(credit).toMatchObject({ kind: "credit", totalBani: -9999, vatBani: -invoice.vatBani, netBani: -invoice.netBani, referenceInvoiceId: invoice.id });
    expectNext(invoice.number);
    expectNext(credit.number);
  });

  it("20 concurrent confirmations get 20 distinct, continuous numbers", async () => {
    const product = await createProduct({ priceBani: 5000 });
    const orders = [];
    for (let i = 0; i < 20; i++) {
      const user = await createUser();
      orders.push(await transferOrder(user.id, () => addProductToCart(user.id, product.id)));
    }
    const results = await Promise.all(orders.map((o) => transitionOrder(o.id, "paid", { source: "admin" })));
    expect(results.every((r) => r.ok && r.changed)).toBe(true);
    const numbers = (await Promise.all(orders.map((o) => invoicesOf(o.id)))).map((list) => {
      expect(list).toHaveLength(1);
      return list[0].number;
    });
    numbers.sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]).toBe(19);
    expect(numbers[0]).toBe(lastNumber + 1);
    lastNumber = numbers.at(-1)!;
  });

  it("the PDF is the owner's only (another user's answers 404) and reads back number, CUI, totals and VAT", async () => {
    const owner = await createUser(COMPANY);
    const product = await createProduct({ title: "Gel UV 50 ml", priceBani: 24200 });
    const order = await transferOrder(owner.id, () => addProductToCart(owner.id, product.id));
    await transitionOrder(order.id, "paid", { source: "admin" });
    const [invoice] = await invoicesOf(order.id);
    const path = `/cont/facturi/${invoice.id}.pdf`;
    const stranger = await createUser();
    expect((await run(pdfLoader, get(path, { cookie: await cookieFor(stranger.id) }), { file: `${invoice.id}.pdf` })).status).toBe(404);
    expect((await run(pdfLoader, get(path, { cookie: await cookieFor(owner.id) }), { file: "nu-exista.pdf" })).status).toBe(404);
    const response = await run(pdfLoader, get(path, { cookie: await cookieFor(owner.id) }), { file: `${invoice.id}.pdf` });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = (await extractPdfText(new Uint8Array(await response.arrayBuffer()))).join("\n");
    expect(text).toContain(`Seria ANA nr. ${invoice.number}`);
    expect(text).toContain("CUI/CIF: RO18547290");
    expect(text).toContain("242,00 RON");
    expect(text).toContain("TVA 21%:");
    expect(text).toContain("42,00 RON");
    expect(text).toContain("Gel UV 50 ml");
  });

  it("the e-Factura XML parses and carries CIUS-RO's mandatory fields with totals exact to the ban", async () => {
    const user = await createUser();
    const a = await createProduct({ priceBani: 3333 });
    const b = await createProduct({ priceBani: 1001 });
    await addProductToCart(user.id, a.id);
    const order = await transferOrder(user.id, () => addProductToCart(user.id, b.id));
    await transitionOrder(order.id, "paid", { source: "admin" });
    await transitionOrder(order.id, "refunded", { source: "admin" });
    const [invoiceRow, creditRow] = await invoicesOf(order.id);

    const invoice = (await getInvoice(invoiceRow.id))!;
    const doc = parser.parse(efacturaXml(invoice)).Invoice;
    expect(doc.UBLVersionID).toBe("2.1");
    expect(doc.CustomizationID).toBe(CIUS_RO);
    expect(doc.ID).toBe(`ANA${invoice.number}`);
    expect(doc.IssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.InvoiceTypeCode).toBe("380");
    expect(doc.DocumentCurrencyCode).toBe("RON");
    expect(doc.OrderReference.ID).toBe(order.reference);
    const supplier = doc.AccountingSupplierParty.Party;
    expect(isValidCui(supplier.PartyTaxScheme.CompanyID)).toBe(true);
    expect(supplier.PartyTaxScheme.CompanyID).toMatch(/^RO\d+$/);
    expect(supplier.PostalAddress.CountrySubentity).toBe("RO-CT");
    expect(supplier.PostalAddress.Country.IdentificationCode).toBe("RO");
    const buyer = doc.AccountingCustomerParty.Party;
    expect(buyer.PartyLegalEntity.CompanyID).toBe("0000000000000");
    expect(buyer.PartyLegalEntity.RegistrationName).toBe("Maria Popescu");
    expect(buyer.PostalAddress.CountrySubentity).toBe("RO-CT");
    expect(buyer.PostalAddress.CityName).toBe("Constanța");

    const lines = doc.InvoiceLine as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(2);
    const lineSum = lines.reduce((s, l) => s + bani(l.LineExtensionAmount), 0);
    const totals = doc.LegalMonetaryTotal;
    expect(bani(totals.LineExtensionAmount)).toBe(lineSum);
    expect(bani(totals.TaxExclusiveAmount)).toBe(lineSum);
    const subtotals = doc.TaxTotal.TaxSubtotal as Array<Record<string, unknown>>;
    expect(subtotals).toHaveLength(1);
    expect(bani(subtotals[0].TaxableAmount)).toBe(lineSum);
    expect((subtotals[0].TaxCategory as { ID: string; Percent: string })).toMatchObject({ ID: "S", Percent: "21" });
    expect(bani(doc.TaxTotal.TaxAmount)).toBe(bani(subtotals[0].TaxAmount));
    expect(bani(totals.TaxInclusiveAmount)).toBe(lineSum + bani(doc.TaxTotal.TaxAmount));
    expect(bani(totals.TaxInclusiveAmount)).toBe(4334);
    // Issued once paid: all of it prepaid, nothing due (docs/decisions: e-Factura amount due).
    expect(bani(totals.PrepaidAmount)).toBe(4334);
    expect(bani(totals.PayableAmount)).toBe(0);
    expect((totals.PayableAmount as Record<string, string>)["@_currencyID"]).toBe("RON");

    const credit = parser.parse(efacturaXml((await getInvoice(creditRow.id))!)).CreditNote;
    expect(credit.CreditNoteTypeCode).toBe("381");
    expect(credit.BillingReference.InvoiceDocumentReference.ID).toBe(`ANA${invoice.number}`);
    expect(bani(credit.LegalMonetaryTotal.PrepaidAmount)).toBe(4334);
    expect(bani(credit.LegalMonetaryTotal.PayableAmount)).toBe(0);
    expect((credit.CreditNoteLine as unknown[]).length).toBe(2);
  });

  it("the admin downloads one XML and the month's ZIP of XML files", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    const [any] = await getDb().select().from(invoices).limit(1);
    const xml = await run(adminFileLoader, get(`/admin/facturi/${any.id}.xml`, { cookie }), { file: `${any.id}.xml` });
    expect(xml.headers.get("Content-Type")).toContain("application/xml");
    const month = any.issuedOn.slice(0, 7);
    const response = await run(zipLoader, get(`/admin/facturi/export.zip?luna=${month}`, { cookie }));
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const files = unzip(Buffer.from(await response.arrayBuffer()));
    const count = (await getDb().select().from(invoices)).length;
    expect(files.size).toBe(count);
    expect(files.get(`ANA${any.number}.xml`)).toContain(CIUS_RO);
    const user = await createUser();
    expect((await run(zipLoader, get(`/admin/facturi/export.zip?luna=${month}`, { cookie: await cookieFor(user.id) }))).status).not.toBe(200);
  });

  it("the buyer saves company details in /cont (CUI checksum checked) and the next order's invoice carries them", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const fields = { intent: "billing", street: "Str. Lalelelor 3", county: "RO-B", sector: "2", buyerType: "company", companyName: "Unghii Perfecte S.R.L.", companyRegCom: "J40/123/2021" };
    const bad = await run(accountAction, post("/cont", { ...fields, companyCui: "RO18547291" }, { cookie }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("CUI invalid");
    const missing = await run(accountAction, post("/cont", { ...fields, companyName: "", companyCui: "" }, { cookie }));
    expect(JSON.stringify(await missing.json())).toContain("CUI-ul firmei este obligatoriu.");
    expect((await run(accountAction, post("/cont", { ...fields, companyCui: "ro 18547290" }, { cookie }))).status).toBe(302);
    const product = await createProduct({ priceBani: 1000 });
    const order = await transferOrder(user.id, () => addProductToCart(user.id, product.id));
    await transitionOrder(order.id, "paid", { source: "admin" });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice.buyer).toMatchObject({ type: "company", name: "Unghii Perfecte S.R.L.", cui: "RO18547290", regCom: "J40/123/2021" });
    const party = parser.parse(efacturaXml((await getInvoice(invoice.id))!)).Invoice.AccountingCustomerParty.Party;
    expect(party.PartyTaxScheme.CompanyID).toBe("RO18547290");
    expect(party.PartyLegalEntity.CompanyID).toBe("18547290");
    expect(party.PostalAddress).toMatchObject({ StreetName: "Str. Lalelelor 3", CityName: "SECTOR2", CountrySubentity: "RO-B" });
    lastNumber = invoice.number;
  });

  it("settings: CUI and IBAN checked, the next number never goes back; a non-payer's invoice has no VAT", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    const valid = {
      name: "Ana Nails Academy S.R.L.", cui: "41234564", regCom: "J13/1234/2019", address: "Str. Ștefan cel Mare 45", city: "Constanța", county: "RO-CT",
      bank: "Banca Transilvania", iban: "RO49AAAA1B31007593840000", series: "ANA", nextNumber: String(lastNumber + 1), vatMode: "non_payer", vatRate: "21", exemptText: "",
    };
    const save = (fields: Record<string, string>) => run(settingsAction, post("/admin/setari-facturare", fields, { cookie }));
    const badCui = await save({ ...valid, cui: "41234567" });
    expect(badCui.status).toBe(400);
    expect(JSON.stringify(await badCui.json())).toContain("CUI invalid");
    const roNonPayer = await save({ ...valid, cui: "RO41234564" });
    expect(roNonPayer.status).toBe(400);
    expect(JSON.stringify(await roNonPayer.json())).toContain("Un neplătitor de TVA nu are cod de TVA: scrieți CUI-ul fără RO");
    const payerWithoutRo = await save({ ...valid, vatMode: "payer" });
    expect(JSON.stringify(await payerWithoutRo.json())).toContain("scrieți RO în fața CUI-ului");
    const badIban = await save({ ...valid, iban: "RO49AAAA1B31007593840001" });
    expect(JSON.stringify(await badIban.json())).toContain("IBAN invalid");
    const back = await save({ ...valid, nextNumber: String(lastNumber) });
    expect(back.status).toBe(409);
    expect(JSON.stringify(await back.json())).toContain(`nu poate scădea sub ${lastNumber + 1}`);
    expect((await save({ ...valid, nextNumber: String(lastNumber + 10) })).status).toBe(302);

    const user = await createUser();
    const product = await createProduct({ priceBani: 12100 });
    const order = await transferOrder(user.id, () => addProductToCart(user.id, product.id));
    await transitionOrder(order.id, "paid", { source: "admin" });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ number: lastNumber + 10, vatMode: "non_payer", vatBani: 0, netBani: 12100, totalBani: 12100 });
    const doc = parser.parse(efacturaXml((await getInvoice(invoice.id))!)).Invoice;
    expect(doc.AccountingSupplierParty.Party.PartyTaxScheme).toMatchObject({ CompanyID: "41234564", TaxScheme: { ID: "FC" } });
    expect(doc.TaxTotal.TaxSubtotal[0].TaxCategory).toMatchObject({ ID: "O", TaxExemptionReasonCode: "VATEX-EU-O" });
    expect(doc.Note).toContain("Neplătitor de TVA");
  });
});
