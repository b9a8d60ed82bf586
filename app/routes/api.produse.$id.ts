/** GET /api/produse/{id} → one published product (with inCart for a logged-in viewer); 404 {msg}. */
import { getPublishedProduct } from "~/models/product.server";
import { isProductInCart } from "~/models/cart-view.server";
import { getUser } from "~/models/session.server";
import { apiError, apiRoute, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { productView } from "~/routes/+shared/api/views.server";

const NOT_FOUND = "Produsul nu există.";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const id = intParam(params.id, NOT_FOUND);
    const [product, user] = await Promise.all([getPublishedProduct(id), getUser(request)]);
    if (!product) return apiError(404, NOT_FOUND);
    return jsonResponse(await productView(product, user ? await isProductInCart(user.id, id) : undefined));
  },
});
