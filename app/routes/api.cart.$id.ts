/** DELETE /api/cart/{id} → {msg}: removes one of the user's own lines (another's → 404). */
import { CART_MESSAGES, removeCartLine } from "~/models/cart.server";
import { apiError, apiRoute, apiUser, jsonResponse } from "~/routes/+shared/api/http.server";

export const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await apiUser(request);
    const removed = await removeCartLine(user.id, params.id ?? "");
    return removed ? jsonResponse({ msg: CART_MESSAGES.removed }) : apiError(404, CART_MESSAGES.removeFailed);
  },
});
