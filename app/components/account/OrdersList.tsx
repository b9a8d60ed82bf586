/**
 * The user's orders in "Facturi și comenzi": reference, date, total, method and status; a
 * card order still waiting links to its payment page, a transfer shows what to pay.
 */
import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONE, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import type { OrderStatus, PaymentMethod } from "../../../db/schema";

export interface OrderSummary {
  id: string;
  reference: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  totalBani: number;
  createdAt: string;
}

export function OrdersList({ orders }: { orders: OrderSummary[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
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
              <td>
                <strong>{order.reference}</strong>
                {order.status === "awaiting_payment" || order.status === "failed" ? (
                  <>
                    <br />
                    <Link to={`/plata/rezultat?orderId=${order.id}`}>Detalii plată</Link>
                  </>
                ) : null}
              </td>
              <td>{formatDate(order.createdAt)}</td>
              <td>{formatMoney(order.totalBani)}</td>
              <td>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>
              <td>
                <span className={`status status--${ORDER_STATUS_TONE[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
