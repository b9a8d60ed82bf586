/**
 * What the invoice adapters (the PDF in invoice-pdf.server.ts, the e-Factura XML in
 * efactura/sender.server.ts) are given: an issued invoice or credit note with its lines and the
 * document it refers to. Declared here, beside its readers, so that the adapters import nothing
 * from the models; models/invoice-reads.server.ts fills it.
 */
import type { invoiceLines, invoices } from "../../db/schema";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceDocument = InvoiceRow & { lines: InvoiceLineRow[]; reference: Pick<InvoiceRow, "series" | "number" | "issuedOn"> | null };
