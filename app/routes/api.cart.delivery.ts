/**
 * GET /api/cart/delivery → the active delivery methods with their fee for this cart, and the
 * saved choice. PUT /api/cart/delivery {deliveryMethodId, sameAsBilling, recipientName, …} saves
 * the choice through the cart page's own schema and model (issue 16): a product cart cannot be
 * ordered (/purchase/send, /checkout) until a method is saved. The fee is always the server's.
 */
import { DELIVERY_MESSAGES } from "~/lib/validation/delivery";
import { getCart } from "~/models/cart-view.server";
import { saveCartDelivery } from "~/models/delivery.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { cartDeliveryApiView } from "~/routes/+shared/api/views.server";
import { activeDeliverySchema, cartDeliveryView } from "~/routes/+shared/cart-delivery-page.server";

async function deliveryAnswer(userId: string) {
  const cart = await getCart(userId);
  return cartDeliveryApiView(cart, await cartDeliveryView(cart, { always: true }));
}

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await apiUser(request);
    return jsonResponse(await deliveryAnswer(user.id));
  },
  PUT: async ({ request }) => {
    const user = await apiUser(request);
    const body = await readJson(request, await activeDeliverySchema());
    const saved = await saveCartDelivery(user.id, body, { name: user.name, phone: user.phone, address: user.address });
    if (!saved.ok) return apiError(400, saved.message, { errors: { [saved.field]: [saved.message] } });
    return jsonResponse({ msg: DELIVERY_MESSAGES.saved, delivery: await deliveryAnswer(user.id) });
  },
});
