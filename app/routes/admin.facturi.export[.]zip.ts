/** GET /admin/facturi/export.zip?luna=YYYY-MM — the month's e-Factura XML files in one ZIP. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { contentDisposition } from "~/lib/http-range";
import { getInvoicesByIds, listInvoicesForAdmin, monthRange } from "~/models/invoice-reads.server";
import { requireAdmin } from "~/models/session.server";
import { efacturaFileName, efacturaXml } from "~/services/efactura/sender.server";
import { createZip } from "~/services/zip.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const month = new URL(request.url).searchParams.get("luna") ?? "";
  if (!monthRange(month)) throw new Response("Luna trebuie scrisă ca AAAA-LL (ex. 2026-11).", { status: 400 });
  const list = await listInvoicesForAdmin(month);
  const documents = await getInvoicesByIds(list.map((i) => i.id));
  const zip = createZip(documents.map((invoice) => ({ name: efacturaFileName(invoice), data: efacturaXml(invoice) })));
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(`efactura-${month}.zip`),
      "Content-Length": String(zip.length),
      "Cache-Control": "private, no-store",
    },
  });
}
