/** The admin course lists, save and delete over JSON (models/course-admin: the admin pages' own functions). */
import type { CourseKind } from "../../../../db/schema";
import { adminCourseBody, toCourseForm } from "~/lib/api/schemas";
import { COURSE_FORM_MESSAGES, courseFormSchema } from "~/lib/validation/admin-course";
import { deleteCourse, getCourseForAdmin, listCoursesForAdmin, saveCourseFromForm } from "~/models/course-admin.server";
import { apiAdmin, apiError, fieldErrors, intParam, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { adminCourseView } from "~/routes/+shared/api/views.server";

/** Every course of one kind, published or not, as whole course objects (the admin edits from them). */
export async function adminCourseList(request: Request, kind: CourseKind): Promise<Response> {
  await apiAdmin(request);
  const list = await listCoursesForAdmin(kind);
  const courses = await Promise.all(
    list.map(async (card) => {
      const course = await getCourseForAdmin(kind, card.id);
      return course ? adminCourseView(course, card.enrollments) : null;
    }),
  );
  return jsonResponse(courses.filter((c) => c !== null));
}

export async function adminCourseDelete(request: Request, kind: CourseKind, idParam: string | undefined): Promise<Response> {
  await apiAdmin(request);
  const id = intParam(idParam, "Cursul nu există.");
  const { outcome } = await deleteCourse(kind, id);
  if (outcome === "not-found") return apiError(404, "Cursul nu există.");
  return jsonResponse({ msg: outcome === "hidden" ? COURSE_FORM_MESSAGES.hidden : COURSE_FORM_MESSAGES.deleted, outcome });
}

/**
 * Create (id null) or update a course from docs/product.md's payload: the admin form's schema and
 * the admin page's own save (saveCourseFromForm: media check, then saveCourse). 201/200 {msg, _id}; errors {msg, errors} with the form's messages.
 */
export async function adminCourseSave(request: Request, kind: CourseKind, idParam: string | undefined): Promise<Response> {
  const admin = await apiAdmin(request);
  const id = idParam === undefined ? null : intParam(idParam, "Cursul nu există.");
  const body = await readJson(request, adminCourseBody);
  const parsed = courseFormSchema(kind).safeParse(toCourseForm(body));
  if (!parsed.success) {
    return apiError(400, parsed.error.issues[0]?.message ?? COURSE_FORM_MESSAGES.saveFailed, { errors: fieldErrors(parsed.error) });
  }
  const saved = await saveCourseFromForm(kind, id, parsed.data, { actorUserId: admin.id });
  if (!saved.ok && saved.missing) return apiError(404, "Cursul nu există.");
  if (!saved.ok) return apiError(400, Object.values(saved.errors)[0][0], { errors: saved.errors });
  return jsonResponse(
    { msg: saved.created ? COURSE_FORM_MESSAGES.created : COURSE_FORM_MESSAGES.updated, _id: saved.id },
    { status: saved.created ? 201 : 200 },
  );
}
