/**
 * Catalogue loaders and actions against a real database: 404s for unknown, unpublished and
 * wrong-kind ids, list buttons by enrolment, add-to-cart through the route actions, the sitemap
 * and the legal pages.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, enrollments, termsPages } from "../../db/schema";
import { loader as homeLoader } from "~/routes/_index";
import { loader as onlineDetailLoader, action as onlineDetailAction } from "~/routes/cursuri-online.curs.$id._index";
import { loader as physicalListLoader } from "~/routes/cursuri._index";
import { action as physicalDetailAction, loader as physicalDetailLoader } from "~/routes/cursuri.curs.$id";
import { loader as productLoader } from "~/routes/produse.produs.$id";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { loader as termeniLoader } from "~/routes/termeni";
import { cookieFor, createCourse, createProduct, createUser } from "../helpers/factories";
import { toResponse } from "../helpers/http";

const BASE = "http://localhost:3000";
const physicalPrices = [
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
  { days: 10, amountBani: 230000 },
  { days: 5, amountBani: 50000, advancePayment: true },
  { days: 10, amountBani: 295000, accreditation: true },
];
const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };

function get(path: string, cookie?: string) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Referer: `${BASE}${path}`, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** Runs a loader/action and returns the thrown or returned Response. */
async function respond(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return toResponse(await fn());
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("course and product loaders answer 404 for ids they do not show", () => {
  it("unknown, malformed, unpublished and wrong-kind course ids", async () => {
    const { course: physical } = await createCourse("physical", {}, physicalPrices);
    const { course: online } = await createCourse("online");
    const { course: hidden } = await createCourse("physical", { isPublished: false }, physicalPrices);
    const physicalDetail = (id: string) => respond(() => physicalDetailLoader({ request: get(`/cursuri/curs/${id}`), params: { id }, context: {} }));
    const onlineDetail = (id: string) => respond(() => onlineDetailLoader({ request: get(`/cursuri-online/curs/${id}`), params: { id }, context: {} }));

    expect((await physicalDetail(String(physical.id))).status).toBe(200);
    for (const id of ["nope", "0", "-3", "1.5", "99999999999", "987654", String(hidden.id), String(online.id)]) {
      expect((await physicalDetail(id)).status, `physical ${id}`).toBe(404);
    }
    expect((await onlineDetail(String(online.id))).status).toBe(200);
    expect((await onlineDetail(String(physical.id))).status).toBe(404);
    expect((await onlineDetail("nope")).status).toBe(404);
  });

  it("unknown and unpublished products", async () => {
    const product = await createProduct();
    const hidden = await createProduct({ isPublished: false });
    const load = (id: string) => respond(() => productLoader({ request: get(`/produse/produs/${id}`), params: { id }, context: {} }));
    expect((await load(String(product.id))).status).toBe(200);
    expect((await load(String(hidden.id))).status).toBe(404);
    expect((await load("987654")).status).toBe(404);
    expect((await load("abc")).status).toBe(404);
  });
});

describe("course list and detail for a user", () => {
  it("shows each card's button by enrolment state and only published courses", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course: confirmed } = await createCourse("physical", { position: 100 }, physicalPrices);
    const { course: pending } = await createCourse("physical", { position: 101 }, physicalPrices);
    const { course: failed } = await createCourse("physical", { position: 102 }, physicalPrices);
    const { course: hidden } = await createCourse("physical", { isPublished: false, position: 103 }, physicalPrices);
    await getDb().insert(enrollments).values([
      { userId: user.id, courseId: confirmed.id, courseType: "physical", paymentStatus: "confirmed", optionSnapshot: snapshot },
      { userId: user.id, courseId: pending.id, courseType: "physical", paymentStatus: "pending", optionSnapshot: snapshot },
      { userId: user.id, courseId: failed.id, courseType: "physical", paymentStatus: "failed", optionSnapshot: snapshot },
    ]);
    const response = await respond(() => physicalListLoader({ request: get("/cursuri", cookie), params: {}, context: {} }));
    const { courses } = await response.json();
    const buttons = Object.fromEntries(courses.map((c: { id: number; button: string }) => [c.id, c.button]));
    expect(buttons[confirmed.id]).toBe("continue");
    expect(buttons[pending.id]).toBe("awaiting-payment");
    expect(buttons[failed.id]).toBe("details");
    expect(buttons[hidden.id]).toBeUndefined();
    const card = courses.find((c: { id: number }) => c.id === confirmed.id);
    expect(card).toMatchObject({ fromPriceBani: 200000, severalPrices: true });

    const guest = await (await respond(() => physicalListLoader({ request: get("/cursuri"), params: {}, context: {} }))).json();
    expect(guest.courses.find((c: { id: number }) => c.id === confirmed.id)?.button).toBe("details");
  });

  it("offers the distinct periods with accreditation and advance, and the detail action by state", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    const id = String(course.id);
    const load = async () => (await respond(() => physicalDetailLoader({ request: get(`/cursuri/curs/${id}`, cookie), params: { id }, context: {} }))).json();
    const detail = await load();
    expect(detail.choices.map((c: { id: number; days: number | null }) => [c.id, c.days])).toEqual([[options[0].id, 5], [options[2].id, 10]]);
    expect(detail).toMatchObject({ offersAccreditation: true, offersAdvance: true, action: "add", saved: null });

    // Adding through the action, then the page shows the saved choice.
    const added = await respond(() =>
      physicalDetailAction({
        request: post(`/cursuri/curs/${id}?index`, { intent: "add-to-cart", priceOptionId: String(options[2].id), accreditation: "on" }, cookie),
        params: { id },
        context: {},
      }),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/cursuri/curs/${id}`);
    expect(added.headers.get("Set-Cookie")).toContain("__flash=");
    const again = await load();
    expect(again.action).toBe("in-cart");
    expect(again.saved).toEqual({ priceOptionId: options[2].id, accreditation: true, advancePayment: false });

    await getDb().insert(enrollments).values({ userId: user.id, courseId: course.id, courseType: "physical", paymentStatus: "pending", optionSnapshot: snapshot });
    expect((await load()).action).toBe("awaiting-payment");
    await getDb().update(enrollments).set({ paymentStatus: "confirmed" }).where(eq(enrollments.userId, user.id));
    expect((await load()).action).toBe("continue");
  });

  it("answers a missing period with docs/product.md's messages and adds nothing", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course } = await createCourse("physical", {}, physicalPrices);
    const id = String(course.id);
    const attempts: Array<Record<string, string>> = [{ intent: "add-to-cart" }, { intent: "add-to-cart", priceOptionId: "abc" }, { intent: "add-to-cart", priceOptionId: "-1" }];
    for (const fields of attempts) {
      const response = await respond(() => physicalDetailAction({ request: post(`/cursuri/curs/${id}`, fields, cookie), params: { id }, context: {} }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { alert: "Te rugăm să alegi mai întâi o perioadă", field: "Trebuie să alegi o perioadă" },
      });
    }
    // Another course's option: the cart model's message.
    const other = await createCourse("physical", {}, physicalPrices);
    const wrong = await respond(() =>
      physicalDetailAction({ request: post(`/cursuri/curs/${id}`, { intent: "add-to-cart", priceOptionId: String(other.options[0].id) }, cookie), params: { id }, context: {} }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.field).toBeNull();
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(0);
  });

  it("sends a guest to the login page, back to the course afterwards", async () => {
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    const id = String(course.id);
    const response = await respond(() =>
      physicalDetailAction({ request: post(`/cursuri/curs/${id}`, { intent: "add-to-cart", priceOptionId: String(options[0].id) }), params: { id }, context: {} }),
    );
    expect(response.status).toBe(302);
    // With the period posted, so that the page comes back with it chosen (issue 20, item 5).
    const back = `/cursuri/curs/${id}?priceOptionId=${options[0].id}`;
    expect(response.headers.get("Location")).toBe(`/autentificare?redirectTo=${encodeURIComponent(back)}`);
  });

  it("carries a guest's whole choice through the login, and the page opens with it", async () => {
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    const id = String(course.id);
    const fields = { intent: "add-to-cart", priceOptionId: String(options[2].id), accreditation: "on", advancePayment: "on" };
    const response = await respond(() => physicalDetailAction({ request: post(`/cursuri/curs/${id}`, fields), params: { id }, context: {} }));
    const target = new URL(response.headers.get("Location")!, BASE).searchParams.get("redirectTo")!;
    expect(target).toBe(`/cursuri/curs/${id}?priceOptionId=${options[2].id}&accreditation=on&advancePayment=on`);
    const page = await (await respond(() => physicalDetailLoader({ request: get(target), params: { id }, context: {} }))).json();
    expect(page.requested).toEqual({ priceOptionId: options[2].id, accreditation: true, advancePayment: true });

    // Nothing chosen: back to the plain page. A cross-site post is still refused before anything is read.
    const plain = await respond(() => physicalDetailAction({ request: post(`/cursuri/curs/${id}`, { intent: "add-to-cart" }), params: { id }, context: {} }));
    expect(plain.headers.get("Location")).toBe(`/autentificare?redirectTo=${encodeURIComponent(`/cursuri/curs/${id}`)}`);
    const crossSite = new Request(`${BASE}/cursuri/curs/${id}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    expect((await respond(() => physicalDetailAction({ request: crossSite, params: { id }, context: {} }))).status).toBe(403);

    // Another course's option, or one that does not exist, chooses nothing.
    const other = await createCourse("physical", {}, physicalPrices);
    const foreign = await (await respond(() => physicalDetailLoader({ request: get(`/cursuri/curs/${id}?priceOptionId=${other.options[0].id}`), params: { id }, context: {} }))).json();
    expect(foreign.requested).toBeNull();
  });

  it("adds an online course, refuses it on the physical route, and asks for a price when none is chosen", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("online", {}, [
      { days: null, amountBani: 0, accreditation: true },
      { days: 90, amountBani: 24900 },
    ]);
    const id = String(course.id);
    const detail = await (await respond(() => onlineDetailLoader({ request: get(`/cursuri-online/curs/${id}`, cookie), params: { id }, context: {} }))).json();
    expect(detail.choices.map((c: { amountBani: number }) => c.amountBani)).toEqual([0, 24900]);
    expect(detail.course.fromPriceBani).toBe(0);

    const none = await respond(() => onlineDetailAction({ request: post(`/cursuri-online/curs/${id}`, { intent: "add-to-cart" }, cookie), params: { id }, context: {} }));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: { alert: "Vă rugăm să selectați un preț.", field: "Trebuie să selectezi un preț" } });

    const wrongRoute = await respond(() =>
      physicalDetailAction({ request: post(`/cursuri/curs/${id}`, { intent: "add-to-cart", priceOptionId: String(options[0].id) }, cookie), params: { id }, context: {} }),
    );
    expect(wrongRoute.status).toBe(404);

    const added = await respond(() =>
      onlineDetailAction({ request: post(`/cursuri-online/curs/${id}`, { intent: "add-to-cart", priceOptionId: String(options[1].id) }, cookie), params: { id }, context: {} }),
    );
    expect(added.status).toBe(302);
    const [line] = await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id));
    expect(line).toMatchObject({ category: "online", priceOptionId: options[1].id });
  });
});

