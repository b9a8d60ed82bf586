/** GET /robots.txt: everything public may be crawled; personal and admin pages not. */
import { getConfig } from "~/config.server";

export function loader() {
  const { publicUrl } = getConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cont",
    "Disallow: /cart",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /autentificare",
    "Disallow: /register",
    "Disallow: /forgot-password",
    "Disallow: /reset/",
    "Disallow: /cursuri-online/curs/*/lectie",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
