/**
 * An order of several units delivered by courier: its invoice lists the real quantity and the
 * delivery fee as its own line, so what the buyer paid, the order's total and the invoice's total
 * (PDF, e-Factura XML) are the same figure; the credit note of a refund cancels all of it.
 */
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { invoices } from "../../db/schema";
import { addProductToCart } from "~/models/cart.server";
import { saveCartDelivery } from "~/models/delivery.server";
import { getInvoice } from "~/models/invoice-reads.server";
import { transitionOrder } from "~/models/order-status.server";
import { efacturaXml } from "~/services/efactura/sender.server";
import { createDeliveryMethod, createProduct, createUser, placeTransferOrder } from "../helpers/factories";

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, isArray: (name) => ["InvoiceLine", "CreditNoteLine"].includes(name) });
const bani = (value: unknown) => Math.round(Number(typeof value === "object" && value ? (value as { "#text": string })["#text"] : value) * 100);
const quantityOf = (line: Record<string, unknown>, tag: string) => Number((line[tag] as { "#text": string })["#text"]);

describe("invoice of a delivered order", () => {
  it("three units and a courier fee: invoice total = order total, on the XML too; the credit note cancels both lines", async () => {
    const user = await createUser();
    const product = await createProduct({ title: "Gel UV 15 ml", priceBani: 4_990 });
    const courier = await createDeliveryMethod({ name: "Curier rapid", feeBani: 1_990, freeAboveBani: null });
    await addProductToCart(user.id, product.id, 3);
    const saved = await saveCartDelivery(
      user.id,
      { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, recipientName: "Ioana Pop", recipientPhone: "0722 123 456", street: "Str. Mircea cel Bătrân 10", city: "Constanța", county: "Constanța", postalCode: "900123" },
      { name: "", phone: "", address: "" },
    );
    expect(saved).toMatchObject({ ok: true });
    const placed = { order: await placeTransferOrder(user.id) };
    expect(placed.order.totalBani).toBe(3 * 4_990 + 1_990);

    await transitionOrder(placed.order.id, "paid", { source: "admin" });
    const [row] = await getDb().select().from(invoices).where(eq(invoices.orderId, placed.order.id));
    expect(row.totalBani).toBe(placed.order.totalBani);
    const invoice = (await getInvoice(row.id))!;
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unitCode, l.grossBani])).toEqual([
      ["Gel UV 15 ml", 3, "H87", 14_970],
      ["Transport – Curier rapid", 1, "E48", 1_990],
    ]);

    const doc = parser.parse(efacturaXml(invoice)).Invoice;
    const lines = doc.InvoiceLine as Array<Record<string, unknown>>;
    expect(lines.map((l) => quantityOf(l, "InvoicedQuantity"))).toEqual([3, 1]);
    expect(bani(doc.LegalMonetaryTotal.TaxInclusiveAmount)).toBe(placed.order.totalBani);
    expect(bani(doc.LegalMonetaryTotal.PrepaidAmount)).toBe(placed.order.totalBani);
    expect(lines.reduce((s, l) => s + bani(l.LineExtensionAmount), 0)).toBe(bani(doc.LegalMonetaryTotal.LineExtensionAmount));
    // Quantity × item net price gives the line's net amount back to the ban.
    for (const line of lines) {
      const price = Number(((line.Price as Record<string, unknown>).PriceAmount as { "#text": string })["#text"]);
      expect(Math.round(price * quantityOf(line, "InvoicedQuantity") * 100)).toBe(bani(line.LineExtensionAmount));
    }

    await transitionOrder(placed.order.id, "refunded", { source: "admin" });
    const credit = (await getDb().select().from(invoices).where(eq(invoices.orderId, placed.order.id))).find((i) => i.kind === "credit")!;
    expect(credit.totalBani).toBe(-placed.order.totalBani);
    const creditDoc = parser.parse(efacturaXml((await getInvoice(credit.id))!)).CreditNote;
    expect((creditDoc.CreditNoteLine as Array<Record<string, unknown>>).map((l) => quantityOf(l, "CreditedQuantity"))).toEqual([3, 1]);
  });
});
