/**
 * /admin/sistem — the owner's view of the running site (docs/product.md §10): backups, mail,
 * payment notifications, waiting payments, e-Factura deadlines, disk, version and uptime. Each
 * problem says what to do. Read-only, no JavaScript: a reload shows the current state.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import { STATIC_PAGE } from "~/lib/route-handle";
import { LEVEL_LABELS, type CheckLevel } from "~/lib/system-checks";
import { requireAdmin } from "~/models/session.server";
import { openAlerts } from "~/models/system-alerts.server";
import { systemChecks, systemRuntime } from "~/models/system-status.server";

export const handle = STATIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [checks, alerts] = await Promise.all([systemChecks(), openAlerts()]);
  return { checks, alerts, runtime: systemRuntime(), checkedAt: new Date().toISOString() };
}

const STATUS_CLASS: Record<CheckLevel, string> = { ok: "status status--confirmed", warn: "status status--failed", bad: "status status--pending" };

export default function SystemPage() {
  const { checks, alerts, runtime, checkedAt } = useLoaderData<typeof loader>();
  const problems = checks.filter((c) => c.level === "bad").length;
  return (
    <section aria-labelledby="sistem-titlu" className="admin-system">
      <h2 id="sistem-titlu">Starea sistemului</h2>
      <p className={problems ? "alert alert--error" : "alert alert--success"}>
        {problems === 0 ? "Totul este în regulă." : problems === 1 ? "O problemă cere atenția dumneavoastră." : `${problems} probleme cer atenția dumneavoastră.`}{" "}
        Verificat la {formatDateTime(checkedAt)}; reîncărcați pagina pentru starea de acum.
      </p>
      <ul className="admin-cards">
        {checks.map((check) => (
          <li key={check.key} className="card card--pad">
            <h3 id={`verificare-${check.key}`} className="admin-system__title">
              {check.title} <span className={STATUS_CLASS[check.level]}>{LEVEL_LABELS[check.level]}</span>
            </h3>
            <p>{check.summary}</p>
            <dl className="admin-system__facts">
              {check.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
            {check.advice ? (
              <p className="admin-system__advice">
                <strong>Ce este de făcut:</strong> {check.advice}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <h3>Alerte deschise</h3>
      {alerts.length === 0 ? (
        <p className="muted">Nicio alertă deschisă. Când o verificare devine „Problemă”, primiți un e-mail la adresa administratorului, iar când se rezolvă, încă unul.</p>
      ) : (
        <ul>
          {alerts.map((alert) => (
            <li key={alert.key}>
              {alert.summary} (din {formatDateTime(alert.openedAt)}, anunțată pe e-mail la {formatDateTime(alert.notifiedAt)})
            </li>
          ))}
        </ul>
      )}
      <h3>Serverul</h3>
      <dl className="admin-system__facts">
        <div>
          <dt>Versiunea</dt>
          <dd>{runtime.version}</dd>
        </div>
        <div>
          <dt>Pornit de</dt>
          <dd>
            {runtime.uptime} (procesul {runtime.pid}, Node.js {runtime.node})
          </dd>
        </div>
        <div>
          <dt>Baza de date</dt>
          <dd>{runtime.database}</dd>
        </div>
      </dl>
    </section>
  );
}
