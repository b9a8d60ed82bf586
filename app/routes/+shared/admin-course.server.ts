/**
 * The loaders and actions of the two course tabs (online and physical courses share them, so
 * the route modules stay one line each): list, editor (create and edit) and delete. Each one
 * calls requireAdmin first (docs/architecture.md §5), then parses, calls the course model and responds.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { CourseKind } from "../../../db/schema";
import { parseId } from "~/lib/ids";
import { SHORT_TOAST } from "~/lib/toast";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import {
  COURSE_FORM_MESSAGES,
  courseFormSchema,
  courseToFormValue,
  newCourseFormValue,
  lessonMediaKeys,
} from "~/lib/validation/admin-course";
import { deleteCourse, getCourseForAdmin, listCoursesForAdmin, saveCourseFromForm } from "~/models/course-admin.server";
import { courseReferenceWarning } from "~/models/course.server";
import { getPriceSettings } from "~/models/course-settings.server";
import { signedMediaUrl } from "~/models/media-type.server";
import { requireAdmin } from "~/models/session.server";
import { catalogueImage } from "~/services/images.server";
import { log } from "~/log.server";
import { imageUrl } from "~/services/storage.server";
import { redirectWithToast } from "~/services/toast.server";
import { courseFileTarget, maxBytesFor, proofsToKeep, readAdminForm, readUploadProofs, uploadLimits } from "~/services/uploads.server";
import { parseForm, readFormData } from "~/lib/form-input";
import { applyBulkAdd } from "~/lib/bulk-items";
import { courseConstraint } from "./form-schemas.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export const COURSE_TABS: Record<CourseKind, { path: string; label: string; singular: string }> = {
  online: { path: "/admin/cursuri-online", label: "Cursuri online", singular: "curs online" },
  physical: { path: "/admin/cursuri", label: "Cursuri fizice", singular: "curs fizic" },
};

// ─── List ─────────────────────────────────────────────────────────────────────────────────

export async function courseListLoader(kind: CourseKind, { request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    const courses = await listCoursesForAdmin(kind);
    const images = await Promise.all(courses.map((c) => catalogueImage(c.imageKey)));
    return { kind, error: null as string | null, courses: courses.map((c, i) => ({ ...c, image: images[i] })) };
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: loading the course list failed", { error: String(error) });
    return data({ kind, error: COURSE_FORM_MESSAGES.loadFailed as string | null, courses: [] }, { status: 500 });
  }
}

// ─── Editor ───────────────────────────────────────────────────────────────────────────────

const MEDIA_TTL = { ttlSeconds: 3600 };

/** Signed URLs for the media keys a form shows (previews, links). */
async function urlsFor(keys: Iterable<string | null | undefined>): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const key of new Set([...keys].filter((k): k is string => Boolean(k)))) {
    try {
      const url = key.startsWith("courses/") || key.startsWith("products/") ? await imageUrl(key) : await signedMediaUrl(key, MEDIA_TTL);
      if (url) urls[key] = url;
    // outage-safe: a storage URL (an invalid key): no database
    } catch {
      // an invalid key shows without a link
    }
  }
  return urls;
}

function uploadSettings() {
  return { limits: uploadLimits(), maxBytes: { image: maxBytesFor("image"), video: maxBytesFor("video"), pdf: maxBytesFor("pdf"), captions: maxBytesFor("captions") } };
}

/** `nou` → null (create); a number → that course; anything else → 404. */
function editorId(param: string | undefined): number | null {
  if (param === "nou") return null;
  const id = parseId(param);
  if (!id) throw new Response("Cursul nu există.", { status: 404 });
  return id;
}

