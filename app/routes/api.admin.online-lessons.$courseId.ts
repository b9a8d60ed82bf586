/**
 * GET /api/admin/online-lessons/{courseId} → {data: lessons} (admins; models/lesson-admin.listLessonsForAdmin):
 * the files as storage keys, under `videoUrlKey`/`pdfUrlKey` (what a save sends back) and under
 * the lesson's own `videoUrl`/`pdfUrl`.
 */
import { getCourseForAdmin } from "~/models/course-admin.server";
import { apiAdmin, apiError, apiRoute, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { adminLessonView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await apiAdmin(request);
    const id = intParam(params.courseId, "Cursul nu există.");
    const course = await getCourseForAdmin("online", id);
    if (!course) return apiError(404, "Cursul nu există.");
    return jsonResponse({
      data: course.lessons.map((l) => ({
        ...adminLessonView(l),
        videoUrl: l.videoKey,
        pdfUrl: l.pdfKey,
        captionsUrlKey: l.captionsKey ?? null,
        transcript: l.transcript ?? "",
      })),
    });
  },
}, { guard: "admin" });
