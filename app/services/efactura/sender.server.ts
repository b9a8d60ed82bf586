/**
 * How an issued invoice reaches ANAF's RO e-Factura. Today the site only exports the XML
 * (/admin/facturi: one file or the month's ZIP); the business uploads it in the SPV and enters
 * the upload index, which marks the invoice "transmisă". A direct connection (ANAF's OAuth API
 * with a qualified certificate, or an invoicing service) implements `EfacturaSender` and is
 * returned by `getEfacturaSender`; none is configured, and nothing pretends to transmit.
 */
import { buildUbl, settlementAtIssue, ublDocumentId } from "~/lib/efactura/ubl";
import type { InvoiceDocument } from "~/models/invoice.server";

export interface EfacturaSender {
  readonly name: string;
  /** Uploads one document; resolves with ANAF's upload index (index de încărcare). */
  upload(fileName: string, xml: string): Promise<{ uploadIndex: string }>;
}

/** No connector is configured: export only. */
export function getEfacturaSender(): EfacturaSender | null {
  return null;
}

export function efacturaXml(invoice: InvoiceDocument): string {
  return buildUbl({ ...invoice, settlement: settlementAtIssue(invoice) });
}

export const efacturaFileName = (invoice: Pick<InvoiceDocument, "series" | "number">) => `${ublDocumentId(invoice)}.xml`;
