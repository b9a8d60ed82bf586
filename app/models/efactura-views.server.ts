/** RO e-Factura, what /admin/facturi reads: each document's latest attempt and its corrections. */
import { asc, desc, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { efacturaSubmissions, invoices } from "../../db/schema";

/** The latest attempt of each document (state, polls, last error) for /admin/facturi. */
export async function latestSubmissions(invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, typeof efacturaSubmissions.$inferSelect>();
  const rows = await getDb()
    .select()
    .from(efacturaSubmissions)
    .where(inArray(efacturaSubmissions.invoiceId, invoiceIds))
    .orderBy(asc(efacturaSubmissions.invoiceId), desc(efacturaSubmissions.attempt));
  const map = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!map.has(row.invoiceId)) map.set(row.invoiceId, row);
  return map;
}

/** For each rejected document corrected by reissueRejected: the credit note's and the new document's numbers. */
export async function correctionsOf(invoiceIds: string[]): Promise<Map<string, { credit: string | null; replacement: string }>> {
  const map = new Map<string, { credit: string | null; replacement: string }>();
  if (invoiceIds.length === 0) return map;
  const keys = invoiceIds.flatMap((id) => [`${id}:storno`, `${id}:reissue`]);
  const rows = await getDb().select({ key: invoices.idempotencyKey, series: invoices.series, number: invoices.number }).from(invoices).where(inArray(invoices.idempotencyKey, keys));
  const byKey = new Map(rows.map((r) => [r.key, `${r.series} ${r.number}`]));
  for (const id of invoiceIds) {
    const replacement = byKey.get(`${id}:reissue`);
    if (replacement) map.set(id, { credit: byKey.get(`${id}:storno`) ?? null, replacement });
  }
  return map;
}
