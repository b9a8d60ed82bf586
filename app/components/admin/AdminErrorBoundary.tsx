import { useRouteError } from "@remix-run/react";
import { RouteErrorContent } from "~/components/ErrorState";
import { COURSE_FORM_MESSAGES } from "~/lib/validation/admin-course";

/** Admin pages: 404 → not found; anything else → "Eroare la preluarea datelor." with a retry. */
export function AdminErrorBoundary() {
  return <RouteErrorContent error={useRouteError()} message={COURSE_FORM_MESSAGES.loadFailed} backTo="/admin" backLabel="Administrare" />;
}
