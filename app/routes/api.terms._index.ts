/** POST /api/terms {page, terms} → 201 {page, terms}: creates a legal page (admins; 409 if it exists). */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { saveTermsFromApi } from "~/routes/+shared/api/terms.server";

export const { loader, action } = apiRoute({ POST: ({ request }) => saveTermsFromApi(request, undefined, "create") });
