/**
 * /admin — the admin area's frame: every admin page is a child of this route. The guard runs on
 * the server for the frame and again in every child loader and action (a child's data request
 * does not pass through this loader).
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { privateHeaders } from "~/lib/http";
import { errorMetaFor } from "~/lib/meta";
import { requireAdmin } from "~/models/session.server";

/** The admin tabs; each area adds its entry here. */
export const ADMIN_TABS = [
  { to: "/admin", label: "Panou", end: true },
  { to: "/admin/cursuri-online", label: "Cursuri online" },
  { to: "/admin/cursuri", label: "Cursuri fizice" },
  { to: "/admin/sesiuni", label: "Sesiuni" },
  { to: "/admin/produse", label: "Produse" },
  { to: "/admin/comenzi", label: "Comenzi" },
  { to: "/admin/facturi", label: "Facturi" },
  { to: "/admin/livrare", label: "Livrare" },
  { to: "/admin/sistem", label: "Sistem" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {};
}

export default function AdminLayout() {
  return (
    <main className="page container admin">
      <p className="eyebrow">Administrare</p>
      <h1>Gestionare academie</h1>
      <nav className="admin-tabs" aria-label="Secțiuni de administrare">
        {ADMIN_TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={"end" in tab} className="admin-tabs__link" prefetch="intent">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </main>
  );
}

export const meta: MetaFunction = ({ error }) =>
  errorMetaFor(error) ?? [{ title: "Administrare – Ana Nails Academy" }, { name: "robots", content: "noindex" }];
// Every admin page (children inherit it): personal, also on `.data` requests.
export const headers = privateHeaders;

/** A child page without a boundary of its own (e.g. the orders) that fails to load: "Eroare la preluarea datelor." */
export const ErrorBoundary = errorBoundary("admin");
