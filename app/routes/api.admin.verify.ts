/** GET /api/admin/verify → {msg: 'ok'} for an admin; 401 guest, 403 user (models/session.requireAdmin). */
import { apiAdmin, apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await apiAdmin(request);
    return jsonResponse({ msg: "ok" });
  },
}, { guard: "admin" });
