/** GET /api/access/verify → {user}: the session user (401 {msg, error} for a guest). */
import { apiRoute, apiUser, jsonResponse } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => jsonResponse({ user: userView(await apiUser(request)) }),
});
