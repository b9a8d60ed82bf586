/**
 * The order's invoices and credit notes on /admin/comenzi/:id, with "Încasează restul" for an
 * advance order (the final invoice) and "Rambursează" (a credit note). Plain forms: no JS needed.
 */
import { Form } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { INVOICE_KIND_LABELS, type InvoiceSummary } from "~/lib/invoice-lines";
import { formatMoney } from "~/lib/money";

/** An invoice row of the order (the account list's summary without its order and credit mark). */
export type OrderInvoiceRow = Omit<InvoiceSummary, "orderReference" | "credited">;

export function OrderInvoices({ invoices, canCollectRest, restBani, canRefund }: { invoices: OrderInvoiceRow[]; canCollectRest: boolean; restBani: number; canRefund: boolean }) {
  return (
    <div className="card card--pad" data-testid="order-invoices">
      <h3>Facturi</h3>
      {invoices.length === 0 ? (
        <p className="muted">Nicio factură emisă (se emite la confirmarea plății; comenzile gratuite nu au factură).</p>
      ) : (
        <ul className="plain-list">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              {INVOICE_KIND_LABELS[invoice.kind]} <strong>{invoice.series} {invoice.number}</strong> din {formatDate(invoice.issuedOn)} ·{" "}
              {formatMoney(invoice.totalBani)} · <a href={`/admin/facturi/${invoice.id}.pdf`}>PDF</a> ·{" "}
              <a href={`/admin/facturi/${invoice.id}.xml`}>XML</a>
            </li>
          ))}
        </ul>
      )}
      {canCollectRest ? (
        <Form method="post">
          <p>Restul de plată la curs: {formatMoney(restBani)}.</p>
          <button type="submit" name="intent" value="collect-rest" className="button button--primary">
            Încasează restul
          </button>
        </Form>
      ) : null}
      {canRefund ? (
        <Form method="post">
          <button type="submit" name="intent" value="refund" className="button button--danger">
            Marchează rambursată (emite stornare)
          </button>
        </Form>
      ) : null}
    </div>
  );
}
