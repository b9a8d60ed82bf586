/** /admin/comenzi — orders with filters (awaiting payment, paid, failed/cancelled). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONE, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { listOrdersForAdmin, ORDER_FILTERS, type OrderFilter } from "~/models/order.server";
import { requireAdmin } from "~/models/session.server";

const FILTER_LABELS: Record<OrderFilter, string> = {
  toate: "Toate",
  "asteapta-plata": "Așteaptă plata",
  platite: "Plătite",
  "esuate-anulate": "Eșuate / anulate",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const requested = new URL(request.url).searchParams.get("filtru") ?? "asteapta-plata";
  const filter = (requested in ORDER_FILTERS ? requested : "asteapta-plata") as OrderFilter;
  return json({ filter, orders: await listOrdersForAdmin(filter) });
}

export default function AdminOrders() {
  const { filter, orders } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="comenzi-titlu">
      <h2 id="comenzi-titlu">Comenzi</h2>
      <nav className="filter-pills" aria-label="Filtre comenzi">
        {(Object.keys(FILTER_LABELS) as OrderFilter[]).map((key) => (
          <Link key={key} to={`?filtru=${key}`} className="filter-pills__link" aria-current={key === filter ? "page" : undefined}>
            {FILTER_LABELS[key]}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="muted">Nu există comenzi în această categorie.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Referință</th>
                <th scope="col">Data</th>
                <th scope="col">Client</th>
                <th scope="col">Total</th>
                <th scope="col">Metodă</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
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
                  <td>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>
                  <td>
                    <span className={`status status--${ORDER_STATUS_TONE[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
