/**
 * The sections of the admin dashboard (/admin): the figures at the top, the orders awaiting a
 * bank transfer (each with its "Confirmă plata" form, posted to the dashboard's action), the
 * new enrolments and the occupancy of the next in-person sessions (a link to each one's roster). Plain forms and links: no JS needed.
 */
import { Form, Link } from "@remix-run/react";
import { formatDate, monthName } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { AwaitingOrder, Dashboard, NewEnrolment, SessionOccupancy } from "~/lib/admin-dashboard-views";
import { OrderRowCells } from "~/components/admin/OrderRowCells";
import { TableWrap } from "~/components/ui/TableWrap";

/** Dates arrive as Date objects (single fetch) or strings; both are formatted the same. */
type Wire<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] };

export const REVENUE_DEFINITION =
  "Încasări = totalul facturilor emise în lună (facturi, avansuri și facturi finale pentru restul plătit la curs), minus facturile de stornare ale rambursărilor; sume cu TVA, pe luni calendaristice (ora României). Comenzile neplătite sau anulate nu intră.";

export function DashboardStats({ dashboard }: { dashboard: Pick<Dashboard, "thisMonth" | "lastMonth" | "awaitingTransfer" | "newEnrolments"> }) {
  const stats = [
    { id: "luna-curenta", label: `Încasări în ${monthName(dashboard.thisMonth.month)}`, value: formatMoney(dashboard.thisMonth.totalBani) },
    { id: "luna-trecuta", label: `Încasări în ${monthName(dashboard.lastMonth.month)}`, value: formatMoney(dashboard.lastMonth.totalBani) },
    { id: "transferuri", label: "Transferuri de confirmat", value: String(dashboard.awaitingTransfer.count) },
    { id: "inscrieri", label: `Înscrieri noi (ultimele ${dashboard.newEnrolments.days} de zile)`, value: String(dashboard.newEnrolments.count) },
  ];
  return (
    <dl className="dashboard__stats">
      {stats.map((stat) => (
        <div key={stat.id} className="card dashboard__stat" data-testid={`stat-${stat.id}`}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AwaitingTransfers({ awaiting, busy }: { awaiting: { count: number; orders: Wire<AwaitingOrder>[] }; busy: boolean }) {
  return (
    <section className="card card--pad dashboard__section" aria-labelledby="transferuri-titlu">
      <h3 id="transferuri-titlu">Comenzi care așteaptă transferul bancar</h3>
      {awaiting.orders.length === 0 ? (
        <p className="muted">Nicio comandă nu așteaptă confirmarea unui transfer.</p>
      ) : (
        <>
          <p className="muted">Verifică în extrasul de cont că suma a sosit cu referința comenzii, apoi confirmă plata: cursantul primește acces și factura pe e-mail.</p>
          <TableWrap label="Transferuri de confirmat">
            <table className="table" aria-labelledby="transferuri-titlu">
              <thead>
                <tr>
                  <th scope="col">Referință</th>
                  <th scope="col">Plasată</th>
                  <th scope="col">Client</th>
                  <th scope="col">Total</th>
                  <th scope="col">Acțiune</th>
                </tr>
              </thead>
              <tbody>
                {awaiting.orders.map((order) => (
                  <tr key={order.id} data-testid="awaiting-order">
                    <OrderRowCells order={order} />
                    <td>
                      <Form method="post">
                        <input type="hidden" name="orderId" value={order.id} />
                        <button type="submit" name="intent" value="confirm" className="button button--primary button--small" disabled={busy}>
                          Confirmă plata<span className="visually-hidden"> pentru {order.reference}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {awaiting.count > awaiting.orders.length ? (
            <p>
              <Link to="/admin/comenzi?filtru=asteapta-plata">Toate cele {awaiting.count} comenzi care așteaptă plata</Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

export function NewEnrolments({ enrolments }: { enrolments: { count: number; days: number; latest: Wire<NewEnrolment>[] } }) {
  return (
    <section className="card card--pad dashboard__section" aria-labelledby="inscrieri-titlu">
      <h3 id="inscrieri-titlu">Înscrieri noi</h3>
      <p className="muted">
        {enrolments.count === 1 ? "O înscriere confirmată" : `${enrolments.count} înscrieri confirmate`} în ultimele {enrolments.days} de zile.
      </p>
      {enrolments.latest.length > 0 ? (
        <ul className="dashboard__list">
          {enrolments.latest.map((e) => (
            <li key={e.id} data-testid="new-enrolment">
              <strong>{e.studentName}</strong> – {e.courseTitle} <span className="muted">({e.courseType === "physical" ? "curs fizic" : "curs online"}, {formatDate(e.confirmedAt)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function UpcomingSessions({ sessions }: { sessions: SessionOccupancy[] }) {
  return (
    <section className="card card--pad dashboard__section" aria-labelledby="sesiuni-titlu">
      <h3 id="sesiuni-titlu">Ocuparea următoarelor sesiuni</h3>
      {sessions.length === 0 ? (
        <p className="muted">
          Nicio sesiune programată. Adaug-o din <Link to="/admin/sesiuni">Sesiuni</Link>.
        </p>
      ) : (
        <>
          <TableWrap label="Sesiunile următoare">
            <table className="table" aria-labelledby="sesiuni-titlu">
              <thead>
                <tr>
                  <th scope="col">Curs</th>
                  <th scope="col">Zile</th>
                  <th scope="col">Ocupate</th>
                  <th scope="col">Rezervate</th>
                  <th scope="col">Total / capacitate</th>
                  <th scope="col">Listă de așteptare</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.sessionId} data-testid="session">
                    <td>
                      <Link to={`/admin/sesiuni/${s.sessionId}`}>
                        {s.title}
                        <span className="visually-hidden">, sesiunea {s.when}: lista cursanților</span>
                      </Link>
                      {s.isPublished ? null : <span className="muted"> (nepublicat)</span>}
                      {s.state === "closed" ? <span className="muted"> (închisă pentru vânzare)</span> : null}
                    </td>
                    <td>
                      {s.when}
                      <br />
                      <span className="muted">{s.hours}</span>
                    </td>
                    <td>{s.taken}</td>
                    <td>{s.held}</td>
                    <td>
                      {s.taken + s.held} / {s.capacity}
                      {s.taken + s.held >= s.capacity ? <span className="muted"> (completă)</span> : null}
                    </td>
                    <td>{s.waitlist}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <p className="muted">
            „Ocupate”: locuri plătite sau adăugate de tine. „Rezervate”: locuri care așteaptă plata (transfer bancar sau card) ori oferite primului de pe lista de
            așteptare. Sesiunile anulate nu apar. Lista cursanților, prezența și mutările sunt în pagina fiecărei sesiuni.
          </p>
        </>
      )}
    </section>
  );
}
