/** DELETE /api/cart/clear → {msg, items: [], cart: {items: []}}: empties the cart (after an order it already is). */
import { API_CHECKOUT_MESSAGES } from "~/models/api-checkout.server";
import { clearCart } from "~/models/cart.server";
import { apiRoute, apiUser, jsonResponse } from "~/routes/+shared/api/http.server";

export const { loader, action } = apiRoute({
  DELETE: async ({ request }) => {
    const user = await apiUser(request);
    await clearCart(user.id);
    return jsonResponse({ msg: API_CHECKOUT_MESSAGES.cleared, items: [], cart: { items: [] } });
  },
});
