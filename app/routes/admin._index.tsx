/**
 * /admin — the dashboard: revenue this month and last month, the last 12 months as a
 * server-drawn chart, orders awaiting a bank transfer with their "Confirmă plata" button (the
 * same transition and toast as the order page, back to this page), new enrolments and the next
 * in-person sessions, and the e-Factura documents near or past their 5-working-day deadline. Figures from `models/admin-dashboard.server.ts`; works without JavaScript.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { AwaitingTransfers, DashboardStats, NewEnrolments, REVENUE_DEFINITION, UpcomingSessions } from "~/components/admin/DashboardSections";
import { SalesChart } from "~/components/admin/SalesChart";
import { readFormData } from "~/lib/form-input";
import { readIntent } from "~/lib/intent";
import { SHORT_TOAST } from "~/lib/toast";
import { confirmTransferSchema } from "~/lib/validation/admin-dashboard";
import { getDashboard } from "~/models/admin-dashboard.server";
import { documentsAtRisk, type DeadlineDocument } from "~/models/efactura-deadlines.server";
import { deadlineText } from "~/lib/working-days";
import { requireAdmin } from "~/models/session.server";
import { orderTransitionAction } from "~/routes/+shared/order-transition.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [dashboard, efacturaAtRisk] = await Promise.all([getDashboard(), documentsAtRisk()]);
  return { ...dashboard, efacturaAtRisk };
}

const DASHBOARD_INTENTS = ["confirm"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = confirmTransferSchema.safeParse({ orderId: form.get("orderId") });
  switch (readIntent(form, DASHBOARD_INTENTS)) {
    case "confirm":
      if (!parsed.success) throw new Response("Comanda nu există.", { status: 404 });
      return orderTransitionAction(parsed.data.orderId, "confirm", admin.id, "/admin");
    case null:
      return redirectWithToast("/admin", { ...SHORT_TOAST, type: "error", message: "Acțiune necunoscută." });
  }
}

export default function AdminDashboard() {
  const dashboard = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="dashboard" aria-labelledby="panou-titlu">
      <h2 id="panou-titlu">Panou</h2>
      <DashboardStats dashboard={dashboard} />
      {dashboard.efacturaAtRisk.length > 0 ? <EfacturaDeadlines documents={dashboard.efacturaAtRisk} /> : null}
      <p className="muted dashboard__note">{REVENUE_DEFINITION}</p>
      <section className="card card--pad dashboard__section" aria-labelledby="vanzari-titlu">
        <h3 id="vanzari-titlu">Vânzări pe ultimele 12 luni</h3>
        <SalesChart months={dashboard.months} />
      </section>
      <AwaitingTransfers awaiting={dashboard.awaitingTransfer} busy={busy} />
      <div className="dashboard__pair">
        <NewEnrolments enrolments={dashboard.newEnrolments} />
        <UpcomingSessions sessions={dashboard.sessions} />
      </div>
    </section>
  );
}

/** Documents not accepted by ANAF whose deadline is at most 2 working days away, or past. */
function EfacturaDeadlines({ documents }: { documents: DeadlineDocument[] }) {
  return (
    <section className="card card--pad dashboard__section" aria-labelledby="efactura-termen-titlu" data-testid="efactura-deadlines">
      <h3 id="efactura-termen-titlu">e-Factura: termen de transmitere</h3>
      <ul>
        {documents.map((d) => (
          <li key={d.id} className={d.daysLeft <= 0 ? "text-danger" : undefined}>
            <strong>{d.number}</strong> – {d.status === "rejected" ? "respinsă de ANAF" : "netransmisă"} – {deadlineText(d)}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/admin/facturi">Deschide facturile</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = errorBoundary("admin");
