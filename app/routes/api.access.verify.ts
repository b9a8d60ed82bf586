/** GET /api/access/verify → the session user (401 for a guest). SPEC §7 Session. */
import { apiRoute, apiUser, jsonResponse } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => jsonResponse(userView(await apiUser(request))),
});
