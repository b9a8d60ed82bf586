/** /admin/cursuri/:id (or /nou) — create or edit a physical course with its prices, content and media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CourseEditorPage } from "~/components/admin/CoursePages";
import { courseEditorAction, courseEditorLoader } from "~/services/admin-course-page.server";

export const loader = (args: LoaderFunctionArgs) => courseEditorLoader("physical", args);
export const action = (args: ActionFunctionArgs) => courseEditorAction("physical", args);

export default CourseEditorPage;
export const ErrorBoundary = AdminErrorBoundary;
