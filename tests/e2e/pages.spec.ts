/** Every public route of issue 3 answers its status and shows its key Romanian texts. */
import { expect, test } from "./fixtures";
import { COURSES, PRODUCTS } from "./catalogue-helpers";

const pages: Array<{ path: string; heading: string | RegExp; texts: string[] }> = [
  {
    path: "/",
    heading: "Transformă pasiunea pentru unghii într-o meserie",
    texts: ["Experiență din 2016", "Certificare acreditată", "Program flexibil", "Următoarea grupă", "Zilnic, 09:00–18:00", "Ne găsești în Constanța"],
  },
  { path: "/about-me", heading: "Bună, sunt Ana Marinescu", texts: ["Cum a început", "2016", "Constanța"] },
  { path: "/contact", heading: "Hai să vorbim", texts: ["Zilnic, 09:00–18:00", "+40 722 123 456", "contact@ananails.example", "Str. Ștefan cel Mare nr. 45"] },
  { path: "/servicii", heading: "Servicii în salon", texts: ["Manichiură cu ojă semipermanentă", "110,00 RON", "Prețurile sunt orientative"] },
  { path: "/shop", heading: "Tot ce ai nevoie pentru unghii frumoase", texts: ["Produse recomandate", PRODUCTS.kit.title] },
  { path: "/cursuri", heading: "Cursuri de manichiură și pedichiură", texts: [COURSES.basic.title, COURSES.pedicure.title, "Vezi mai multe informații", "de la"] },
  {
    path: `/cursuri/curs/${COURSES.basic.id}`,
    heading: COURSES.basic.title,
    texts: ["Descriere", "Ce vei învăța", "Teorie și igienă", "Programul pe zile", "Ziua 5", "Înmânarea diplomelor", "10% reducere", "Alege perioada"],
  },
  { path: "/cursuri-online", heading: "Învață de acasă, în ritmul tău", texts: [COURSES.semipermanent.title, COURSES.hygiene.title, "Gratis"] },
  {
    path: `/cursuri-online/curs/${COURSES.semipermanent.id}`,
    heading: COURSES.semipermanent.title,
    texts: ["Capitolele cursului", "Pregătirea unghiei", "Acces nelimitat", "Diplomă inclusă", "Acces 90 de zile", "349,00 RON", "249,00 RON", "10% reducere"],
  },
  { path: "/produse", heading: "Produse profesionale pentru unghii", texts: [PRODUCTS.kit.title, PRODUCTS.lamp.title, "249,00 RON"] },
  { path: `/produse/produs/${PRODUCTS.lamp.id}`, heading: PRODUCTS.lamp.title, texts: ["189,00 RON", "Adaugă în coș"] },
  { path: "/termeni", heading: "Termeni și condiții", texts: ["1. Despre noi", "4. Livrarea produselor", "6. Litigii"] },
  { path: "/inscriere", heading: "Politica de înscriere", texts: ["Înscrierea la cursurile fizice", "Reprogramare"] },
  { path: "/confidentialitate", heading: "Politica de confidențialitate", texts: ["Ce date prelucrăm", "Drepturile tale"] },
  { path: "/cookie", heading: "Politica de cookie-uri", texts: ["Ce sunt cookie-urile", "Preferințele tale privind cookie-urile"] },
];

for (const { path, heading, texts } of pages) {
  test(`${path} answers 200 with its content`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeAttached();
  });
}

const missing = [
  "/cursuri/curs/nope",
  `/cursuri/curs/${COURSES.semipermanent.id}`,
  "/cursuri/curs/987654",
  `/cursuri-online/curs/${COURSES.basic.id}`,
  "/cursuri-online/curs/0",
  "/produse/produs/987654",
  "/produse/produs/abc",
  "/nu-exista-asa-ceva",
];
for (const path of missing) {
  test(`${path} is the Romanian not-found page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pagina nu a fost găsită" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Înapoi la pagina principală" })).toBeVisible();
  });
}

test("the home page promotes the next session with its date and price", async ({ page }) => {
  await page.goto("/");
  const promo = page.locator("section", { has: page.getByRole("heading", { name: COURSES.basic.title, level: 2 }) });
  await expect(promo.getByTestId("next-session-date")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(promo.getByText("2.000,00 RON")).toBeVisible();
  await promo.getByRole("link", { name: "Rezervă-ți locul" }).click();
  await expect(page).toHaveURL(`/cursuri/curs/${COURSES.basic.id}`);
});

test("the contact page links phone and e-mail", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("main").getByRole("link", { name: "+40 722 123 456" })).toHaveAttribute("href", "tel:+40722123456");
  await expect(page.getByRole("main").getByRole("link", { name: "contact@ananails.example" })).toHaveAttribute("href", "mailto:contact@ananails.example");
});

test("the shop leads to the products", async ({ page }) => {
  await page.goto("/shop");
  await page.getByRole("link", { name: "Produse", exact: true }).first().click();
  await expect(page).toHaveURL("/produse");
});

test("/account redirects to /cont", async ({ request }) => {
  const response = await request.get("/account", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/cont");
});

test("catalogue images load through stable public /img URLs with srcset", async ({ page }) => {
  await page.goto("/cursuri");
  // Priority goes to the first card with a picture (a parallel spec may add a course without one).
  const image = page.locator(".course-card img").first();
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute(
    "srcset",
    /^\/img\/courses\/\d+_curs-baza-480\.webp 480w, \/img\/courses\/\d+_curs-baza-720\.webp 720w, \/img\/courses\/\d+_curs-baza\.webp 960w$/,
  );
  // The phone's slot is the page's width less its margins, not the whole screen.
  await expect(image).toHaveAttribute("sizes", /, 92vw$/);
  // The first card's image is the page's largest paint on a phone: fetched at once, with priority;
  // the others wait until they come near the screen, and then yield to it and to the font.
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator(".course-card img").nth(1)).toHaveAttribute("loading", "lazy");
  await expect(page.locator(".course-card img").nth(1)).toHaveAttribute("fetchpriority", "low");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
