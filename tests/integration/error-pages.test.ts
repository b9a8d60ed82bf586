/**
 * Error pages through the whole request handler: one error page component with per-area words,
 * always with an error status, the Romanian title and `noindex`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cookieFor, createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { withFailingDatabase } from "../helpers/unreachable";
import { remixHandler } from "../helpers/remix-app";

let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  handle = await remixHandler();
});

async function page(path: string, cookie?: string) {
  const response = await handle(new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  const html = await response.text();
  return { status: response.status, html, title: /<title>(.*?)<\/title>/.exec(html)?.[1] ?? null };
}

describe("error pages", () => {
  it("404s: the site's not-found page, or the area's own words, never indexed", async () => {
    for (const path of ["/nu-exista", "/cursuri/curs/999999", "/produse/produs/abc", "/cursuri-online/curs/0"]) {
      const { status, html, title } = await page(path);
      expect(status, path).toBe(404);
      expect(title, path).toMatch(/^Pagina nu a fost găsită/);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).toContain("Adresa accesată nu există sau a fost mutată.");
    }
    const diploma = await page("/diploma/ZZZZ-ZZZZ-ZZZZ");
    expect(diploma.status).toBe(404);
    expect(diploma.html).toContain("Verificare diplomă");
    expect(diploma.html).toMatch(/noindex/);
  });

  it("an admin page that does not exist, and a failed load, carry their status and the area's words", async () => {
    const admin = await createUser({ role: "admin" });
    const missing = await page("/admin/cursuri/999999", await cookieFor(admin.id));
    expect(missing.status).toBe(404);
    expect(missing.title).toMatch(/^Pagina nu a fost găsită/);
    expect(missing.html).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
    // Inside the admin layout: its navigation stays.
    expect(missing.html).toContain('href="/admin/comenzi"');

    const failed = await withFailingDatabase(() => page("/cursuri"));
    expect(failed.status).toBe(500);
    expect(failed.title).toBe("A apărut o eroare");
    expect(failed.html).toContain('<meta name="robots" content="noindex"/>');
    expect(failed.html).toContain("Nu s-au putut prelua cursurile");
    expect(failed.html).toContain("Reîncearcă");
  });
});
