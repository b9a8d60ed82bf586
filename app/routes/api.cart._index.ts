/**
 * GET /api/cart → {cart: {items, totalPrice, fullPrice, shippingPrice, orderButtonLabel,
 * earlyStartRequired, cartVersion}}, every amount from the catalogue.
 * POST /api/cart {courseId, category, selectedPrice} → 201 {msg} (200 when the line was updated).
 * The posted `selectedPrice.value` is compared with the course's option chosen by days,
 * accreditation and advance (lib/price-choice) and never used; a mismatch → 409. The line is
 * then added by the page's own model function (addCourseToCart / addProductToCart).
 */
import { addToCartBody } from "~/lib/api/schemas";
import { matchSelectedPrice } from "~/lib/price-choice";
import { getPriceSettings } from "~/models/course-settings.server";
import { API_CHECKOUT_MESSAGES } from "~/models/api-checkout.server";
import { addCourseToCart, addProductToCart, CART_MESSAGES } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { getPublishedCourse } from "~/models/course.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { cartView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await apiUser(request);
    return jsonResponse({ cart: cartView(await getCart(user.id, undefined, { withImages: true })) });
  },
  POST: async ({ request }) => {
    const user = await apiUser(request);
    const body = await readJson(request, addToCartBody);
    let result;
    if (body.category === "product") {
      result = await addProductToCart(user.id, body.courseId);
    } else {
      const failed = body.category === "physical" ? CART_MESSAGES.physicalFailed : CART_MESSAGES.onlineFailed;
      const course = await getPublishedCourse(body.category, body.courseId);
      if (!course) return apiError(404, CART_MESSAGES.courseUnavailable);
      if (!body.selectedPrice) return apiError(400, body.category === "physical" ? CART_MESSAGES.noPeriod : CART_MESSAGES.noPrice);
      const choice = matchSelectedPrice(body.category, course.options, body.selectedPrice, await getPriceSettings());
      if (!choice.ok) {
        return choice.reason === "value-mismatch"
          ? apiError(409, API_CHECKOUT_MESSAGES.priceMismatch)
          : apiError(400, CART_MESSAGES.badOption, { errors: { selectedPrice: [failed] } });
      }
      result = await addCourseToCart(user.id, {
        courseId: course.id,
        priceOptionId: choice.option.id,
        accreditation: choice.accreditation,
        advancePayment: choice.advancePayment,
        ...(body.category === "physical" ? { sessionId: body.sessionId ?? null } : {}),
      });
    }
    if (!result.ok) return apiError(result.status, result.message);
    return jsonResponse({ msg: result.message }, { status: result.updated ? 200 : 201 });
  },
});
