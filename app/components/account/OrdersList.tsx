/**
 * The user's orders in "Facturi și comenzi": reference, date, total, method and status; a
 * card order still waiting links to its payment page, a transfer shows what to pay.
 */
import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONE, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { fulfilmentView, type DeliveryKind, type FulfilmentStatus } from "~/lib/delivery";
import type { OrderStatus, PaymentMethod } from "~/lib/order-states";
import { TableWrap } from "~/components/ui/TableWrap";

export interface OrderSummary {
  id: string;
  reference: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  totalBani: number;
  createdAt: string;
  /** Orders with products: how they reach the buyer (issue 16). */
  delivery?: {
    methodName: string;
    kind: DeliveryKind;
    status: FulfilmentStatus;
    courierName: string | null;
    awb: string | null;
    trackingUrl: string | null;
    pickupAddress: string | null;
  } | null;
}

export function OrdersList({ orders }: { orders: OrderSummary[] }) {
  return (
    <TableWrap label="Comenzi">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">Comanda</th>
            <th scope="col">Data</th>
            <th scope="col">Total</th>
            <th scope="col">Plată</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td data-label="Comanda">
                <strong>{order.reference}</strong>
                {order.status === "awaiting_payment" || order.status === "failed" ? (
                  <>
                    <br />
                    <Link to={`/plata/rezultat?orderId=${order.id}`}>Detalii plată</Link>
                  </>
                ) : null}
              </td>
              <td data-label="Data">{formatDate(order.createdAt)}</td>
              <td data-label="Total">{formatMoney(order.totalBani)}</td>
              <td data-label="Plată">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>
              <td data-label="Status">
                <span className={`status status--${ORDER_STATUS_TONE[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                {order.delivery ? (
                  <div className="order-delivery" data-testid="order-delivery">
                    {order.delivery.methodName}:{" "}
                    <span className={`status status--${fulfilmentView(order.delivery.status, order.status).tone}`}>{fulfilmentView(order.delivery.status, order.status).label}</span>
                    {order.delivery.awb ? (
                      <>
                        <br />
                        {order.delivery.courierName}, AWB <strong>{order.delivery.awb}</strong>
                        {order.delivery.trackingUrl ? (
                          <>
                            {" "}
                            · <a href={order.delivery.trackingUrl}>Urmărește coletul</a>
                          </>
                        ) : null}
                      </>
                    ) : null}
                    {order.delivery.pickupAddress ? (
                      <>
                        <br />
                        <span className="muted">Ridicare de la: {order.delivery.pickupAddress}</span>
                      </>
                    ) : null}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
