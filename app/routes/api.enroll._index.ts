/**
 * GET /api/enroll → {enrollments}: the user's enrolments. POST /api/enroll {courseId, courseType,
 * selectedPrice, …}: step one of docs/product.md §4's bank-transfer flow, once per course in the cart. It
 * checks the item is in the cart at exactly this price (409 otherwise) and writes nothing: the
 * enrolments are created by POST /purchase/send, in the order's single transaction, as the
 * cart page does. A replay after the order answers with the existing enrolment.
 */
import { enrollBody } from "~/lib/api/schemas";
import { API_CHECKOUT_MESSAGES, checkEnrollItem } from "~/models/api-checkout.server";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { cartItemView, enrollmentView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await apiUser(request);
    return jsonResponse({ enrollments: (await listEnrollmentsForUser(user.id)).map(enrollmentView) });
  },
  POST: async ({ request }) => {
    const user = await apiUser(request);
    const body = await readJson(request, enrollBody);
    const check = await checkEnrollItem(user.id, body.courseId, {
      ...body.selectedPrice,
      accreditation: body.accreditation ?? body.selectedPrice.accreditation,
      advancePayment: body.advanceSelected ?? body.selectedPrice.advancePayment,
      days: body.selectedPrice.days ?? body.selectedDays,
    });
    if (!check.ok) return apiError(check.status, check.message);
    if (check.state === "enrolled") return jsonResponse({ msg: API_CHECKOUT_MESSAGES.enrollReady, enrollment: enrollmentView(check.enrollment) });
    return jsonResponse({ msg: API_CHECKOUT_MESSAGES.enrollReady, item: cartItemView(check.line) });
  },
});
