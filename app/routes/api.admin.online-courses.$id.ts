/**
 * PUT /api/admin/online-courses/{id} updates a online course (docs/product.md §7 payload, the admin form's rules).
 * DELETE → {msg, outcome}: deleted, or only hidden when students are enrolled
 * (models/course-admin.deleteCourse, as the admin page).
 */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { adminCourseDelete, adminCourseSave } from "~/routes/+shared/api/admin-courses.server";

export const { loader, action } = apiRoute(
  {
    PUT: ({ request, params }) => adminCourseSave(request, "online", params.id),
    DELETE: ({ request, params }) => adminCourseDelete(request, "online", params.id),
  },
  { guard: "admin" },
);
