/**
 * /admin/sistem — the owner's view of the running site (docs/product.md §10): backups, mail,
 * payment notifications, waiting payments, e-Factura deadlines, disk, crash loops, every process
 * of the cluster with its version and uptime, the last errors (grouped, scrubbed). Each problem
 * says what to do. No JavaScript: a reload shows the current state; the one form („Am verificat”,
 * after a crash loop) is a plain POST.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { TableWrap } from "~/components/ui/TableWrap";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/form-input";
import { readIntent } from "~/lib/intent";
import { STATIC_PAGE } from "~/lib/route-handle";
import { LEVEL_LABELS, WORKER_ROLE_LABELS, type CheckLevel } from "~/lib/system-checks";
import { SHORT_TOAST } from "~/lib/toast";
import { requireAdmin } from "~/models/session.server";
import { crashLoopChecked, openAlerts } from "~/models/system-alerts.server";
import { lastErrors } from "~/models/system-errors.server";
import { systemChecks, systemRuntime, systemWorkers } from "~/models/system-status.server";
import { redirectWithToast } from "~/services/toast.server";

export const handle = STATIC_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [checks, alerts, workers, errors] = await Promise.all([systemChecks(), openAlerts(), systemWorkers(), lastErrors()]);
  return { checks, alerts, workers, errors, runtime: systemRuntime(), checkedAt: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const intent = readIntent(await readFormData(request), ["crash-loop-checked"] as const);
  if (intent !== "crash-loop-checked") throw new Response("Cerere necunoscută", { status: 400 });
  const changed = await crashLoopChecked();
  return redirectWithToast("/admin/sistem", { ...SHORT_TOAST, message: changed ? "Oprirea a fost marcată ca verificată." : "Nu era nimic de verificat." });
}

const STATUS_CLASS: Record<CheckLevel, string> = { ok: "status status--confirmed", warn: "status status--failed", bad: "status status--pending" };

export default function SystemPage() {
  const { checks, alerts, workers, errors, runtime, checkedAt } = useLoaderData<typeof loader>();
  const problems = checks.filter((c) => c.level === "bad").length;
  const versions = new Set(workers.map((w) => w.version));
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
            {check.facts.length ? (
              <dl className="admin-system__facts">
                {check.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {check.advice ? (
              <p className="admin-system__advice">
                <strong>Ce este de făcut:</strong> {check.advice}
              </p>
            ) : null}
            {check.key === "crashloop" && check.level === "bad" ? (
              <Form method="post" className="admin-system__advice">
                <button type="submit" name="intent" value="crash-loop-checked" className="button button--dark button--small">
                  Am verificat
                </button>
              </Form>
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
      <h3 id="procese-titlu">Serverul</h3>
      <dl className="admin-system__facts">
        <div>
          <dt>Versiunea</dt>
          <dd>{versions.size > 1 ? `${[...versions].join(", ")} (procesele rulează versiuni diferite: reporniți site-ul)` : runtime.version}</dd>
        </div>
        <div>
          <dt>Baza de date</dt>
          <dd>
            {runtime.database} (Node.js {runtime.node})
          </dd>
        </div>
      </dl>
      <TableWrap label="Procesele serverului">
        <table className="table" aria-labelledby="procese-titlu">
          <thead>
            <tr>
              <th scope="col">Procesul</th>
              <th scope="col">Rol</th>
              <th scope="col">Pornit la</th>
              <th scope="col">Pornit de</th>
              <th scope="col">Versiunea</th>
            </tr>
          </thead>
          <tbody>
            {workers.map((worker) => (
              <tr key={worker.pid}>
                <td>
                  {worker.pid}
                  {worker.current ? " (a răspuns acestei pagini)" : ""}
                </td>
                <td>{WORKER_ROLE_LABELS[worker.role]}</td>
                <td>{worker.startedAt}</td>
                <td>{worker.uptime}</td>
                <td>{worker.version}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h3 id="erori-titlu">Ultimele erori</h3>
      {errors.length === 0 ? (
        <p className="muted">Nicio eroare în ultimele 30 de zile.</p>
      ) : (
        <>
          <p className="muted">Grupate după mesaj, fără date personale (adresele de e-mail, numerele și codurile sunt înlocuite). Mai multe detalii în jurnalul serverului, la ora respectivă.</p>
          <TableWrap label="Ultimele erori">
            <table className="table" aria-labelledby="erori-titlu">
              <thead>
                <tr>
                  <th scope="col">Mesajul</th>
                  <th scope="col">De câte ori</th>
                  <th scope="col">Prima dată</th>
                  <th scope="col">Ultima dată</th>
                </tr>
              </thead>
              <tbody>
                {errors.map((error) => (
                  <tr key={error.message}>
                    <td className="admin-system__error">{error.message}</td>
                    <td>{error.count}</td>
                    <td>{formatDateTime(error.firstSeenAt)}</td>
                    <td>{formatDateTime(error.lastSeenAt)}</td>
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
