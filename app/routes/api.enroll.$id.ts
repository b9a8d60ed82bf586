/** GET /api/enroll/{courseId} → {enrollment}: the user's enrolment in that course, or 404 {msg, error}. */
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { apiError, apiRoute, apiUser, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { enrollmentView } from "~/routes/+shared/api/views.server";

const NONE = "Nu ești înscris(ă) la acest curs.";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await apiUser(request);
    const courseId = intParam(params.id, NONE);
    const enrollment = (await listEnrollmentsForUser(user.id)).find((e) => e.courseId === courseId);
    return enrollment ? jsonResponse({ enrollment: enrollmentView(enrollment) }) : apiError(404, NONE);
  },
});
