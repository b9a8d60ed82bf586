/**
 * The first four cells of an order's row in the admin's tables (orders list, dashboard):
 * reference (a link to the order), date, client and total.
 */
import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

export function OrderRowCells({ order }: { order: { id: string; reference: string; createdAt: Date | string; billingName: string; billingEmail: string; totalBani: number } }) {
  return (
    <>
      <td>
        <Link to={`/admin/comenzi/${order.id}`}>{order.reference}</Link>
      </td>
      <td>{formatDateTime(order.createdAt)}</td>
      <td>
        {order.billingName}
        <br />
        <span className="muted">{order.billingEmail}</span>
      </td>
      <td>{formatMoney(order.totalBani)}</td>
    </>
  );
}
