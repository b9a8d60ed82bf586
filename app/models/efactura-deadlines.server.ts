/**
 * RO e-Factura deadlines: documents not yet accepted by ANAF within their 5 working days, shown on
 * the admin pages and e-mailed to the business once per document.
 */
import { and, asc, gte, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { invoices } from "../../db/schema";
import { getConfig } from "~/config.server";
import { todayInBucharest } from "~/lib/dates";
import { deadlineText, efacturaDeadline, formatDay, workingDaysBetween } from "~/lib/working-days";
import type { InvoiceRow } from "~/models/invoice.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { enqueueMail } from "~/services/mail-outbox.server";

const DAY = 86_400_000;

export interface DeadlineDocument {
  id: string;
  number: string;
  issuedOn: string;
  deadline: string;
  /** Working days left (0: today is the last day; negative: late). */
  daysLeft: number;
  status: InvoiceRow["efacturaStatus"];
}

/** Documents not yet accepted by ANAF (de transmis / respinsă, not corrected) with their deadline. */
export async function documentsAtRisk(now = new Date(), withinDays = 2): Promise<DeadlineDocument[]> {
  const today = todayInBucharest(now);
  const since = new Date(now.getTime() - 90 * DAY).toISOString().slice(0, 10);
  const rows = await getDb()
    .select({ id: invoices.id, series: invoices.series, number: invoices.number, issuedOn: invoices.issuedOn, status: invoices.efacturaStatus, warnedAt: invoices.efacturaWarnedAt })
    .from(invoices)
    .where(
      and(
        inArray(invoices.efacturaStatus, ["pending", "rejected"]),
        gte(invoices.issuedOn, since),
        // A rejected document corrected by a credit note and a new document is settled.
        sql`not exists (select 1 from ${invoices} fix where fix.idempotency_key = ${invoices.id}::text || ':reissue')`,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
  return rows
    .map((r) => {
      const deadline = efacturaDeadline(r.issuedOn);
      return { id: r.id, number: `${r.series} ${r.number}`, issuedOn: r.issuedOn, deadline, daysLeft: workingDaysBetween(today, deadline), status: r.status };
    })
    .filter((d) => d.daysLeft <= withinDays);
}

/** One e-mail to the business for the documents whose deadline is the next working day or sooner, once per document. */
export async function warnDeadlines(now: Date): Promise<number> {
  const atRisk = await documentsAtRisk(now, 1);
  if (atRisk.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .update(invoices)
      .set({ efacturaWarnedAt: now })
      .where(and(inArray(invoices.id, atRisk.map((d) => d.id)), isNull(invoices.efacturaWarnedAt)))
      .returning({ id: invoices.id });
    const ids = new Set(claimed.map((c) => c.id));
    const list = atRisk.filter((d) => ids.has(d.id));
    if (list.length === 0) return 0;
    await enqueueMail(tx, deadlineMail(list));
    return list.length;
  });
}

function deadlineMail(list: DeadlineDocument[]) {
  const { business, publicUrl } = getConfig();
  const lines = list.map((d) => `${d.number} din ${formatDay(d.issuedOn)} – ${d.status === "rejected" ? "respinsă de ANAF" : "netransmisă"} – ${deadlineText(d)}`);
  const subject = list.length === 1 ? `e-Factura: ${list[0].number} trebuie transmisă la ANAF` : `e-Factura: ${list.length} documente trebuie transmise la ANAF`;
  return renderMail(business.email, subject, {
    title: "Termenul de transmitere în e-Factura se apropie",
    bodyHtml:
      `<p style="margin:0 0 14px">Aceste documente trebuie să ajungă în SPV în 5 zile lucrătoare de la emitere:</p><ul>` +
      lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("") +
      `</ul><p style="margin:0 0 14px">Transmiteți-le (sau corectați-le, dacă ANAF le-a respins) din pagina Facturi.</p>`,
    bodyText: `Aceste documente trebuie să ajungă în SPV în 5 zile lucrătoare de la emitere:\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nTransmiteți-le (sau corectați-le, dacă ANAF le-a respins) din pagina Facturi.`,
    action: { label: "Deschide facturile", url: `${publicUrl}/admin/facturi` },
  });
}
