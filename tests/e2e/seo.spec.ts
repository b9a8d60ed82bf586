/** Titles, descriptions, canonical URLs, Open Graph, JSON-LD, robots.txt and sitemap.xml. */
import type { APIRequestContext } from "@playwright/test";
import { expect, hook, loginAs, test } from "./fixtures";
import { COURSES, PRODUCTS } from "./catalogue-helpers";

const base = () => process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";

test("each page has its own title, description, canonical URL and Open Graph tags", async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ["/", "/cursuri", `/cursuri/curs/${COURSES.basic.id}`, "/cursuri-online", "/produse", "/contact", "/termeni"]) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/Ana Nails Academy/);
    expect(seen.has(title), `${path} has a unique title`).toBe(false);
    seen.add(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base()}${path}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${base()}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
    await expect(page.locator('meta[property="og:image"]')).not.toHaveAttribute("content", /\/media\/|[?&]s=/);
  }
});

test("the hero image is preloaded with its srcset", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toMatch(/<link rel="preload" as="image" href="\/images\/hero.webp" imageSrcSet="\/images\/hero-480.webp 480w, \/images\/hero-720.webp 720w, \/images\/hero.webp 960w"/);
});

async function jsonLd(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  const csp = response.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const match = /<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/s.exec(html);
  expect(match, `${path} has JSON-LD`).not.toBeNull();
  expect(match![1]).toBe(nonce);
  expect(match![2]).not.toMatch(/</);
  return JSON.parse(match![2]);
}

test("courses and products carry schema.org data with RON offers, in a nonce-carrying data block", async ({ request }) => {
  const course = await jsonLd(request, `/cursuri/curs/${COURSES.basic.id}`);
  expect(course).toMatchObject({ "@type": "Course", name: COURSES.basic.title, provider: { name: "Ana Nails Academy" } });
  // Stable public image addresses (no signature, no expiry), served cacheable for a year.
  expect(course.image).toMatch(new RegExp(`^${base()}/img/courses/\\d+_curs-baza\\.webp$`));
  const image = await request.get(course.image);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(course.offers).toEqual([
    expect.objectContaining({ "@type": "Offer", price: "2000.00", priceCurrency: "RON" }),
    expect.objectContaining({ "@type": "Offer", price: "2300.00", priceCurrency: "RON" }),
  ]);
  const free = await jsonLd(request, `/cursuri-online/curs/${COURSES.hygiene.id}`);
  expect(free.offers).toEqual([expect.objectContaining({ price: "0.00", priceCurrency: "RON", category: "Free" })]);
  const product = await jsonLd(request, `/produse/produs/${PRODUCTS.kit.id}`);
  expect(product).toMatchObject({ "@type": "Product", name: PRODUCTS.kit.title, offers: { "@type": "Offer", price: "249.00", priceCurrency: "RON" } });
  const home = await jsonLd(request, "/");
  expect(home).toMatchObject({ "@type": "NailSalon", openingHours: "Mo-Su 09:00-18:00" });
});

test("a physical course's sessions are CourseInstances dated in Bucharest time with the day's offset", async ({ request }, testInfo) => {
  // A course of its own, far in the future and different per project (both share the database).
  const year = testInfo.project.name === "js" ? 2099 : 2094;
  const title = `Curs cu sesiuni pentru motoarele de căutare ${testInfo.project.name}`;
  const created = await hook<{ id: number; sessionIds: number[] }>(request, "physicalCourse", {
    title,
    days: 2,
    amountBani: 90000,
    sessions: [
      { startsOn: `${year}-07-06`, capacity: 4 },
      { startsOn: `${year}-01-12`, capacity: 6 },
    ],
  });
  const course = await jsonLd(request, `/cursuri/curs/${created.id}`);
  expect(course).toMatchObject({ "@type": "Course", name: title });
  expect(course.hasCourseInstance).toEqual([
    expect.objectContaining({
      "@type": "CourseInstance",
      startDate: `${year}-01-12T09:00:00+02:00`,
      endDate: `${year}-01-13T17:00:00+02:00`,
      location: { "@type": "Place", name: "Ana Nails Academy", address: expect.stringContaining("Constanța") },
      maximumAttendeeCapacity: 6,
      remainingAttendeeCapacity: 6,
    }),
    expect.objectContaining({ startDate: `${year}-07-06T09:00:00+03:00`, endDate: `${year}-07-07T17:00:00+03:00`, maximumAttendeeCapacity: 4 }),
  ]);
});

test("robots.txt and sitemap.xml", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /cont");
  expect(text).toContain(`Sitemap: ${base()}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/cursuri", `/cursuri/curs/${COURSES.basic.id}`, `/cursuri-online/curs/${COURSES.hygiene.id}`, `/produse/produs/${PRODUCTS.oil.id}`, "/termeni", "/cookie"]) {
    expect(xml).toContain(`<loc>${base()}${path}</loc>`);
  }
});

test("guest pages are publicly cacheable for a short time; logged-in pages are private", async ({ request, context, page }) => {
  const guest = await request.get("/cursuri");
  expect(guest.headers()["cache-control"]).toContain("public");
  expect(guest.headers()["cache-control"]).toContain("s-maxage=60");

  // The same public page for a logged-in visitor carries their name and cart: never stored.
  await loginAs(context, request, { name: "Elena Stan" });
  for (const path of ["/cursuri", "/", "/cont"]) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  }
});
