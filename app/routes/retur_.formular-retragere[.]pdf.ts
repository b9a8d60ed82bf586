/**
 * GET /retur/formular-retragere.pdf — the model withdrawal form (OUG nr. 34/2014 anexa nr. 2)
 * with the business's details filled in, as a PDF download. Public; linked from /retur and the
 * order confirmation e-mail.
 */
import { getConfig } from "~/config.server";
import { contentDisposition } from "~/lib/http-range";
import { WITHDRAWAL_FORM_FILE } from "~/lib/withdrawal-form";
import { renderWithdrawalFormPdf } from "~/services/withdrawal-form-pdf.server";

export async function loader() {
  const pdf = await renderWithdrawalFormPdf(getConfig().business);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(`${WITHDRAWAL_FORM_FILE}.pdf`),
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
