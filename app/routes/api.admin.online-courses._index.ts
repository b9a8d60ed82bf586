/** GET /api/admin/online-courses → every online course, published or not; POST creates one (admins; docs/product.md §7 payload). */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { adminCourseList, adminCourseSave } from "~/routes/+shared/api/admin-courses.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => adminCourseList(request, "online"), POST: ({ request }) => adminCourseSave(request, "online", undefined) },
  { guard: "admin" },
);
