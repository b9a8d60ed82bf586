/** /admin/cursuri — the admin's physical course cards with Modifică / Elimina and a create button. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CourseListPage } from "~/components/admin/CoursePages";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { courseListLoader } from "~/services/admin-course-page.server";

export const loader = (args: LoaderFunctionArgs) => courseListLoader("physical", args);

export default CourseListPage;
export const ErrorBoundary = AdminErrorBoundary;
