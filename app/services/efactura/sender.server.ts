/**
 * The XML of an issued document and its file name, shared by the two ways a document reaches
 * ANAF's RO e-Factura: the direct connection (app/models/efactura.server.ts uploads it through
 * ANAF's API once the company is connected in /admin/setari-facturare) and the manual path
 * (/admin/facturi exports one file or the month's ZIP; the admin uploads it in the SPV and enters
 * the upload index). `EfacturaSender` remains for another connector (an invoicing service).
 */
import { buildUbl, settlementAtIssue, ublDocumentId } from "~/lib/efactura/ubl";
import type { InvoiceDocument } from "~/services/invoice-document.server";

export interface EfacturaSender {
  readonly name: string;
  /** Uploads one document; resolves with ANAF's upload index (index de încărcare). */
  upload(fileName: string, xml: string): Promise<{ uploadIndex: string }>;
}

/** No third-party connector: ANAF's own API is used through app/models/efactura.server.ts. */
export function getEfacturaSender(): EfacturaSender | null {
  return null;
}

export function efacturaXml(invoice: InvoiceDocument): string {
  return buildUbl({ ...invoice, settlement: settlementAtIssue(invoice) });
}

export const efacturaFileName = (invoice: Pick<InvoiceDocument, "series" | "number">) => `${ublDocumentId(invoice)}.xml`;
