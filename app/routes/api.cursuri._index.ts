/** GET /api/cursuri → the published physical courses (docs/product.md §3 course objects; isPurchased for the viewer). */
import { getUser } from "~/models/session.server";
import { apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";
import { coursesForApi } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await getUser(request);
    return jsonResponse(await coursesForApi("physical", user?.id ?? null));
  },
});
