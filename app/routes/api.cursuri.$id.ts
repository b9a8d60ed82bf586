/** GET /api/cursuri/{id} → one published physical course; 404 {msg} otherwise. */
import { getUser } from "~/models/session.server";
import { apiError, apiRoute, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { courseForApi } from "~/routes/+shared/api/views.server";

const NOT_FOUND = "Cursul nu a putut fi incarcat cu succes.";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const id = intParam(params.id, NOT_FOUND);
    const user = await getUser(request);
    const course = await courseForApi("physical", id, user?.id ?? null);
    return course ? jsonResponse(course) : apiError(404, NOT_FOUND);
  },
});
