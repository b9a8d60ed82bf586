/** GET /api/admin/produse → every product, published or not (admins; models/product.listProductsForAdmin). */
import { listProductsForAdmin } from "~/models/product.server";
import { apiAdmin, apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await apiAdmin(request);
    return jsonResponse({ data: await listProductsForAdmin() });
  },
}, { guard: "admin" });
