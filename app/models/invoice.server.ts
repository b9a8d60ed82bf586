/**
 * Fiscal invoices and credit notes (issue 15).
 *
 * - Issued inside the transaction that makes an order paid or refunded (order-status.server.ts calls
 *   `issueForTransition` once), so money and invoice commit together or not at all.
 * - Numbering: `update invoice_series set next_number = next_number + 1 … returning` takes the
 *   counter's row lock until commit: concurrent issues queue on it, a rolled-back issue gives
 *   its number back, so numbers within a series are unique and continuous.
 * - Idempotent: one invoice per order and kind (unique idempotency key), looked up under the
 *   order's row lock; a replayed IPN or a second admin click returns the existing invoice.
 * - Immutable: nothing here updates an invoice except its e-Factura status; a correction is a
 *   credit note (all lines negated, referencing the cancelled invoice).
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client";
import {
  invoiceLines,
  invoiceSeries,
  invoices,
  orderDeliveries,
  orderEvents,
  orderLines,
  orders,
  type users,
  type InvoiceKind,
  type OrderStatus,
} from "../../db/schema";
import { todayInBucharest } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { composeInvoice, creditDraft, draftLines, isAdvanceLine, type DraftLine, type ShippingForInvoice } from "~/lib/invoice-lines";
import type { BuyerSnapshot } from "~/lib/invoice-types";
import { isCompleteAddress, postalOfColumns } from "~/lib/address";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";
import { correctedInvoiceMail, finalInvoiceMail } from "~/models/mail-templates.server";
import { getIssuerSettings } from "~/models/invoice-settings.server";
import { invoiceNumber } from "~/models/invoice-reads.server";

import type { InvoiceLineRow, InvoiceRow } from "~/services/invoice-document.server";

export type { InvoiceLineRow, InvoiceRow };
export type OrderRowForInvoice = typeof orders.$inferSelect;

// ─── Issuing ─────────────────────────────────────────────────────────────────────────────────

/** The buyer recorded on the order (older orders: the billing name and address as a person). */
export function buyerOf(order: OrderRowForInvoice): BuyerSnapshot {
  return (
    order.buyer ?? { type: "person", name: order.billingName, address: order.billingAddress, email: order.billingEmail, cui: "", regCom: "" }
  );
}

/** The buyer snapshot taken at checkout from the account's billing data. */
export function buyerSnapshotOf(user: typeof users.$inferSelect): BuyerSnapshot {
  const company = user.buyerType === "company" && user.companyName.trim() !== "";
  const postal = postalOfColumns(user);
  return {
    type: company ? "company" : "person",
    name: company ? user.companyName.trim() : user.name,
    address: user.address.trim(),
    // The fields go with the snapshot when complete; an old one-line address has none (the
    // e-Factura XML then reads the line, lib/efactura/ubl.ts buyerAddress).
    ...(isCompleteAddress(postal) ? { postal } : {}),
    email: user.email,
    cui: company ? user.companyCui : "",
    regCom: company ? user.companyRegCom : "",
  };
}

async function takeNumber(tx: Tx, series: string): Promise<number> {
  await tx.insert(invoiceSeries).values({ series, nextNumber: 1 }).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceSeries)
    .set({ nextNumber: sql`${invoiceSeries.nextNumber} + 1` })
    .where(eq(invoiceSeries.series, series))
    .returning({ taken: sql<number>`${invoiceSeries.nextNumber} - 1` });
  return Number(row.taken);
}

interface IssueRequest {
  order: OrderRowForInvoice;
  kind: InvoiceKind;
  key: string;
  drafts: DraftLine[];
  referenceInvoiceId?: string | null;
  now: Date;
}

