/**
 * GET /api/online-lessons/{courseId}/lessons → {course, lessons, enrollment} for the owner of an
 * open enrolment (models/lesson.loadPlayer: the player's own rules). Media addresses are the
 * player's checked URLs (the watch clock starts when a video is actually requested). No
 * enrolment → 404, awaiting payment / no access / expired → 403 (docs/product.md: the client goes back to
 * /cursuri-online).
 */
import { lessonKey } from "~/lib/progress";
import { mediaPath, PLAYER_MESSAGES } from "~/lib/player";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { loadPlayer } from "~/models/lesson.server";
import { apiError, apiRoute, apiUser, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { enrollmentView } from "~/routes/+shared/api/views.server";

const NONE = "Nu ești înscris(ă) la acest curs.";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await apiUser(request);
    const courseId = intParam(params.id, NONE);
    const player = await loadPlayer(user.id, courseId);
    if (player.kind === "not-found" || player.kind === "no-enrollment") return apiError(404, NONE);
    if (player.kind === "pending") return apiError(403, PLAYER_MESSAGES.awaitingPayment);
    if (player.kind !== "open") return apiError(403, player.kind === "expired" ? PLAYER_MESSAGES.expiredTitle : PLAYER_MESSAGES.noAccess);
    const enrollment = (await listEnrollmentsForUser(user.id)).find((e) => e.id === player.enrollment.id);
    if (!enrollment) return apiError(404, NONE);
    const lessons = player.state.chapters.flatMap((chapter) =>
      chapter.lessons.map((lesson) => {
        const key = lessonKey(lesson);
        return {
          _id: lesson.id,
          chapterId: lesson.chapterId,
          lessonId: lesson.lessonId,
          lessonTitle: lesson.title,
          explanation: lesson.explanation,
          videoUrl: chapter.unlocked && lesson.videoKey ? mediaPath(courseId, key, "video") : null,
          pdfUrl: chapter.unlocked && lesson.pdfKey ? mediaPath(courseId, key, "pdf") : null,
          captionsUrl: chapter.unlocked && lesson.captionsKey ? mediaPath(courseId, key, "captions") : null,
          transcript: chapter.unlocked ? lesson.transcript : "",
          isPublished: true,
          completed: lesson.completed,
          unlocked: chapter.unlocked,
        };
      }),
    );
    return jsonResponse({ course: { _id: player.course.id, title: player.course.title }, lessons, enrollment: enrollmentView(enrollment) });
  },
});
