/** GET /api/cart/item-count → {itemCount}: the header badge (models/cart.countCartLines). */
import { countCartLines } from "~/models/cart-view.server";
import { apiRoute, apiUser, jsonResponse } from "~/routes/+shared/api/http.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await apiUser(request);
    return jsonResponse({ itemCount: await countCartLines(user.id) });
  },
});
