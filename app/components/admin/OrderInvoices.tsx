/**
 * The order's invoices and credit notes on /admin/comenzi/:id, with "Încasează restul" for an
 * advance order (the final invoice) and "Rambursează" (a credit note). Both issue a fiscal document,
 * so each takes two steps: a GET form opens the confirmation, whose POST issues it. Plain forms:
 * no JS needed.
 */
import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { INVOICE_KIND_LABELS, type InvoiceSummary } from "~/lib/invoice-lines";
import { formatMoney } from "~/lib/money";

/** An invoice row of the order (the account list's summary without its order and credit mark). */
export type OrderInvoiceRow = Omit<InvoiceSummary, "orderReference" | "credited" | "withVat">;

type FiscalStep = "collect-rest" | "refund";

/** The second step of a fiscal action: what will be issued, "Confirm" (the real POST) or "Renunță". */
function ConfirmStep({ step, restBani }: { step: FiscalStep; restBani: number }) {
  const texts = {
    "collect-rest": {
      question: `Confirmi că ai încasat restul de ${formatMoney(restBani)}? Se emite factura finală, care nu se mai poate modifica.`,
      button: "Da, încasează restul și emite factura finală",
    },
    refund: {
      question: "Confirmi că plata a fost rambursată? Se emite factura de stornare, care nu se mai poate modifica, și se închide accesul la cursurile comenzii.",
      button: "Da, marchează rambursată și emite stornarea",
    },
  }[step];
  return (
    <Form method="post" className="confirm-step form" aria-labelledby={`confirma-${step}`}>
      <p id={`confirma-${step}`}>
        <strong>{texts.question}</strong>
      </p>
      <input type="hidden" name="confirmed" value="da" />
      <div className="row">
        <button type="submit" name="intent" value={step} className={step === "refund" ? "button button--danger" : "button button--primary"}>
          {texts.button}
        </button>
        <Link to="." className="button button--light" preventScrollReset>
          Renunță
        </Link>
      </div>
    </Form>
  );
}

/** The first step: a GET form that opens the confirmation (`?confirma=…`). */
function AskStep({ step, label, danger }: { step: FiscalStep; label: string; danger?: boolean }) {
  return (
    <Form method="get" preventScrollReset>
      <button type="submit" name="confirma" value={step} className={danger ? "button button--danger" : "button button--primary"}>
        {label}
      </button>
    </Form>
  );
}

export function OrderInvoices({
  invoices,
  canCollectRest,
  restBani,
  canRefund,
  confirming,
}: {
  invoices: OrderInvoiceRow[];
  canCollectRest: boolean;
  restBani: number;
  canRefund: boolean;
  confirming: FiscalStep | null;
}) {
  return (
    <div className="card card--pad" id="facturi" data-testid="order-invoices">
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
        <>
          <p>Restul de plată la curs: {formatMoney(restBani)}.</p>
          {confirming === "collect-rest" ? <ConfirmStep step="collect-rest" restBani={restBani} /> : <AskStep step="collect-rest" label="Încasează restul" />}
        </>
      ) : null}
      {canRefund ? (
        confirming === "refund" ? <ConfirmStep step="refund" restBani={restBani} /> : <AskStep step="refund" label="Marchează rambursată (emite stornare)" danger />
      ) : null}
    </div>
  );
}
