/**
 * Any other /api/* path: JSON 404 {msg}, whatever the method (never the HTML error page).
 * A path that exists with another method answers 405 + Allow from its own route.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { API_MESSAGES, apiError } from "~/routes/+shared/api/http.server";
import { isSameOrigin } from "~/services/origin.server";

const notFound = () => apiError(404, API_MESSAGES.notFound, {}, { "Cache-Control": "no-store" });

export const loader = notFound;
/** A cross-site mutation is refused (403) like on every other path, before the 404. */
export const action = ({ request }: ActionFunctionArgs) =>
  isSameOrigin(request) ? notFound() : apiError(403, API_MESSAGES.crossSite, {}, { "Cache-Control": "no-store" });
