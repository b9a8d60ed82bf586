/**
 * The cards of /admin/comenzi/:id (the route composes them with `OrderInvoices` and
 * `FulfilmentCard`): the header with "Confirmă plata" / "Anulează", the products, the buyer and
 * the enrolments with the status history. Plain forms: no JS needed.
 */
import { Form, Link } from "@remix-run/react";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatMoney, formatPrice } from "~/lib/money";
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONE, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { formatAccess } from "~/lib/pricing";
import type { AdminOrderLine as OrderLine, AdminOrderView } from "~/lib/admin-order-view";
import { TableWrap } from "~/components/ui/TableWrap";

export type { AdminOrderView };

const ENROLMENT_LABELS = { pending: "În așteptare", confirmed: "Confirmat", failed: "Eșuat", refunded: "Rambursat" } as const;
const NOTIFICATION_OUTCOMES: Record<string, string> = { applied: "aplicată", unchanged: "fără schimbare", rejected: "respinsă", error: "eroare" };
const EVENT_SOURCES: Record<string, string> = { checkout: "comandă", admin: "administrator", ipn: "notificare plată", system: "sistem" };

export function AdminOrderHeader({ order, canConfirm, canCancel, busy }: { order: AdminOrderView; canConfirm: boolean; canCancel: boolean; busy: boolean }) {
  return (
    <>
      <p>
        <Link to="/admin/comenzi">← Toate comenzile</Link>
      </p>
      <header className="admin-order__head">
        <div>
          <h2 id="comanda-titlu">Comanda {order.reference}</h2>
          <p className="muted">
            {formatDateTime(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]} ·{" "}
            <span className={`status status--${ORDER_STATUS_TONE[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
          </p>
        </div>
        <div className="row">
          {canConfirm ? (
            <Form method="post">
              <button type="submit" name="intent" value="confirm" className="button button--primary" disabled={busy}>
                Confirmă plata
              </button>
            </Form>
          ) : null}
          {canCancel ? (
            <Form method="post">
              <button type="submit" name="intent" value="cancel" className="button button--danger" disabled={busy}>
                Anulează
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      {order.refundDue ? (
        <div className="alert alert--error" role="alert" data-testid="refund-due">
          <p>
            <strong>{order.refundDue}</strong>
          </p>
          <p>Comanda este plătită, dar cursantul avea deja acces prin altă comandă. Rambursează suma din contul NETOPIA (sau prin transfer).</p>
        </div>
      ) : null}
    </>
  );
}

function lineDetails(line: OrderLine): string {
  if (line.category === "product") return "Produs";
  const physical = line.category === "physical";
  const diploma = physical ? (line.accreditation ? ", cu acreditare" : ", fără acreditare") : line.accreditation ? ", cu diplomă" : "";
  return `${physical ? "Curs fizic" : "Curs online"}, ${formatAccess(line.days)}${diploma}${line.advancePayment ? ", doar avans" : ""}`;
}

export function OrderLinesCard({ order, shippingMethod }: { order: AdminOrderView; shippingMethod: string | null }) {
  return (
    <div className="card card--pad">
      <h3>Produse</h3>
      <TableWrap label="Produsele comenzii">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Produs</th>
              <th scope="col">Detalii</th>
              <th scope="col">De plată</th>
              <th scope="col">Preț întreg</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.title}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                </td>
                <td>{lineDetails(line)}</td>
                <td>{formatPrice(line.amountBani)}</td>
                <td>{formatPrice(line.fullAmountBani)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {shippingMethod !== null ? (
        <p data-testid="order-shipping">
          Livrare ({shippingMethod}): {order.shippingBani === 0 ? "gratuit" : formatPrice(order.shippingBani)}
        </p>
      ) : null}
      <p className="admin-order__total">
        Total de plată: <strong>{formatMoney(order.totalBani)}</strong>
        {order.fullTotalBani > order.totalBani ? <> · rest la curs: {formatMoney(order.fullTotalBani - order.totalBani)}</> : null}
      </p>
    </div>
  );
}

export function OrderCustomerCard({ order }: { order: AdminOrderView }) {
  return (
    <div className="card card--pad">
      <h3>Client</h3>
      <p>
        {order.billingName}
        <br />
        <a href={`mailto:${order.billingEmail}`}>{order.billingEmail}</a>
        {order.billingPhone ? (
          <>
            <br />
            {order.billingPhone}
          </>
        ) : null}
      </p>
      <h3>Adresa de facturare</h3>
      <p className="prewrap">{order.billingAddress}</p>
      <h3>Acorduri</h3>
      <ul className="plain-list">
        <li>Termeni acceptați: {formatDateTime(order.termsAcceptedAt)}</li>
        {order.digitalContentConsentAt ? <li>Acord conținut digital (OUG 34/2014 art. 16 m): {formatDateTime(order.digitalContentConsentAt)}</li> : null}
      </ul>
      {order.providerRef || order.panMasked ? (
        <>
          <h3>Plată card</h3>
          <p>
            Referință procesator: {order.providerRef ?? "–"}
            <br />
            Card: {order.panMasked ?? "–"}
          </p>
        </>
      ) : null}
    </div>
  );
}

export function OrderHistoryCard({ order }: { order: AdminOrderView }) {
  return (
    <div className="card card--pad">
      <h3>Înscrieri</h3>
      {order.enrollments.length === 0 ? (
        <p className="muted">Comanda nu conține cursuri.</p>
      ) : (
        <ul className="plain-list">
          {order.enrollments.map((e) => (
            <li key={e.id}>
              {e.courseTitle}:{" "}
              <span className={`status status--${e.paymentStatus === "confirmed" ? "confirmed" : e.paymentStatus === "pending" ? "pending" : "failed"}`}>
                {ENROLMENT_LABELS[e.paymentStatus]}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>Istoric</h3>
      <ol className="timeline">
        {order.events.map((event) => (
          <li key={event.id}>
            <span className="muted">{formatDateTime(event.createdAt)}</span> ·{" "}
            {event.fromStatus ? `${ORDER_STATUS_LABELS[event.fromStatus]} → ` : ""}
            {ORDER_STATUS_LABELS[event.toStatus]} ({EVENT_SOURCES[event.source] ?? event.source})
            {event.note ? ` – ${event.note}` : ""}
          </li>
        ))}
      </ol>
      {order.notifications.length > 0 ? (
        <>
          <h3>Notificări de plată</h3>
          <ol className="timeline">
            {order.notifications.map((n) => (
              <li key={n.id}>
                <span className="muted">{formatDateTime(n.receivedAt)}</span> · {n.action ?? "–"} (cod {n.errorCode ?? "–"}) ·{" "}
                {NOTIFICATION_OUTCOMES[n.outcome] ?? n.outcome}
                {n.message ? ` – ${n.message}` : ""}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <p className="muted">Comandă creată la {formatDate(order.createdAt)}.</p>
    </div>
  );
}
