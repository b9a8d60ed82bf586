/** /admin/cursuri-online/:id (or /nou) — create or edit a online course with its prices, content and media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBoundary } from "~/components/ErrorState";
import { CourseEditorPage } from "~/routes/+shared/admin-course";
import { courseEditorAction, courseEditorLoader } from "~/routes/+shared/admin-course.server";

export const loader = (args: LoaderFunctionArgs) => courseEditorLoader("online", args);
export const action = (args: ActionFunctionArgs) => courseEditorAction("online", args);

export default CourseEditorPage;
export const ErrorBoundary = errorBoundary("admin");
