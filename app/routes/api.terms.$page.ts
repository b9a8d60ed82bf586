/** GET /api/terms/{page} → {page, terms} (404 'Pagină inexistentă'); PUT {page, terms} updates it (admins). */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { saveTermsFromApi, termsForApi } from "~/routes/+shared/api/terms.server";

export const { loader, action } = apiRoute({
  GET: ({ params }) => termsForApi(params.page),
  PUT: ({ request, params }) => saveTermsFromApi(request, params.page, "update"),
});
