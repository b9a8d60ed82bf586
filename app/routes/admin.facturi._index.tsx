/**
 * /admin/facturi — every invoice and credit note of a month: PDF and UBL XML per document, the
 * month's XML as one ZIP, and the e-Factura state: "de transmis" → "trimisă" (ANAF's upload
 * index) → "validată" (with ANAF's signed answer as a ZIP) or "respinsă" (ANAF's errors in plain
 * Romanian, and the legal fix: a credit note and a new document). With the ANAF connection
 * (/admin/setari-facturare) documents are uploaded automatically; without it the admin uploads in
 * the SPV and enters the upload index here.
 */
import { readFormData } from "~/lib/form-input";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatDate, todayInBucharest } from "~/lib/dates";
import { explainAnafError } from "~/lib/efactura/anaf-errors";
import { INVOICE_KIND_LABELS } from "~/lib/invoice-lines";
import { formatMoney } from "~/lib/money";
import { SHORT_TOAST } from "~/lib/toast";
import { deadlineText, efacturaDeadline, workingDaysBetween } from "~/lib/working-days";
import { connectionStatus } from "~/models/efactura-connection.server";
import { correctionsOf, latestSubmissions } from "~/models/efactura-views.server";
import { reissueRejected } from "~/models/invoice.server";
import { invoiceNumber, listInvoicesForAdmin, monthRange, setEfacturaStatus } from "~/models/invoice-reads.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { TableWrap } from "~/components/ui/TableWrap";

