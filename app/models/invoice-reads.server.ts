/** Reading invoices and credit notes (lists, one document with its lines); the hand-entered e-Factura index. */
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { invoiceLines, invoices } from "../../db/schema";
import type { InvoiceDocument, InvoiceRow } from "~/services/invoice-document.server";

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────

export const invoiceNumber = (invoice: Pick<InvoiceRow, "series" | "number">) => `${invoice.series} ${invoice.number}`;

const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  series: invoices.series,
  number: invoices.number,
  issuedOn: invoices.issuedOn,
  totalBani: invoices.totalBani,
  vatBani: invoices.vatBani,
  vatMode: invoices.vatMode,
  orderId: invoices.orderId,
  orderReference: invoices.orderReference,
  efacturaStatus: invoices.efacturaStatus,
  efacturaIndex: invoices.efacturaIndex,
  efacturaErrors: invoices.efacturaErrors,
  efacturaProofKey: invoices.efacturaProofKey,
  issuedAt: invoices.issuedAt,
  buyer: invoices.buyer,
};

/** The user's invoices and credit notes, newest first (/cont#facturi). */
export async function listInvoicesForUser(userId: string) {
  return getDb().select(summaryColumns).from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

export async function listInvoicesForOrder(orderId: string) {
  return getDb().select(summaryColumns).from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

/** "2026-11" → invoices issued that month (Bucharest dates), newest first; null month → the latest 500. */
export async function listInvoicesForAdmin(month: string | null) {
  const range = month ? monthRange(month) : null;
  return getDb()
    .select(summaryColumns)
    .from(invoices)
    .where(range ? and(gte(invoices.issuedOn, range.from), lt(invoices.issuedOn, range.to)) : undefined)
    .orderBy(desc(invoices.issuedOn), desc(invoices.series), desc(invoices.number))
    .limit(month ? 100_000 : 500);
}

export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

export type { InvoiceDocument };

export async function getInvoice(invoiceId: string, executor: Executor = getDb()): Promise<InvoiceDocument | null> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) return null;
  const [invoice] = await executor.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const lines = await executor.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
  let reference: InvoiceDocument["reference"] = null;
  if (invoice.referenceInvoiceId) {
    const [ref] = await executor
      .select({ series: invoices.series, number: invoices.number, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(eq(invoices.id, invoice.referenceInvoiceId));
    reference = ref ?? null;
  }
  return { ...invoice, lines, reference };
}

/** The user's own invoice; another user's is "not found". */
export async function getInvoiceForUser(userId: string, invoiceId: string): Promise<InvoiceDocument | null> {
  const invoice = await getInvoice(invoiceId);
  return invoice && invoice.userId === userId ? invoice : null;
}

export async function getInvoicesByIds(ids: string[]): Promise<InvoiceDocument[]> {
  const found = await Promise.all(ids.map((id) => getInvoice(id)));
  return found.filter((x): x is InvoiceDocument => x !== null);
}

/**
 * Records the ANAF upload index entered by hand (status "transmisă"); an empty index puts it back
 * to "de transmis". Only for documents the ANAF connection does not handle (no upload attempt):
 * false when the document does not exist, "managed" when the connection owns its status.
 */
export async function setEfacturaStatus(invoiceId: string, uploadIndex: string): Promise<boolean | "managed"> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) return false;
  const index = uploadIndex.trim();
  const [current] = await getDb().select({ status: invoices.efacturaStatus }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!current) return false;
  const rows = await getDb()
    .update(invoices)
    .set(index ? { efacturaStatus: "uploaded", efacturaIndex: index, efacturaAt: new Date() } : { efacturaStatus: "pending", efacturaIndex: null, efacturaAt: null })
    .where(
      and(
        eq(invoices.id, invoiceId),
        inArray(invoices.efacturaStatus, ["pending", "uploaded"]),
        sql`not exists (select 1 from efactura_submissions s where s.invoice_id = ${invoices.id})`,
      ),
    )
    .returning({ id: invoices.id });
  return rows.length > 0 ? true : "managed";
}
