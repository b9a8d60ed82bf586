/**
 * The user's invoices and credit notes in "Facturi și comenzi": number, date, total, status and
 * the PDF (a plain link: works without JavaScript).
 */
import { formatDate } from "~/lib/dates";
import { INVOICE_KIND_LABELS, type InvoiceSummary } from "~/lib/invoice-lines";
import { formatMoney } from "~/lib/money";
import { TableWrap } from "~/components/ui/TableWrap";

export function InvoicesList({ invoices, vatIncluded }: { invoices: InvoiceSummary[]; vatIncluded: boolean }) {
  return (
    <TableWrap label="Facturi">
      <table className="table table--stack" data-testid="invoices">
        <caption className="visually-hidden">Facturi</caption>
        <thead>
          <tr>
            <th scope="col">Factura</th>
            <th scope="col">Data</th>
            <th scope="col">Total{vatIncluded ? " (TVA inclus)" : ""}</th>
            <th scope="col">Status</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td data-label="Factura">
                <strong>
                  {invoice.series} {invoice.number}
                </strong>
                <br />
                <span className="muted">
                  {INVOICE_KIND_LABELS[invoice.kind]} · {invoice.orderReference}
                </span>
              </td>
              <td data-label="Data">{formatDate(invoice.issuedOn)}</td>
              <td data-label="Total">
                {formatMoney(invoice.totalBani)}
                {!vatIncluded && invoice.withVat ? <span className="muted"> (TVA inclus)</span> : null}
              </td>
              <td data-label="Status">
                {invoice.kind === "credit" ? (
                  <span className="status status--failed">Stornare</span>
                ) : invoice.credited ? (
                  <span className="status status--failed">Stornată</span>
                ) : (
                  <span className="status status--confirmed">Emisă</span>
                )}
              </td>
              <td data-label="PDF">
                <a href={`/cont/facturi/${invoice.id}.pdf`} download>
                  Descarcă factura {invoice.series} {invoice.number}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
