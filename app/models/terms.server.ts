/**
 * Legal pages (docs/product.md §2 "Legal pages", §4): one row per page key with its sections (plain text).
 * Read by everyone; created and updated by admins (inline on the page itself).
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { termsPages } from "../../db/schema";
import { cachedCatalogue, catalogueWritten } from "~/services/catalogue-cache.server";

export interface TermsSection {
  title: string;
  description: string;
}

export interface TermsPage {
  pageKey: string;
  sections: TermsSection[];
  updatedAt: Date;
}

/** The page, or null when it does not exist (the page shows "Pagină inexistentă", status 404). */
export function getTermsPage(pageKey: string): Promise<TermsPage | null> {
  return cachedCatalogue(`terms:${pageKey}`, () => queryTermsPage(pageKey));
}

async function queryTermsPage(pageKey: string): Promise<TermsPage | null> {
  const [row] = await getDb()
    .select({ pageKey: termsPages.pageKey, sections: termsPages.sections, updatedAt: termsPages.updatedAt })
    .from(termsPages)
    .where(eq(termsPages.pageKey, pageKey))
    .limit(1);
  if (!row) return null;
  const sections = Array.isArray(row.sections)
    ? row.sections
        .filter((s): s is TermsSection => typeof s?.title === "string" && typeof s?.description === "string")
        .map((s) => ({ title: s.title, description: s.description }))
    : [];
  return { ...row, sections };
}

export interface LegalPageData {
  pageKey: string;
  path: string;
  title: string;
  sections: TermsSection[];
  /** ISO date of the last change; null when the page does not exist. */
  updatedAt: string | null;
  exists: boolean;
}

/**
 * Creates the page (first save) or replaces its sections; `updatedBy` is the admin. Returns
 * whether it was created. Sections are stored exactly as given (the caller drops blank ones).
 */
export async function saveTermsPage(pageKey: string, sections: TermsSection[], updatedBy: string): Promise<{ created: boolean }> {
  const rows = await getDb()
    .insert(termsPages)
    .values({ pageKey, sections, updatedBy })
    .onConflictDoUpdate({ target: termsPages.pageKey, set: { sections, updatedBy, updatedAt: new Date() } })
    .returning({ createdAt: termsPages.createdAt, updatedAt: termsPages.updatedAt });
  await catalogueWritten();
  const row = rows[0];
  return { created: row.createdAt.getTime() === row.updatedAt.getTime() };
}

/** Tests only: removes a page (to exercise "Pagină inexistentă" and the create button). */
export async function deleteTermsPage(pageKey: string): Promise<void> {
  await getDb().delete(termsPages).where(eq(termsPages.pageKey, pageKey));
  await catalogueWritten();
}

/**
 * What a legal route renders, and its status: 200, or 404 when the page is missing (the page
 * still renders, saying "Pagină inexistentă"; the admin issue adds a create button there).
 */
export async function legalPageData(
  page: { to: string; key: string; label: string },
): Promise<{ data: LegalPageData; status: 200 | 404 }> {
  const row = await getTermsPage(page.key);
  return {
    data: {
      pageKey: page.key,
      path: page.to,
      title: page.label,
      sections: row?.sections ?? [],
      updatedAt: row ? row.updatedAt.toISOString() : null,
      exists: Boolean(row),
    },
    status: row ? 200 : 404,
  };
}
