/**
 * /admin/comenzi — orders with filters (awaiting payment, paid, failed/cancelled); card orders
 * show the processor's reference and the masked card, paid orders needing a refund are marked,
 * and card notifications that matched no order are listed below for reconciliation.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONE, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { listOrdersForAdmin, listOrdersToShip, ORDER_FILTERS, type OrderFilter } from "~/models/order-admin.server";
import { DOUBLE_PAYMENT_NOTE } from "~/models/order-status.server";
import { listUnmatchedNotifications } from "~/models/payment.server";
import { fulfilmentView } from "~/lib/delivery";
import { requireAdmin } from "~/models/session.server";
import { errorBoundary } from "~/components/ErrorState";
import { OrderRowCells } from "~/components/admin/OrderRowCells";
import { TableWrap } from "~/components/ui/TableWrap";

type Filter = OrderFilter | "de-expediat";
const FILTER_LABELS: Record<Filter, string> = {
  toate: "Toate",
  "de-expediat": "De expediat",
  "asteapta-plata": "Așteaptă plata",
  platite: "Plătite",
  "esuate-anulate": "Eșuate / anulate",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const requested = new URL(request.url).searchParams.get("filtru") ?? "asteapta-plata";
  const filter = (requested in ORDER_FILTERS || requested === "de-expediat" ? requested : "asteapta-plata") as Filter;
  const [orders, unmatched] = await Promise.all([
    filter === "de-expediat" ? listOrdersToShip().then((rows) => rows.map((r) => ({ ...r, refundDue: false }))) : listOrdersForAdmin(filter),
    listUnmatchedNotifications(),
  ]);
  return { filter, orders, unmatched, refundLabel: DOUBLE_PAYMENT_NOTE };
}

export default function AdminOrders() {
  const { filter, orders, unmatched, refundLabel } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="comenzi-titlu">
      <h2 id="comenzi-titlu">Comenzi</h2>
      <nav className="filter-pills" aria-label="Filtre comenzi">
        {(Object.keys(FILTER_LABELS) as Filter[]).map((key) => (
          <Link key={key} to={`?filtru=${key}`} className="filter-pills__link" aria-current={key === filter ? "page" : undefined}>
            {FILTER_LABELS[key]}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="muted">Nu există comenzi în această categorie.</p>
      ) : (
        <TableWrap label="Comenzi">
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
                  <OrderRowCells order={order} />
                  <td>
                    {PAYMENT_METHOD_LABELS[order.paymentMethod]}
                    {order.paymentMethod === "card" && (order.providerRef || order.panMasked) ? (
                      <>
                        <br />
                        <span className="muted" data-testid="card-reference">
                          Ref. {order.providerRef ?? "–"} · {order.panMasked ?? "–"}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <span className={`status status--${ORDER_STATUS_TONE[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                    {order.fulfilmentStatus ? (
                      <>
                        <br />
                        <span className={`status status--${fulfilmentView(order.fulfilmentStatus, order.status).tone}`} data-testid="fulfilment-status">
                          Livrare: {fulfilmentView(order.fulfilmentStatus, order.status).label}
                        </span>
                      </>
                    ) : null}
                    {order.refundDue ? (
                      <>
                        <br />
                        <span className="status status--failed">{refundLabel}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      <h3 id="notificari-nepotrivite">Notificări nepotrivite</h3>
      {unmatched.length === 0 ? (
        <p className="muted">Toate notificările de plată primite au fost asociate unei comenzi.</p>
      ) : (
        <>
          <p className="muted">
            Notificări de plată cu cardul care nu au putut fi asociate unei comenzi (cheie greșită, altă semnătură, comandă necunoscută). Verifică-le
            în contul NETOPIA.
          </p>
          <TableWrap label="Notificări nepotrivite">
            <table className="table" aria-labelledby="notificari-nepotrivite">
              <thead>
                <tr>
                  <th scope="col">Primită</th>
                  <th scope="col">Motiv</th>
                  <th scope="col">Comanda indicată</th>
                  <th scope="col">Suma</th>
                  <th scope="col">Acțiune</th>
                </tr>
              </thead>
              <tbody>
                {unmatched.map((n) => (
                  <tr key={n.id}>
                    <td>{formatDateTime(n.receivedAt)}</td>
                    <td>{n.message || "–"}</td>
                    <td>{n.claimedOrderId ?? "–"}</td>
                    <td>{n.claimedAmountBani === null ? "–" : formatMoney(n.claimedAmountBani)}</td>
                    <td>
                      {n.action ?? "–"}
                      {n.errorCode ? ` (cod ${n.errorCode})` : ""}
                      {n.provider === "simulator" ? " · simulator" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = errorBoundary("admin");
