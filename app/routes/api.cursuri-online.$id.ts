/**
 * GET /api/cursuri-online/{id} → one published online course; docs/product.md says the answer "may wrap
 * the course in data": the course's fields are given at the top and again under `data`.
 */
import { getUser } from "~/models/session.server";
import { apiError, apiRoute, intParam, jsonResponse } from "~/routes/+shared/api/http.server";
import { courseForApi } from "~/routes/+shared/api/views.server";

const NOT_FOUND = "Eroare la incarcarea cursului online.";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const id = intParam(params.id, NOT_FOUND);
    const user = await getUser(request);
    const course = await courseForApi("online", id, user?.id ?? null);
    return course ? jsonResponse({ ...course, data: course }) : apiError(404, NOT_FOUND);
  },
});
