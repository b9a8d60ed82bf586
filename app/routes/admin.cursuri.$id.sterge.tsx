/** /admin/cursuri/:id/sterge — "Sigur vrei să ștergi acest curs?" (a page: works without JavaScript). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { CourseDeletePage } from "~/routes/+shared/admin-course";
import { courseDeleteAction, courseDeleteLoader } from "~/routes/+shared/admin-course.server";

export const loader = (args: LoaderFunctionArgs) => courseDeleteLoader("physical", args);
export const action = (args: ActionFunctionArgs) => courseDeleteAction("physical", args);

export default CourseDeletePage;
export const ErrorBoundary = errorBoundary("admin");
