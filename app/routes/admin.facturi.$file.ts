/**
 * GET /admin/facturi/<id>.pdf and /admin/facturi/<id>.xml — one document for the admin;
 * /admin/facturi/<id>.zip — ANAF's answer (the signed XML, or the errors) kept as proof.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { contentDisposition } from "~/lib/http-range";
import { getInvoice } from "~/models/invoice-reads.server";
import { requireAdmin } from "~/models/session.server";
import { efacturaFileName, efacturaXml } from "~/services/efactura/sender.server";
import { getStorage } from "~/services/storage.server";
import { invoiceFileName, pdfResponse, renderInvoicePdf } from "~/services/invoice-pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const match = /^([0-9a-f-]{36})\.(pdf|xml|zip)$/i.exec(params.file ?? "");
  const invoice = match ? await getInvoice(match[1]) : null;
  if (!match || !invoice) throw new Response("Factura nu există.", { status: 404 });
  if (match[2].toLowerCase() === "zip") {
    const proof = invoice.efacturaProofKey ? await getStorage().readRange(invoice.efacturaProofKey, 0, 16 * 1024 * 1024) : null;
    if (!proof) throw new Response("ANAF nu a trimis încă răspunsul pentru acest document.", { status: 404 });
    return new Response(new Uint8Array(proof), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition(`raspuns-anaf-${invoice.series}${invoice.number}-${invoice.efacturaIndex ?? ""}.zip`),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  if (match[2].toLowerCase() === "pdf") return pdfResponse(await renderInvoicePdf(invoice, getConfig().business.brand), `${invoiceFileName(invoice)}.pdf`);
  return new Response(efacturaXml(invoice), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition(efacturaFileName(invoice)),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
