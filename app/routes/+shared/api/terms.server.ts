/**
 * Legal pages over JSON (docs/product.md §7 Legal pages): the six pages of the site, read by everyone,
 * written by admins with the page editor's schema (blank sections dropped: cleanSections) and
 * model (models/terms.saveTermsPage).
 */
import { legalPages } from "~/components/layout/nav";
import { termsBody } from "~/lib/api/schemas";
import { cleanSections, TERMS_MESSAGES } from "~/lib/validation/terms";
import { getTermsPage, saveTermsPage } from "~/models/terms.server";
import { apiAdmin, apiError, jsonResponse, readJson } from "~/routes/+shared/api/http.server";

export const MISSING_PAGE = "Pagină inexistentă";

export const isLegalPage = (key: string | undefined) => legalPages.some((p) => p.key === key);

export async function saveTermsFromApi(request: Request, pageParam: string | undefined, mode: "create" | "update"): Promise<Response> {
  const admin = await apiAdmin(request);
  const body = await readJson(request, termsBody);
  const key = pageParam ?? body.page;
  if (!key || !isLegalPage(key)) return apiError(404, MISSING_PAGE);
  const existing = await getTermsPage(key);
  if (mode === "create" && existing) return apiError(409, `${TERMS_MESSAGES.createFailed}: pagina există deja (folosește PUT).`);
  if (mode === "update" && !existing) return apiError(404, MISSING_PAGE);
  const terms = cleanSections(body.terms);
  await saveTermsPage(key, terms, admin.id);
  return jsonResponse({ page: key, terms }, { status: mode === "create" ? 201 : 200 });
}

export async function termsForApi(key: string | undefined): Promise<Response> {
  const page = key && isLegalPage(key) ? await getTermsPage(key) : null;
  if (!page) return apiError(404, MISSING_PAGE);
  return jsonResponse({ page: page.pageKey, terms: page.sections }, { headers: { "Cache-Control": "no-cache" } });
}