describe("home page", () => {
  it("promotes the soonest future session of a published physical course", async () => {
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    await createCourse("physical", { nextSessionOn: inDays(-3), title: "Trecut" }, physicalPrices);
    await createCourse("physical", { nextSessionOn: inDays(2), title: "Ascuns", isPublished: false }, physicalPrices);
    await createCourse("physical", { nextSessionOn: inDays(9), title: "Mai târziu" }, physicalPrices);
    await createCourse("physical", { nextSessionOn: inDays(4), title: "Curând" }, physicalPrices);
    const data = await (await respond(() => homeLoader({ request: get("/"), params: {}, context: {} }))).json();
    expect(data.session).toMatchObject({ title: "Curând", date: inDays(4), fromPriceBani: 200000 });
  });
});

describe("sitemap", () => {
  it("lists public pages and published courses and products, not unpublished ones", async () => {
    const { course: published } = await createCourse("physical", {}, physicalPrices);
    const { course: online } = await createCourse("online");
    const { course: hidden } = await createCourse("online", { isPublished: false });
    const product = await createProduct();
    const hiddenProduct = await createProduct({ isPublished: false });
    const response = await sitemapLoader();
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/termeni</loc>");
    expect(xml).toContain(`<loc>http://localhost:3000/cursuri/curs/${published.id}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/cursuri-online/curs/${online.id}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/produse/produs/${product.id}</loc>`);
    expect(xml).not.toContain(`/curs/${hidden.id}<`);
    expect(xml).not.toContain(`/produs/${hiddenProduct.id}<`);
  });
});

describe("legal pages", () => {
  it("render the stored sections, and 404 with 'Pagină inexistentă' data when the page is missing", async () => {
    await getDb().delete(termsPages).where(eq(termsPages.pageKey, "termeni"));
    const args = { request: new Request("http://localhost:3000/termeni"), params: {}, context: {} };
    const missing = await respond(() => termeniLoader(args));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ exists: false, pageKey: "termeni", sections: [] });

    await getDb().insert(termsPages).values({ pageKey: "termeni", sections: [{ title: "1. Despre noi", description: "Rândul unu\nRândul doi" }] });
    const found = await respond(() => termeniLoader(args));
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ exists: true, title: "Termeni și condiții", sections: [{ title: "1. Despre noi", description: "Rândul unu\nRândul doi" }] });
  });
});
