/**
 * Issue 13 item 5 / issue 14 finding 7: a form posted from another site answers 403 with a short
 * Romanian page — never Remix's bare 500 — on document and data requests; the same post from
 * the site itself still works.
 */
import { expect, test } from "./fixtures";

const ROUTES = ["/autentificare", "/cart", "/cont"];

test.describe("cross-site form posts", () => {
  for (const path of ROUTES) {
    test(`${path}: foreign Origin → 403 page`, async ({ request }) => {
      const response = await request.post(path, {
        form: { email: "victima@example.com", password: "Parola-Buna1!", intent: "profile", name: "Atacator" },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain("Acces interzis");
    });

    test(`${path}: data request with a foreign Origin → 403`, async ({ request }) => {
      // Single fetch: a JavaScript form post goes to `<path>.data`.
      const response = await request.post(`${path}.data`, {
        form: { email: "victima@example.com", password: "x", intent: "profile" },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
    });
  }

  test("a cross-site Referer without Origin → 403", async ({ request }) => {
    const response = await request.post("/autentificare", {
      form: { email: "victima@example.com", password: "Parola-Buna1!" },
      headers: { Referer: "https://evil.example/pagina" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("the same post from the site itself is answered normally", async ({ request, baseURL }) => {
    const response = await request.post("/autentificare", {
      form: { email: "nimeni@example.com", password: "Parola-Gresita1!" },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
  });
});
