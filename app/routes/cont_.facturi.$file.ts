/**
 * GET /cont/facturi/<id>.pdf — one of the user's own invoices or credit notes as a PDF.
 * Another user's invoice (or any other id) answers 404, never 403: it does not exist for them.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { getInvoiceForUser } from "~/models/invoice-reads.server";
import { requireUser } from "~/models/session.server";
import { invoiceFileName, pdfResponse, renderInvoicePdf } from "~/services/invoice-pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const match = /^([0-9a-f-]{36})\.pdf$/i.exec(params.file ?? "");
  const invoice = match ? await getInvoiceForUser(user.id, match[1]) : null;
  if (!invoice) throw new Response("Factura nu există.", { status: 404 });
  const pdf = await renderInvoicePdf(invoice, getConfig().business.brand);
  return pdfResponse(pdf, `${invoiceFileName(invoice)}.pdf`);
}
