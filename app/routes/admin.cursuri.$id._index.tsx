/** /admin/cursuri/:id (or /nou) — create or edit a physical course with its prices, content and media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { CourseEditorPage } from "~/routes/+shared/admin-course";
import { courseEditorAction, courseEditorLoader } from "~/routes/+shared/admin-course.server";

export const loader = (args: LoaderFunctionArgs) => courseEditorLoader("physical", args);
export const action = (args: ActionFunctionArgs) => courseEditorAction("physical", args);

export default CourseEditorPage;
export const ErrorBoundary = errorBoundary("admin");
