/** GET /api/produse → the published products (docs/product.md: "used, paths not shown"; chosen here). */
import { listPublishedProducts } from "~/models/product.server";
import { apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";
import { productView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async () => jsonResponse(await Promise.all((await listPublishedProducts()).map((p) => productView(p)))),
});