/** Issues one document, or returns the one already issued under the same key. */
async function issue(tx: Tx, request: IssueRequest): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.idempotencyKey, request.key));
  if (existing) return { invoice: existing, created: false };
  const settings = await getIssuerSettings(tx);
  const { series, ...issuer } = settings;
  const composed = composeInvoice(request.drafts, settings.vatMode);
  const number = await takeNumber(tx, series);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      idempotencyKey: request.key,
      kind: request.kind,
      series,
      number,
      orderId: request.order.id,
      userId: request.order.userId,
      referenceInvoiceId: request.referenceInvoiceId ?? null,
      issuedOn: todayInBucharest(request.now),
      issuedAt: request.now,
      issuer,
      buyer: buyerOf(request.order),
      vatMode: settings.vatMode,
      paymentMethod: request.order.paymentMethod,
      orderReference: request.order.reference,
      currency: request.order.currency,
      netBani: composed.split.netBani,
      vatBani: composed.split.vatBani,
      totalBani: composed.split.grossBani,
    })
    .returning();
  await tx.insert(invoiceLines).values(
    composed.lines.map((line, position) => ({
      invoiceId: invoice.id,
      position,
      description: line.description,
      quantity: line.quantity,
      unitCode: line.unitCode,
      vatCategory: line.vatCategory,
      vatRate: line.vatRate,
      netBani: line.netBani,
      vatBani: line.vatBani,
      grossBani: line.grossBani,
    })),
  );
  return { invoice, created: true };
}

/** An in-person course's invoice line names the session bought (its days, hours and place). */
function withSession<T extends { title: string; sessionLabel: string }>(line: T): T {
  return line.sessionLabel ? { ...line, title: `${line.title} – sesiunea ${line.sessionLabel}` } : line;
}

/**
 * The one call order-status.server.ts makes after an order changed status (inside its transaction, the
 * order row locked): paid → the invoice (an advance invoice when only an advance was paid; none
 * for a free order); refunded → one credit note cancelling the order's invoices.
 */
export async function issueForTransition(tx: Tx, order: OrderRowForInvoice, to: OrderStatus, now: Date): Promise<InvoiceRow | null> {
  if (to === "paid") {
    if (order.totalBani <= 0) return null;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const { vatRate } = await getIssuerSettings(tx);
    const kind = lines.some(isAdvanceLine) ? "advance" : "invoice";
    const drafts = draftLines(kind, lines.map(withSession), vatRate, "", await shippingOf(tx, order));
    return (await issue(tx, { order, kind, key: `${order.id}:${kind}`, drafts, now })).invoice;
  }
  if (to === "refunded") return issueCreditNote(tx, order, now);
  return null;
}

/** The delivery fee the buyer paid with the order (null when none), for its first invoice. */
async function shippingOf(tx: Tx, order: OrderRowForInvoice): Promise<ShippingForInvoice | null> {
  if (order.shippingBani <= 0) return null;
  const [delivery] = await tx.select({ methodName: orderDeliveries.methodName }).from(orderDeliveries).where(eq(orderDeliveries.orderId, order.id));
  return { methodName: delivery?.methodName ?? "livrare", grossBani: order.shippingBani };
}

/** One credit note per order: every line of the order's invoices, negated. */
async function issueCreditNote(tx: Tx, order: OrderRowForInvoice, now: Date): Promise<InvoiceRow | null> {
  const issued = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), ne(invoices.kind, "credit")))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  if (issued.length === 0) return null;
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, issued.map((i) => i.id)));
  const order_ = new Map(issued.map((inv, i) => [inv.id, i]));
  lines.sort((a, b) => order_.get(a.invoiceId)! - order_.get(b.invoiceId)! || a.position - b.position);
  const drafts = creditDraft(
    lines.map((l) => ({ description: l.description, quantity: l.quantity, unitCode: l.unitCode as "H87" | "E48", grossBani: l.grossBani, vatRate: l.vatRate })),
  );
  const reference = issued.at(-1)!;
  return (await issue(tx, { order, kind: "credit", key: `${order.id}:credit`, drafts, referenceInvoiceId: reference.id, now })).invoice;
}

export type CollectRestResult =
  | { ok: true; invoice: InvoiceRow; created: boolean }
  | { ok: false; message: string; status: 404 | 409 };

