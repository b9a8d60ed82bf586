/**
 * PATCH /api/enroll/{enrollmentId}/chapter-progress {chapterId, completed, totalChapters} →
 * {enrollment}. The player's rules (models/chapter-progress → lesson.completeLesson): another
 * user's enrolment → 404, a locked chapter → 403, a lesson not watched long enough → 409, no
 * access (pending, closed, expired) → 403. `totalChapters` is ignored: the server counts.
 */
import { chapterProgressBody } from "~/lib/api/schemas";
import { PLAYER_MESSAGES, waitMessage } from "~/lib/player";
import { completeChapter } from "~/models/chapter-progress.server";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { enrollmentView } from "~/routes/+shared/api/views.server";

const NONE = "Înscrierea nu există.";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await apiUser(request);
    const body = await readJson(request, chapterProgressBody);
    if (!body.completed) return apiError(400, "Un capitol finalizat nu poate fi marcat din nou ca nefinalizat.");
    const result = await completeChapter(user.id, params.id ?? "", body.chapterId);
    if (!result.ok) {
      switch (result.reason) {
        case "not-found":
          return apiError(404, NONE);
        case "locked":
          return apiError(403, PLAYER_MESSAGES.locked);
        case "too-early":
          return apiError(409, waitMessage(result.seconds), { seconds: result.seconds });
        case "pending":
          return apiError(403, PLAYER_MESSAGES.awaitingPayment);
        case "closed":
        case "expired":
          return apiError(403, PLAYER_MESSAGES.noAccess);
      }
    }
    const enrollment = (await listEnrollmentsForUser(user.id)).find((e) => e.id === params.id);
    return enrollment ? jsonResponse({ enrollment: enrollmentView(enrollment) }) : apiError(404, NONE);
  },
});