export async function courseEditorLoader(kind: CourseKind, { request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = editorId(params.id);
  const priceSettings = await getPriceSettings();
  if (id === null) {
    return { kind, courseId: null as number | null, version: "new", title: null as string | null, defaultValue: newCourseFormValue(kind) as Record<string, unknown>, urls: {}, uploads: uploadSettings(), priceWarning: null as string | null, priceSettings, constraint: courseConstraint(kind) };
  }
  const course = await getCourseForAdmin(kind, id);
  if (!course) throw new Response("Cursul nu există.", { status: 404 });
  const [urls, priceWarning] = await Promise.all([urlsFor([course.imageKey, ...course.lessons.flatMap(lessonMediaKeys)]), courseReferenceWarning(course.id)]);
  return { kind, courseId: course.id as number | null, version: course.updatedAt.toISOString(), title: course.title as string | null, defaultValue: courseToFormValue(course) as Record<string, unknown>, urls, uploads: uploadSettings(), priceWarning, priceSettings, constraint: courseConstraint(kind) };
}

export interface EditorActionData {
  result: SubmissionResult<string[]> | null;
  formError: string | null;
  urls: Record<string, string>;
  /** Proofs that uploaded keys were checked (hidden fields), so the next post does not check them again. */
  proofs: Record<string, string>;
}

export async function courseEditorAction(kind: CourseKind, { request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = editorId(params.id);
  const tab = COURSE_TABS[kind];
  const { formData, uploadErrors, storedKeys, tooLarge } = await readAdminForm(request, courseFileTarget);
  // "Adaugă mai multe" without JavaScript becomes conform's update of that list (lib/bulk-items).
  applyBulkAdd(formData);
  if (tooLarge) {
    return data<EditorActionData>({ result: null, urls: {}, proofs: {}, formError: UPLOAD_MESSAGES.formTooLarge(uploadLimits().form) }, { status: 413 });
  }
  const schema = courseFormSchema(kind);
  const submission = parseForm(formData, { schema });
  const keysInForm = [...formData.entries()].filter(([name]) => /(^imageKey$|videoKey$|pdfKey$|captionsKey$)/.test(name)).map(([, v]) => String(v));
  const urls = await urlsFor(keysInForm);
  const postedProofs = readUploadProofs(formData);
  const hasUploadErrors = Object.keys(uploadErrors).length > 0;
  if (submission.status !== "success" || hasUploadErrors) {
    const status = submission.status === "error" || hasUploadErrors ? 400 : 200;
    const proofs = await proofsToKeep(keysInForm, storedKeys, postedProofs);
    return data<EditorActionData>({ result: submission.reply({ fieldErrors: uploadErrors }), formError: null, urls, proofs }, { status });
  }

  // Keys new for this course (uploaded directly by the browser, or in an earlier post): each
  // stored file is checked once; a valid proof says it was.
  const kept = await proofsToKeep(storedKeys, storedKeys, postedProofs);
  try {
    const saved = await saveCourseFromForm(kind, id, submission.value, { actorUserId: admin.id, storedKeys, proofs: postedProofs });
    if (!saved.ok && saved.missing) throw new Response("Cursul nu există.", { status: 404 });
    if (!saved.ok) {
      const proofs = { ...kept, ...saved.proofs };
      return data<EditorActionData>({ result: submission.reply({ fieldErrors: saved.errors }), formError: null, urls, proofs }, { status: 400 });
    }
    // Saved either way; a struck-through price that is not the 30-day lowest is said at once (and on the editor).
    const priceWarning = await courseReferenceWarning(saved.id);
    const message = saved.created ? COURSE_FORM_MESSAGES.created : COURSE_FORM_MESSAGES.updated;
    return redirectWithToast(`${tab.path}/${saved.id}`, priceWarning ? { type: "info", message: `${message} ${priceWarning}` } : { ...SHORT_TOAST, message });
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof Response) throw error;
    log.error("admin: saving a course failed", { error: String(error) });
    return data<EditorActionData>({ result: submission.reply(), formError: COURSE_FORM_MESSAGES.saveFailed, urls, proofs: kept }, { status: 500 });
  }
}

// ─── Delete (confirmation step) ───────────────────────────────────────────────────────────

export async function courseDeleteLoader(kind: CourseKind, { request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const course = id ? await getCourseForAdmin(kind, id) : null;
  if (!course) throw new Response("Cursul nu există.", { status: 404 });
  const [card] = (await listCoursesForAdmin(kind)).filter((c) => c.id === course.id);
  return { kind, course: { id: course.id, title: course.title, secondTitle: course.secondTitle, isPublished: course.isPublished }, enrollments: card?.enrollments ?? 0 };
}

export async function courseDeleteAction(kind: CourseKind, { request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const tab = COURSE_TABS[kind];
  const id = parseId(params.id);
  if (!id) throw new Response("Cursul nu există.", { status: 404 });
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return redirect(tab.path);
  try {
    const { outcome } = await deleteCourse(kind, id);
    if (outcome === "not-found") return redirectWithToast(tab.path, { ...SHORT_TOAST, type: "error", message: COURSE_FORM_MESSAGES.deleteFailed });
    return redirectWithToast(tab.path, {
      ...SHORT_TOAST,
      type: outcome === "hidden" ? "info" : "success",
      message: outcome === "hidden" ? COURSE_FORM_MESSAGES.hidden : COURSE_FORM_MESSAGES.deleted,
    });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("admin: deleting a course failed", { error: String(error) });
    return redirectWithToast(tab.path, { ...SHORT_TOAST, type: "error", message: COURSE_FORM_MESSAGES.deleteFailed });
  }
}
