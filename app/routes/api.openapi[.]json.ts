/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the zod schemas (routes/+shared/api/openapi). */
import { apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";
import { openApiDocument } from "~/routes/+shared/api/openapi.server";

export const { loader, action } = apiRoute({
  GET: () => jsonResponse(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
});
