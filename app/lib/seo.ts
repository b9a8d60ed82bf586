/**
 * Per-page SEO (title, description, canonical URL, Open Graph) and JSON-LD helpers. Pure.
 * Meta functions read the site's public address from the root loader's data.
 */
export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical page ("/cursuri/curs/1"). */
  path: string;
  publicUrl: string;
  /** Absolute or root-relative image URL for sharing. */
  image?: string | null;
  type?: "website" | "article" | "product";
  /** Pages that should not be indexed (errors). */
  noindex?: boolean;
}

export const SITE_NAME = "Ana Nails Academy";
export const DEFAULT_SHARE_IMAGE = "/images/hero.webp";

type MetaMatch = { id: string; data?: unknown };

/** The public address from the root loader (falls back to a relative canonical). */
export function publicUrlFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

export function seo(input: SeoInput) {
  const url = absoluteUrl(input.publicUrl, input.path);
  const image = absoluteUrl(input.publicUrl, input.image ?? DEFAULT_SHARE_IMAGE);
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title} – ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: input.description },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "ro_RO" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Meta of a page whose loader failed (404 or an error): never indexed. */
export function errorSeo(publicUrl: string, notFound: boolean) {
  return seo({
    title: notFound ? "Pagina nu a fost găsită" : "A apărut o eroare",
    description: notFound ? "Adresa accesată nu există sau a fost mutată." : "Pagina nu a putut fi încărcată.",
    path: "/",
    publicUrl,
    noindex: true,
  });
}

/** A description of at most ~160 characters, cut at a word boundary. */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 30))}…`;
}

/**
 * JSON for a <script type="application/ld+json"> block: "<", ">" and "&" are escaped so the
 * text can never close the script element or open a comment.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** 200000 bani → "2000.00" (schema.org price). */
export function schemaPrice(bani: number): string {
  return `${Math.floor(bani / 100)}.${String(bani % 100).padStart(2, "0")}`;
}
