/** /admin/cursuri-online/:id/sterge — "Sigur vrei să ștergi acest curs?" (a page: works without JavaScript). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CourseDeletePage } from "~/components/admin/CoursePages";
import { courseDeleteAction, courseDeleteLoader } from "~/services/admin-course-page.server";

export const loader = (args: LoaderFunctionArgs) => courseDeleteLoader("online", args);
export const action = (args: ActionFunctionArgs) => courseDeleteAction("online", args);

export default CourseDeletePage;
export const ErrorBoundary = AdminErrorBoundary;