/** "Încasează restul": the balance of an advance order was paid at the course → the final invoice. */
export async function collectRest(orderId: string, actorUserId: string | null, now = new Date()): Promise<CollectRestResult> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return { ok: false, status: 404, message: "Comanda nu există." };
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, status: 404, message: "Comanda nu există." } as const;
    if (order.status !== "paid") return { ok: false, status: 409, message: "Restul se încasează doar pentru o comandă plătită." } as const;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    if (!lines.some(isAdvanceLine)) return { ok: false, status: 409, message: "Comanda nu are un avans de completat." } as const;
    const [advance] = await tx.select().from(invoices).where(eq(invoices.idempotencyKey, `${order.id}:advance`));
    const { vatRate } = await getIssuerSettings(tx);
    const drafts = draftLines("final", lines.map(withSession), vatRate, advance ? `${advance.series} ${advance.number}` : "");
    const result = await issue(tx, { order, kind: "final", key: `${order.id}:final`, drafts, referenceInvoiceId: advance?.id ?? null, now });
    if (result.created) {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        source: "admin",
        actorUserId,
        note: `Rest încasat la curs: factura finală ${result.invoice.series} ${result.invoice.number}.`,
      });
      // The buyer gets the final invoice like every other document (PDF attached when sent).
      const mail = finalInvoiceMail({
        to: order.billingEmail,
        name: order.billingName,
        reference: order.reference,
        invoiceNumber: invoiceNumber(result.invoice),
        restText: formatMoney(result.invoice.totalBani),
        courses: lines.filter(isAdvanceLine).map((l) => l.title),
      });
      await enqueueMail(tx, { ...mail, attachments: [{ kind: "invoice", id: result.invoice.id }] });
    }
    return { ok: true, ...result } as const;
  }).then((result) => {
    if (result.ok && result.created) kickOutbox();
    return result;
  });
}

// ─── Correcting a document ANAF rejected (issue 24) ──────────────────────────────────────────

export type ReissueResult =
  | { ok: true; credit: InvoiceRow | null; replacement: InvoiceRow; mailed: boolean }
  | { ok: false; status: 404 | 409; message: string };

/**
 * The fix for a document ANAF rejected, as the law allows: the issued number is never given a new
 * XML. In one transaction: a credit note cancelling the rejected document (every line negated,
 * referencing it) and a new document of the same kind, same lines and amounts, under the current
 * issuer settings and the order's buyer (a rejected credit note is replaced by a new credit note).
 * Idempotent: keys `<document>:storno` and `<document>:reissue`.
 */
export async function reissueRejected(invoiceId: string, now = new Date()): Promise<ReissueResult> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) return { ok: false, status: 404, message: "Factura nu există." };
  return getDb().transaction(async (tx) => {
    const [original] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!original) return { ok: false, status: 404, message: "Factura nu există." } as const;
    if (original.efacturaStatus !== "rejected") return { ok: false, status: 409, message: "Doar un document respins de ANAF se corectează astfel." } as const;
    const [order] = await tx.select().from(orders).where(eq(orders.id, original.orderId)).for("update");
    const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, original.id)).orderBy(asc(invoiceLines.position));
    const { vatRate } = await getIssuerSettings(tx);
    const same = lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitCode: l.unitCode as "H87" | "E48",
      grossBani: l.grossBani,
      vatRate: l.vatRate || vatRate,
    }));
    let credit: InvoiceRow | null = null;
    if (original.kind !== "credit") {
      credit = (await issue(tx, { order, kind: "credit", key: `${original.id}:storno`, drafts: creditDraft(same), referenceInvoiceId: original.id, now })).invoice;
    }
    const reissued = await issue(tx, { order, kind: original.kind, key: `${original.id}:reissue`, drafts: same, referenceInvoiceId: original.referenceInvoiceId, now });
    const replacement = reissued.invoice;
    if (reissued.created) {
      // The buyer gets the corrected documents like the first one (PDFs attached when sent).
      const mail = correctedInvoiceMail({
        to: order.billingEmail,
        name: order.billingName,
        reference: order.reference,
        original: invoiceNumber(original),
        credit: credit ? invoiceNumber(credit) : null,
        replacement: invoiceNumber(replacement),
      });
      const attachments = [...(credit ? [credit] : []), replacement].map((doc) => ({ kind: "invoice" as const, id: doc.id }));
      await enqueueMail(tx, { ...mail, attachments });
    }
    return { ok: true, credit, replacement, mailed: reissued.created } as const;
  }).then((result) => {
    if (result.ok && result.mailed) kickOutbox();
    return result;
  });
}
