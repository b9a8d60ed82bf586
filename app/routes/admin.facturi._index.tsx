/**
 * /admin/facturi — issued invoices and credit notes by month: PDF and e-Factura XML per
 * document, the month's XML as one ZIP, and the e-Factura status: "de transmis" until the admin
 * enters ANAF's upload index (index de încărcare) after uploading in the SPV, then "transmisă".
 * The site exports; it does not upload (see app/services/efactura/sender.server.ts).
 */
import { readFormData } from "~/lib/form-input";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatDate, todayInBucharest } from "~/lib/dates";
import { INVOICE_KIND_LABELS } from "~/lib/invoice-lines";
import { formatMoney } from "~/lib/money";
import { SHORT_TOAST } from "~/lib/toast";
import { listInvoicesForAdmin, monthRange, setEfacturaStatus } from "~/models/invoice.server";
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
  const invoices = await listInvoicesForAdmin(month);
  return data({ month, invoices });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const id = String(form.get("invoiceId") ?? "");
  const index = String(form.get("uploadIndex") ?? "").trim();
  const back = `/admin/facturi?luna=${monthOf(request)}`;
  if (index && !/^\d{1,20}$/.test(index)) {
    return redirectWithToast(back, { ...SHORT_TOAST, type: "error", message: "Indexul de încărcare ANAF este un număr (ex. 4012345678)." });
  }
  const ok = await setEfacturaStatus(id, index);
  if (!ok) throw new Response("Factura nu există.", { status: 404 });
  return redirectWithToast(back, { ...SHORT_TOAST, message: index ? `Factura este marcată „transmisă” (index ${index}).` : "Factura este din nou „de transmis”." });
}

export default function AdminInvoices() {
  const { month, invoices } = useLoaderData<typeof loader>();
  const pending = invoices.filter((i) => i.efacturaStatus === "pending").length;
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
        {invoices.length} documente în {month}; {pending} de transmis în SPV (termen: 5 zile lucrătoare de la emitere).
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
                <tr key={invoice.id}>
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
                  </td>
                  <td>
                    <span className={`status status--${invoice.efacturaStatus === "uploaded" ? "confirmed" : "pending"}`}>
                      {invoice.efacturaStatus === "uploaded" ? "transmisă" : "de transmis"}
                    </span>
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
