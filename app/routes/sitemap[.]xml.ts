/** GET /sitemap.xml: public pages, legal pages, published courses and products. */
import { legalPages } from "~/components/layout/nav";
import { getConfig } from "~/config.server";
import { courseHref } from "~/lib/course-actions";
import { listSitemapCourses } from "~/models/course.server";
import { listSitemapProducts } from "~/models/product.server";

const STATIC_PAGES = ["/", "/cursuri", "/cursuri-online", "/produse", "/about-me", "/contact", "/servicii", "/shop"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export async function loader() {
  const { publicUrl } = getConfig();
  const [courses, products] = await Promise.all([listSitemapCourses(), listSitemapProducts()]);
  const entries: Array<{ path: string; lastmod?: Date }> = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...courses.map((c) => ({ path: courseHref(c.kind, c.id), lastmod: c.updatedAt })),
    ...products.map((p) => ({ path: `/produse/produs/${p.id}`, lastmod: p.updatedAt })),
    ...legalPages.map((p) => ({ path: p.to })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>${
          entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
