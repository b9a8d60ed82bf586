/**
 * Files attached to queued e-mails, rendered when the message is sent (the outbox stores only a
 * reference, e.g. the invoice id, so a queued row stays small and the PDF is the issued one).
 * The outbox (services/mail-outbox.server.ts) gets this renderer from the composition root
 * (app/composition.server.ts) in every process, so a mail queued before a restart is rendered
 * by the process that sends it.
 */
import { getConfig } from "~/config.server";
import { getInvoice } from "~/models/invoice-reads.server";
import { seatCalendar } from "~/models/session-calendar.server";
import { invoiceFileName, renderInvoicePdf } from "~/services/invoice-pdf.server";
import type { MailAttachmentRef, MailFile } from "~/services/mail.server";

export async function renderMailAttachments(refs: MailAttachmentRef[] | null | undefined): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const ref of refs ?? []) {
    if (ref.kind === "ics") {
      const calendar = await seatCalendar(ref.id, ref.method);
      if (calendar) files.push({ filename: calendar.filename, contentType: `text/calendar; charset=utf-8; method=${calendar.method}`, content: Buffer.from(calendar.content, "utf8") });
      continue;
    }
    if (ref.kind !== "invoice") continue;
    const invoice = await getInvoice(ref.id);
    if (!invoice) continue;
    const pdf = await renderInvoicePdf(invoice, getConfig().business.brand);
    files.push({ filename: `${invoiceFileName(invoice)}.pdf`, contentType: "application/pdf", content: Buffer.from(pdf) });
  }
  return files;
}