function monthOf(request: Request): string {
  const asked = new URL(request.url).searchParams.get("luna") ?? "";
  return monthRange(asked) ? asked : todayInBucharest().slice(0, 7);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const month = monthOf(request);
  const rows = await listInvoicesForAdmin(month);
  const ids = rows.map((r) => r.id);
  const [submissions, corrections, connection] = await Promise.all([latestSubmissions(ids), correctionsOf(ids), connectionStatus()]);
  const today = todayInBucharest();
  const connected = connection.state === "connected" || connection.state === "renew_soon";
  const invoices = rows.map((row) => {
    const submission = submissions.get(row.id);
    const deadline = efacturaDeadline(row.issuedOn);
    return {
      ...row,
      sending: submission?.state === "uploading",
      polls: submission?.polls ?? 0,
      lastError: submission?.state === "failed" || submission?.state === "uploading" ? submission.lastError : null,
      errors: (row.efacturaErrors ?? []).map(explainAnafError),
      correction: corrections.get(row.id) ?? null,
      deadline: { day: deadline, daysLeft: workingDaysBetween(today, deadline) },
      /** The connection has taken it (an upload attempt exists): its state is ANAF's. */
      automatic: Boolean(submission),
      /** Issued since connecting: the job will upload it (an index entered by hand first wins). */
      queued: !submission && connected && connection.connectedAt !== null && row.issuedAt >= connection.connectedAt,
    };
  });
  return data({ month, invoices, connected });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const id = String(form.get("invoiceId") ?? "");
  const back = `/admin/facturi?luna=${monthOf(request)}`;
  if (form.get("intent") === "reissue") {
    const result = await reissueRejected(id);
    if (!result.ok) {
      if (result.status === 404) throw new Response(result.message, { status: 404 });
      return redirectWithToast(back, { ...SHORT_TOAST, type: "error", message: result.message });
    }
    const message = result.credit
      ? `Am emis stornarea ${invoiceNumber(result.credit)} și documentul nou ${invoiceNumber(result.replacement)}.`
      : `Am emis documentul nou ${invoiceNumber(result.replacement)}.`;
    return redirectWithToast(back, { ...SHORT_TOAST, message });
  }
  const index = String(form.get("uploadIndex") ?? "").trim();
  if (index && !/^\d{1,20}$/.test(index)) {
    return redirectWithToast(back, { ...SHORT_TOAST, type: "error", message: "Indexul de încărcare ANAF este un număr (ex. 4012345678)." });
  }
  const ok = await setEfacturaStatus(id, index);
  if (!ok) throw new Response("Factura nu există.", { status: 404 });
  if (ok === "managed") {
    return redirectWithToast(back, { ...SHORT_TOAST, type: "error", message: "Starea acestui document vine de la ANAF prin conexiune; nu se schimbă manual." });
  }
  return redirectWithToast(back, { ...SHORT_TOAST, message: index ? `Factura este marcată „trimisă” (index ${index}).` : "Factura este din nou „de transmis”." });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["invoices"][number];

const STATUS_LABELS = { pending: "de transmis", uploaded: "trimisă", validated: "validată", rejected: "respinsă" } as const;
const STATUS_CLASSES = { pending: "pending", uploaded: "pending", validated: "confirmed", rejected: "failed" } as const;

export default function AdminInvoices() {
  const { month, invoices, connected } = useLoaderData<typeof loader>();
  const pending = invoices.filter((i) => i.efacturaStatus === "pending").length;
  const rejected = invoices.filter((i) => i.efacturaStatus === "rejected" && !i.correction).length;
  return (
    <section aria-labelledby="facturi-titlu">
      <header className="row row--between">
        <h2 id="facturi-titlu">Facturi</h2>
        <Link to="/admin/setari-facturare" className="button button--light button--small">
          Setări facturare
        </Link>
      </header>
      <Form method="get" className="row">
        <label htmlFor="luna">Luna</label>
        <input id="luna" name="luna" type="month" defaultValue={month} pattern="\d{4}-\d{2}" required />
        <button type="submit" className="button button--light">
          Arată
        </button>
        <a href={`/admin/facturi/export.zip?luna=${month}`} className="button button--primary" download>
          Descarcă XML-urile lunii (ZIP)
        </a>
      </Form>
      <p className="muted">
        {invoices.length} documente în {month}; {pending} de transmis{rejected ? `, ${rejected} respinse de ANAF` : ""} (termen: 5 zile lucrătoare de la
        emitere).{" "}
        {connected ? "Conexiunea ANAF transmite automat documentele emise după conectare." : "Fără conexiune ANAF: încărcați XML-ul în SPV și introduceți indexul."}
      </p>
      {invoices.length === 0 ? (
        <p className="muted">Nicio factură emisă în această lună.</p>
      ) : (
        <TableWrap label="Facturi emise">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Număr</th>
                <th scope="col">Data</th>
                <th scope="col">Cumpărător</th>
                <th scope="col">Total</th>
                <th scope="col">Fișiere</th>
                <th scope="col">e-Factura</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-testid={`factura-${invoice.series}-${invoice.number}`}>
                  <td>
                    <strong>
                      {invoice.series} {invoice.number}
                    </strong>
                    <br />
                    <span className="muted">{INVOICE_KIND_LABELS[invoice.kind]}</span> ·{" "}
                    <Link to={`/admin/comenzi/${invoice.orderId}`}>{invoice.orderReference}</Link>
                  </td>
                  <td>{formatDate(invoice.issuedOn)}</td>
                  <td>
                    {invoice.buyer.name}
                    {invoice.buyer.type === "company" ? <> · CUI {invoice.buyer.cui}</> : null}
                  </td>
                  <td>
                    {formatMoney(invoice.totalBani)}
                    {invoice.vatBani !== 0 ? <span className="muted"> (TVA {formatMoney(invoice.vatBani)})</span> : null}
                  </td>
                  <td>
                    <a href={`/admin/facturi/${invoice.id}.pdf`}>PDF</a> · <a href={`/admin/facturi/${invoice.id}.xml`}>XML</a>
                    {invoice.efacturaProofKey ? (
                      <>
                        {" "}
                        · <a href={`/admin/facturi/${invoice.id}.zip`}>Răspuns ANAF</a>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <EfacturaCell invoice={invoice} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

function EfacturaCell({ invoice }: { invoice: Row }) {
  const status = invoice.efacturaStatus;
  const open = status === "pending" || (status === "rejected" && !invoice.correction);
  return (
    <div className="efactura-cell">
      <span className={`status status--${STATUS_CLASSES[status]}`} data-testid="efactura-status">
        {invoice.sending ? "se transmite" : STATUS_LABELS[status]}
        {status !== "pending" && invoice.efacturaIndex ? ` (index ${invoice.efacturaIndex})` : ""}
      </span>
      {open ? (
        <p className={`muted${invoice.deadline.daysLeft <= 1 ? " text-danger" : ""}`}>{deadlineText({ deadline: invoice.deadline.day, daysLeft: invoice.deadline.daysLeft })}</p>
      ) : null}
      {invoice.lastError ? <p className="muted">Ultima încercare: {invoice.lastError} Se reîncearcă automat.</p> : null}
      {status === "rejected" ? <RejectedDetails invoice={invoice} /> : null}
      {invoice.queued && status === "pending" ? <p className="muted">Se transmite automat în câteva secunde.</p> : null}
      {!invoice.automatic && (status === "pending" || status === "uploaded") ? (
        <Form method="post" className="row">
          <input type="hidden" name="invoiceId" value={invoice.id} />
          <label className="visually-hidden" htmlFor={`index-${invoice.id}`}>
            Index de încărcare ANAF pentru {invoice.series} {invoice.number}
          </label>
          <input
            id={`index-${invoice.id}`}
            name="uploadIndex"
            inputMode="numeric"
            defaultValue={invoice.efacturaIndex ?? ""}
            placeholder="index încărcare"
            size={12}
          />
          <button type="submit" className="button button--light button--small">
            Salvează
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function RejectedDetails({ invoice }: { invoice: Row }) {
  return (
    <>
      <p>ANAF a respins documentul:</p>
      <ul className="efactura-errors">
        {invoice.errors.map((error, i) => (
          <li key={i}>
            {error.explanation ?? error.original}
            {error.explanation ? (
              <>
                <br />
                <small className="muted">
                  {error.rule ? `${error.rule}: ` : ""}
                  {error.original}
                </small>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {invoice.correction ? (
        <p>
          Corectată prin {invoice.correction.credit ? `stornarea ${invoice.correction.credit} și ` : ""}documentul nou {invoice.correction.replacement}.
        </p>
      ) : (
        <>
          <p className="muted">
            Un număr emis nu primește alt XML. Corectați datele (Setări facturare sau datele clientului), apoi emiteți{" "}
            {invoice.kind === "credit" ? "o stornare nouă" : "o stornare a acestui document și o factură nouă"}, transmise automat.
          </p>
          <Form method="post">
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <button type="submit" name="intent" value="reissue" className="button button--primary button--small">
              {invoice.kind === "credit" ? "Emite stornarea din nou" : "Stornează și emite factură nouă"}
            </button>
          </Form>
        </>
      )}
    </>
  );
}
