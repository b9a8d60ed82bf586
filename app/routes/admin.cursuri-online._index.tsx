/** /admin/cursuri-online — the admin's online course cards with Modifică / Elimina and a create button. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { CourseListPage } from "~/routes/+shared/admin-course-list";
import { courseListLoader } from "~/routes/+shared/admin-course.server";

export const loader = (args: LoaderFunctionArgs) => courseListLoader("online", args);

export default CourseListPage;
export const ErrorBoundary = errorBoundary("admin");
