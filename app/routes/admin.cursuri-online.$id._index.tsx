/** /admin/cursuri-online/:id (or /nou) — create or edit a online course with its prices, content and media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CourseEditorPage } from "~/components/admin/CoursePages";
import { courseEditorAction, courseEditorLoader } from "~/services/admin-course-page.server";

export const loader = (args: LoaderFunctionArgs) => courseEditorLoader("online", args);
export const action = (args: ActionFunctionArgs) => courseEditorAction("online", args);

export default CourseEditorPage;
export const ErrorBoundary = AdminErrorBoundary;
