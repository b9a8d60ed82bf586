/**
 * The JSON API of docs/product.md §7 (issue 17), through Remix's request handler: every call answers with
 * its documented status and a body valid against the generated OpenAPI 3.1 document; guests
 * get 401, users on admin paths 403; the bank-transfer sequence makes exactly the order the
 * cart page makes; replays create nothing; a forged price is refused; chapter progress keeps
 * the player's order and watch rules.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, enrollments, lessons, orderLines, orders, termsPages, users } from "../../db/schema";
import { getCart } from "~/models/cart-view.server";
import { action as cartAction } from "~/routes/cart";
import { openApiDocument, OPERATIONS } from "~/routes/+shared/api/openapi.server";
import { api, checkedCall, matchesDocument } from "../helpers/api";
import { choosePickup, cookieFor, createCourse, createProduct, createUser, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, post, run } from "../helpers/http";
import { resetEnvironment } from "~/test-support.server";

const physicalPrices = [
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
  { days: 5, amountBani: 50000, advancePayment: true },
];
const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };

const call = checkedCall;

async function counts() {
  const db = getDb();
  const [o] = await db.select({ n: count() }).from(orders);
  const [l] = await db.select({ n: count() }).from(orderLines);
  const [e] = await db.select({ n: count() }).from(enrollments);
  return { orders: o.n, lines: l.n, enrollments: e.n };
}

let admin: { id: string; cookie: string };
let physical: Awaited<ReturnType<typeof createCourse>>;
let online: Awaited<ReturnType<typeof createCourse>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  const row = await createUser({ role: "admin" });
  admin = { id: row.id, cookie: await cookieFor(row.id) };
  physical = await createCourse("physical", { content: { chapters: [{ id: 1, title: "Baze", details: [{ id: 1, text: "Igienă" }] }], days: [] } }, physicalPrices);
  online = await createCourse("online", {}, [{ days: 90, amountBani: 24900 }, { days: null, amountBani: 39900, accreditation: true }]);
  product = await createProduct({ priceBani: 2490 });
  await getDb().insert(termsPages).values({ pageKey: "termeni", sections: [{ title: "1", description: "Text" }] }).onConflictDoNothing();
});

async function signedIn() {
  const user = await createUser();
  return { user, cookie: await cookieFor(user.id) };
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document covering every docs/product.md §7 call", async () => {
    const response = await api("/openapi.json");
    expect(response.status).toBe(200);
    const result = await new Validator().validate(response.json as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(response.json).toMatchObject({ openapi: "3.1.0" });
    expect(Object.keys(openApiDocument().paths as object).length).toBeGreaterThanOrEqual(30);
    // The course object carries docs/product.md §3's fields.
    const course = (openApiDocument() as unknown as { components: { schemas: Record<string, { required: string[] }> } }).components.schemas.Course;
    for (const field of ["_id", "title", "secondTitle", "thirdTitle", "category", "img", "imgUrl", "prices", "duration", "elements", "isPublished", "isPurchased", "lessonsMetadata"]) {
      expect(course.required).toContain(field);
    }
  });
});

describe("errors are JSON, never the HTML page", () => {
  it("answers an unknown path 404 {msg} and a wrong method 405 {msg} with Allow", async () => {
    const unknown = await api("/nu-exista/deloc");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ msg: expect.any(String), error: unknown.json.msg });
    const wrong = await api("/cursuri", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(wrong.json).toEqual({ msg: expect.any(String), error: wrong.json.msg });
  });

  it("refuses a form body (415) and a cross-site origin (403) on mutations; personal answers are private, no-store", async () => {
    const { cookie } = await signedIn();
    const form = await api("/cart", { cookie, rawBody: "courseId=1", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const foreign = await api("/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "249,00", days: 90 } }, origin: "https://rau.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ msg: expect.any(String), error: foreign.json.msg });
    expect(await getDb().select().from(cartLines)).toHaveLength(0);
    const me = await api("/users/me", { cookie });
    expect(me.headers.get("Cache-Control")).toBe("private, no-store");
    expect(me.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("CORS", () => {
  it("stays closed unless API_ALLOWED_ORIGIN names the calling origin, which may then call with credentials", async () => {
    const { cookie } = await signedIn();
    const app = "https://app.example.ro";
    const closed = await api("/users/me", { cookie, method: "OPTIONS", origin: app });
    expect(closed.headers.get("Access-Control-Allow-Origin")).toBeNull();
    process.env.API_ALLOWED_ORIGIN = app;
    resetEnvironment();
    try {
      const preflight = await api("/cart", { method: "OPTIONS", origin: app });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, HEAD, OPTIONS");
      const added = await api("/cart", { cookie, origin: app, body: { courseId: product.id, category: "product" } });
      expect(added.status).toBe(201);
      expect(added.headers.get("Access-Control-Allow-Origin")).toBe(app);
      expect(added.headers.get("Access-Control-Allow-Credentials")).toBe("true");
      const other = await api("/cart", { cookie, origin: "https://rau.example", body: { courseId: product.id, category: "product" } });
      expect(other.status).toBe(403);
      expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    } finally {
      delete process.env.API_ALLOWED_ORIGIN;
      resetEnvironment();
    }
  });
});

describe("every docs/product.md §7 call", () => {
  it("answers guests 401 on user paths and users 403 on admin paths", async () => {
    const { cookie } = await signedIn();
    for (const op of OPERATIONS.filter((o) => o.auth !== "none" && o.path !== "/access/reset/{token}")) {
      const path = op.path.replace("{id}", "1").replace("{courseId}", String(online.course.id)).replace("{page}", "termeni");
      const method = op.method.toUpperCase();
      const body = op.method === "get" || op.method === "delete" ? undefined : {};
      const guest = await api(path, { method, body });
      expect(guest.status, `${method} ${path} as guest`).toBe(401);
      expect(matchesDocument(op.path, method, 401, guest.json), `${method} ${path} 401 ${guest.text}`).toEqual({ ok: true });
      if (op.auth === "admin") {
        const user = await api(path, { method, body, cookie });
        expect(user.status, `${method} ${path} as user`).toBe(403);
        expect(matchesDocument(op.path, method, 403, user.json), `${method} ${path} 403 ${user.text}`).toEqual({ ok: true });
      }
    }
  });

  it("walks session, account, catalogue, cart, checkout, legal and admin calls with their documented shapes", async () => {
    const ip = freshIp();
    const email = `api-${Date.now()}@example.com`;
    // Session and account
    const registered = await call("/access/register", "/access/register", { body: { nume: "Ana Pop", email, password: TEST_PASSWORD, marketing: false }, ip, expect: 201 });
    expect(registered.json.msg).toBe("Utilizator creat cu succes");
    const taken = await call("/access/register", "/access/register", { body: { nume: "Ana Pop", email, password: TEST_PASSWORD }, ip, expect: 409 });
    expect(taken.json.msg).toBe("Email deja folosită");
    await call("/access/login", "/access/login", { body: { email, password: "Gresita-123!" }, ip, expect: 401 });
    const login = await call("/access/login", "/access/login", { body: { email, password: TEST_PASSWORD }, ip, expect: 200 });
    expect(login.headers.get("Set-Cookie")).toMatch(/^__session=/);
    const cookie = login.cookie;
    const verify = await call("/access/verify", "/access/verify", { cookie, expect: 200 });
    expect(verify.json).toMatchObject({ user: { email, nume: "Ana Pop", status: "user" } });
    await call("/users/me", "/users/me", { cookie, expect: 200 });
    const updated = await call("/users/me", "/users/me", { method: "PUT", cookie, body: { nume: "Ana Popa", email, telefon: "0722111222", adresa: "Str. Lungă 2, Constanța" }, expect: 200 });
    expect(updated.json).toMatchObject({ msg: "Date actualizate cu succes!", user: { nume: "Ana Popa", adresa: "Str. Lungă 2, Constanța" } });
    await call("/access/reset-password", "/access/reset-password", { body: { email }, ip, expect: 200 });
    await call("/access/reset/{token}", "/access/reset/necunoscut", { body: { newPassword: "Parola-Noua1!", confirmPassword: "Parola-Noua1!" }, expect: 410 });

    // Catalogue
    const list = await call("/cursuri", "/cursuri", { expect: 200 });
    expect((list.json as unknown[]).length).toBeGreaterThan(0);
    const detail = await call("/cursuri/{id}", `/cursuri/${physical.course.id}`, { expect: 200 });
    expect(detail.json).toMatchObject({ _id: physical.course.id, duration: null, isPurchased: false, elements: [{ id: 1, title: "Baze", details: ["Igienă"] }] });
    expect((detail.json as unknown as { prices: unknown[] }).prices).toEqual([
      { _id: physical.options[0].id, days: 5, value: "2.000,00", accreditation: false, advancePayment: false },
      { _id: physical.options[1].id, days: 5, value: "2.650,00", accreditation: true, advancePayment: false },
      { _id: physical.options[2].id, days: 5, value: "500,00", accreditation: false, advancePayment: true },
    ]);
    await call("/cursuri/{id}", `/cursuri/${online.course.id}`, { expect: 404 });
    await call("/cursuri-online", "/cursuri-online", { expect: 200 });
    const onlineDetail = await call("/cursuri-online/{id}", `/cursuri-online/${online.course.id}`, { expect: 200 });
    expect(onlineDetail.json).toMatchObject({ duration: "nelimitat", data: { _id: online.course.id } });
    await call("/produse", "/produse", { expect: 200 });
    await call("/produse/{id}", `/produse/${product.id}`, { cookie, expect: 200 });
    await call("/produse/{id}", "/produse/999999", { expect: 404 });
    await call("/terms/{page}", "/terms/termeni", { expect: 200 });
    const missing = await call("/terms/{page}", "/terms/nu-exista", { expect: 404 });
    expect(missing.json.msg).toBe("Pagină inexistentă");
    await call("/upload/load-url", "/upload/load-url", { body: { key: "courses/1735689600000_poza.jpg" }, expect: 200 });
    await call("/upload/load-url", "/upload/load-url", { body: { key: "videos/1735689600000_lectie.mp4" }, expect: 403 });

    // Cart
    await call("/cart", "/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "249,00", days: 90 } }, expect: 201 });
    await call("/cart", "/cart", { cookie, body: { courseId: physical.course.id, category: "physical", selectedPrice: { value: "2.650,00", days: 5, accreditation: true } }, expect: 201 });
    await call("/cart", "/cart", { cookie, body: { courseId: product.id, category: "product" }, expect: 201 });
    const count3 = await call("/cart/item-count", "/cart/item-count", { cookie, expect: 200 });
    expect(count3.json).toEqual({ itemCount: 3 });
    const cart = await call("/cart", "/cart", { cookie, expect: 200 });
    expect(cart.json).toMatchObject({ cart: { totalPrice: "2.923,90" } });
    const items = (cart.json.cart as { items: Array<{ _id: string; category: string }> }).items;
    const productLine = items.find((i) => i.category === "product")!;
    await call("/cart/{id}", `/cart/${productLine._id}`, { method: "DELETE", cookie, expect: 200 });
    await call("/cart/{id}", `/cart/${productLine._id}`, { method: "DELETE", cookie, expect: 404 });

    // Enrolment check, order, clear
    await call("/enroll", "/enroll", { cookie, body: { courseId: online.course.id, courseType: "online", selectedPrice: { value: "249,00", days: 90 } }, expect: 200 });
    await call("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true, totalPrice: "2.899,00" }, expect: 400 });
    const sent = await call("/purchase/send", "/purchase/send", {
      cookie,
      body: { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, totalPrice: "2.899,00", address: "Str. Lungă 2, Constanța" },
      expect: 201,
    });
    expect(sent.json.msg).toBe("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.");
    await call("/cart/clear", "/cart/clear", { method: "DELETE", cookie, expect: 200 });
    const mine = await call("/enroll", "/enroll", { cookie, expect: 200 });
    expect((mine.json.enrollments as Array<{ paymentStatus: string }>).map((e) => e.paymentStatus)).toEqual(["pending", "pending"]);
    await call("/enroll/{id}", `/enroll/${online.course.id}`, { cookie, expect: 200 });
    await call("/enroll/{id}", "/enroll/999999", { cookie, expect: 404 });
    await call("/online-lessons/{id}/lessons", `/online-lessons/${online.course.id}/lessons`, { cookie, expect: 403 });

    // Card checkout: the Netopia (simulator) envelope
    await call("/cart", "/cart", { cookie, body: { courseId: product.id, category: "product" }, expect: 201 });
    // A cart with a product needs a delivery choice (the cart page, or PUT /api/cart/delivery: api-delivery.test).
    const [account] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
    await choosePickup(account.id);
    const card = await call("/checkout", "/checkout", { cookie, body: { paymentMethod: "card", acceptTerms: true, totalPrice: 24.9 }, expect: 201 });
    expect(card.json).toMatchObject({ formUrl: expect.stringContaining("/simulator/netopia"), env_key: expect.any(String), data: expect.any(String) });
    expect((card.json.env_key as string).length).toBeGreaterThan(20);

    // Legal pages and admin
    const adminCookie = admin.cookie;
    await call("/admin/verify", "/admin/verify", { cookie: adminCookie, expect: 200 });
    await call("/admin/courses", "/admin/courses", { cookie: adminCookie, expect: 200 });
    await call("/admin/online-courses", "/admin/online-courses", { cookie: adminCookie, expect: 200 });
    await call("/admin/produse", "/admin/produse", { cookie: adminCookie, expect: 200 });
    await call("/admin/online-lessons/{courseId}", `/admin/online-lessons/${online.course.id}`, { cookie: adminCookie, expect: 200 });
    await call("/admin/upload/load-url", "/admin/upload/load-url", { cookie: adminCookie, body: { key: "pdfs/1735689600000_fisa.pdf" }, expect: 200 });
    await getDb().delete(termsPages).where(eq(termsPages.pageKey, "cookie"));
    await call("/terms/{page}", "/terms/cookie", { method: "PUT", cookie: adminCookie, body: { terms: [{ title: "A", description: "B" }] }, expect: 404 });
    const created = await call("/terms", "/terms", { cookie: adminCookie, body: { page: "cookie", terms: [{ title: "A", description: "B" }, { title: " ", description: "" }] }, expect: 201 });
    expect(created.json).toEqual({ page: "cookie", terms: [{ title: "A", description: "B" }] });
    await call("/terms", "/terms", { cookie: adminCookie, body: { page: "cookie", terms: [] }, expect: 409 });
    await call("/terms/{page}", "/terms/cookie", { method: "PUT", cookie: adminCookie, body: { terms: [{ title: "C", description: "D" }] }, expect: 200 });
    const payload = {
      title: "Manichiură rusească",
      secondTitle: "Nivel 1",
      thirdTitle: "Descriere",
      category: "Manichiură",
      prices: [{ value: "1.500,00", days: 3, accreditation: false, advancePayment: false }, { value: "Gratis", days: 1 }],
      duration: 3,
      elements: [{ id: 1, title: "Capitolul 1", details: ["Igienă", "Unelte"] }],
      days: [{ id: 1, title: "Ziua 1", lista: ["Teorie"] }],
      isPublished: true,
    };
    await call("/admin/courses", "/admin/courses", { cookie: adminCookie, body: { ...payload, prices: [{ value: "1.5", days: 3 }] }, expect: 400 });
    const made = await call("/admin/courses", "/admin/courses", { cookie: adminCookie, body: payload, expect: 201 });
    expect(made.json.msg).toBe("Curs creat cu succes");
    const madeId = made.json._id as number;
    const shown = await call("/cursuri/{id}", `/cursuri/${madeId}`, { expect: 200 });
    expect(shown.json).toMatchObject({ title: "Manichiură rusească", duration: 3, elements: [{ id: 1, title: "Capitolul 1", details: ["Igienă", "Unelte"] }], days: [{ id: 1, title: "Ziua 1", lista: ["Teorie"] }] });
    expect((shown.json as unknown as { prices: Array<{ value: string }> }).prices.map((p) => p.value)).toEqual(["1.500,00", "Gratis"]);
    await call("/admin/courses/{id}", `/admin/courses/${madeId}`, { method: "PUT", cookie: adminCookie, body: { ...payload, title: "Manichiură rusească 2" }, expect: 200 });
    await call("/admin/courses/{id}", "/admin/courses/999999", { method: "PUT", cookie: adminCookie, body: payload, expect: 404 });
    const madeOnline = await call("/admin/online-courses", "/admin/online-courses", {
      cookie: adminCookie,
      body: { title: "Online nou", prices: [{ value: "99,00", days: "nelimitat" }], elements: [{ id: 0, title: "Intro" }], lessonsMetadata: [{ chapterId: 0, lessonId: 1, lessonTitle: "Salut", isPublished: true }], isPublished: true },
      expect: 201,
    });
    await call("/admin/online-lessons/{courseId}", `/admin/online-lessons/${madeOnline.json._id}`, { cookie: adminCookie, expect: 200 });
    await call("/admin/online-courses/{id}", `/admin/online-courses/${madeOnline.json._id}`, {
      method: "PUT",
      cookie: adminCookie,
      body: { title: "Online nou", lessonsMetadata: [{ chapterId: 0, lessonId: 1, lessonTitle: "Salut", videoUrlKey: "videos/1735689600000_inexistent.mp4" }], elements: [{ id: 0, title: "Intro" }] },
      expect: 400,
    });
    const spare = await createCourse("physical");
    await call("/admin/courses/{id}", `/admin/courses/${spare.course.id}`, { method: "DELETE", cookie: adminCookie, expect: 200 });
    await call("/admin/courses/{id}", `/admin/courses/${spare.course.id}`, { method: "DELETE", cookie: adminCookie, expect: 404 });
    const spareOnline = await createCourse("online");
    await call("/admin/online-courses/{id}", `/admin/online-courses/${spareOnline.course.id}`, { method: "DELETE", cookie: adminCookie, expect: 200 });

    // Logout ends the session
    await call("/access/logout", "/access/logout", { method: "POST", cookie, expect: 200 });
    await call("/access/verify", "/access/verify", { cookie, expect: 401 });
  });
});

describe("login", () => {
  it("has the login page's rate limit: the sixth wrong attempt from one address answers 429 with Retry-After", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await call("/access/login", "/access/login", { body: { email: user.email, password: "Gresita-123!" }, ip, expect: 401 });
      expect(wrong.json.msg).toBe("Email sau parolă incorectă.");
    }
    const limited = await call("/access/login", "/access/login", { body: { email: user.email, password: TEST_PASSWORD }, ip, expect: 429 });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.json.msg).toMatch(/Prea multe încercări/);
    expect(limited.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("prices are the server's", () => {
  it("refuses a forged selectedPrice.value and adds nothing", async () => {
    const { user, cookie } = await signedIn();
    const forged = await call("/cart", "/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "1,00", days: 90 } }, expect: 409 });
    expect(forged.json.msg).toMatch(/nu corespunde/);
    const forgedPhysical = await call("/cart", "/cart", { cookie, body: { courseId: physical.course.id, category: "physical", selectedPrice: { value: "2.000,00", days: 5, accreditation: true } }, expect: 409 });
    expect(forgedPhysical.json.msg).toMatch(/nu corespunde/);
    await call("/cart", "/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "249,00", days: 30 } }, expect: 400 });
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(0);
    // In the cart at the right price, a forged value at /enroll or /purchase/send is refused too.
    await call("/cart", "/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "Gratis", days: null, accreditation: true } }, expect: 409 });
    await call("/cart", "/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "399,00", days: "nelimitat", accreditation: true } }, expect: 201 });
    await call("/enroll", "/enroll", { cookie, body: { courseId: online.course.id, courseType: "online", selectedPrice: { value: "1,00", days: "nelimitat", accreditation: true } }, expect: 409 });
    const before = await counts();
    await call("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, totalPrice: "1,00" }, expect: 409 });
    expect(await counts()).toEqual(before);
  });
});

describe("the bank-transfer flow", () => {
  async function fillCartByApi(cookie: string, userId: string) {
    await api("/cart", { cookie, body: { courseId: physical.course.id, category: "physical", selectedPrice: { value: "500,00", days: 5, accreditation: false, advancePayment: true } } });
    await api("/cart", { cookie, body: { courseId: online.course.id, category: "online", selectedPrice: { value: "249,00", days: 90 } } });
    await api("/cart", { cookie, body: { courseId: product.id, category: "product" } });
    // The product's delivery is chosen on the cart page (no docs/product.md §7 call for it): free pickup.
    await choosePickup(userId);
  }

  async function orderOf(userId: string) {
    const [order] = await getDb().select().from(orders).where(eq(orders.userId, userId));
    const lines = await getDb().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, userId));
    return {
      order: { status: order.status, paymentMethod: order.paymentMethod, totalBani: order.totalBani, fullTotalBani: order.fullTotalBani, billingAddress: order.billingAddress },
      lines: lines
        .sort((a, b) => a.position - b.position)
        .map(({ category, courseId, productId, priceOptionId, title, days, accreditation, advancePayment, amountBani, fullAmountBani, position }) => ({
          category, courseId, productId, priceOptionId, title, days, accreditation, advancePayment, amountBani, fullAmountBani, position,
        })),
      enrollments: enrolled.map((e) => ({ courseId: e.courseId, paymentStatus: e.paymentStatus, snapshot: e.optionSnapshot })).sort((a, b) => a.courseId - b.courseId),
    };
  }

  it("JSON (enroll per item, purchase/send, cart/clear) makes the same single order as the cart page, and replays create nothing", async () => {
    const page = await signedIn();
    const json = await signedIn();
    await fillCartByApi(page.cookie, page.user.id);
    await fillCartByApi(json.cookie, json.user.id);

    // The cart page: the transfer form posted.
    const pageCart = await getCart(page.user.id);
    const form = { intent: "confirm-transfer", paymentMethod: "bank_transfer", acceptTerms: "on", digitalConsent: "on", withdrawalWaiver: "on", cartVersion: pageCart.version };
    const html = await run(cartAction, post("/cart", form, { cookie: page.cookie }));
    expect(html.status).toBe(302);

    // The JSON sequence, each call made twice.
    const cart = (await api("/cart", { cookie: json.cookie })).json.cart as { cartVersion: string; totalPrice: string; items: Array<{ _id: string; category: string; itemRef: { _id: number }; selectedPrice: { value: string; days: number | string | null; accreditation: boolean; advancePayment: boolean } }> };
    const before = await counts();
    for (const item of cart.items.filter((i) => i.category !== "product")) {
      const body = { courseId: item.itemRef._id, courseType: item.category, selectedPrice: item.selectedPrice, selectedDays: item.selectedPrice.days, advanceSelected: item.selectedPrice.advancePayment, accreditation: item.selectedPrice.accreditation };
      await call("/enroll", "/enroll", { cookie: json.cookie, body, expect: 200 });
      await call("/enroll", "/enroll", { cookie: json.cookie, body, expect: 200 });
    }
    expect(await counts()).toEqual(before);
    const body = {
      data: cart.items.map((i) => ({ _id: i._id, selectedPrice: { value: i.selectedPrice.value } })),
      totalPrice: cart.totalPrice,
      address: json.user.address,
      paymentMethod: "bank_transfer",
      acceptTerms: true,
      digitalConsent: true,
      withdrawalWaiver: true,
      cartVersion: cart.cartVersion,
    };
    const first = await call("/purchase/send", "/purchase/send", { cookie: json.cookie, body, expect: 201 });
    const afterOrder = await counts();
    expect(afterOrder).toEqual({ orders: before.orders + 1, lines: before.lines + 3, enrollments: before.enrollments + 2 });
    const replay = await call("/purchase/send", "/purchase/send", { cookie: json.cookie, body, expect: 200 });
    expect(replay.json.order).toEqual(first.json.order);
    await call("/cart/clear", "/cart/clear", { method: "DELETE", cookie: json.cookie, expect: 200 });
    await call("/cart/clear", "/cart/clear", { method: "DELETE", cookie: json.cookie, expect: 200 });
    for (const item of cart.items.filter((i) => i.category !== "product")) {
      await call("/enroll", "/enroll", { cookie: json.cookie, body: { courseId: item.itemRef._id, courseType: item.category, selectedPrice: item.selectedPrice }, expect: 200 });
    }
    // Without the cart version, a replay finds an empty cart and creates nothing either.
    await call("/purchase/send", "/purchase/send", { cookie: json.cookie, body: { ...body, cartVersion: undefined, data: undefined }, expect: 400 });
    expect(await counts()).toEqual(afterOrder);

    expect(await orderOf(json.user.id)).toEqual(await orderOf(page.user.id));
    expect((await orderOf(json.user.id)).order).toMatchObject({ status: "awaiting_transfer", totalBani: 50000 + 24900 + 2490, fullTotalBani: 200000 + 24900 + 2490 });
  });
});

describe("chapter progress", () => {
  async function courseWithChapters() {
    const { course } = await createCourse("online", {}, [{ days: null, amountBani: 10000 }]);
    const rows = await getDb()
      .insert(lessons)
      .values([
        { courseId: course.id, chapterId: 0, lessonId: 1, title: "Bun venit", isPublished: true },
        { courseId: course.id, chapterId: 1, lessonId: 1, title: "Pregătire", videoKey: "videos/1735689600000_lectie.mp4", videoDurationSeconds: 100, isPublished: true },
        { courseId: course.id, chapterId: 2, lessonId: 1, title: "Finisaj", isPublished: true },
      ])
      .returning();
    return { course, rows };
  }

  it("keeps the player's order and watch rules: locked → 403, too early → 409, another user's enrolment → 404", async () => {
    const { user, cookie } = await signedIn();
    const other = await signedIn();
    const { course } = await courseWithChapters();
    const [enrollment] = await getDb()
      .insert(enrollments)
      .values({ userId: user.id, courseId: course.id, courseType: "online", optionSnapshot: snapshot, paymentStatus: "confirmed", confirmedAt: new Date() })
      .returning();
    const path = `/enroll/${enrollment.id}/chapter-progress`;
    const template = "/enroll/{id}/chapter-progress";

    const locked = await call(template, path, { method: "PATCH", cookie, body: { chapterId: 2, completed: true, totalChapters: 1 }, expect: 403 });
    expect(locked.json.msg).toBe("Capitolul se deblochează după ce finalizați capitolul anterior.");
    await call(template, path, { method: "PATCH", cookie: other.cookie, body: { chapterId: 0, completed: true }, expect: 404 });
    await call(template, `/enroll/00000000-0000-0000-0000-000000000000/chapter-progress`, { method: "PATCH", cookie, body: { chapterId: 0 }, expect: 404 });

    const first = await call(template, path, { method: "PATCH", cookie, body: { chapterId: 0, completed: true, totalChapters: 1 }, expect: 200 });
    expect(first.json).toMatchObject({ enrollment: { progress: 33, chaptersProgress: [{ chapterId: 0, completed: true }] } });
    const replay = await call(template, path, { method: "PATCH", cookie, body: { chapterId: 0, completed: true }, expect: 200 });
    expect(replay.json).toMatchObject({ enrollment: { progress: 33 } });

    // Chapter 1's video was never served: the watch rule refuses it.
    const early = await call(template, path, { method: "PATCH", cookie, body: { chapterId: 1, completed: true }, expect: 409 });
    expect(early.json.msg).toMatch(/Mai vizionați lecția/);
    await call(template, path, { method: "PATCH", cookie, body: { chapterId: 2, completed: true }, expect: 403 });

    const lessonsList = await call("/online-lessons/{id}/lessons", `/online-lessons/${course.id}/lessons`, { cookie, expect: 200 });
    expect((lessonsList.json as unknown as { lessons: Array<{ unlocked: boolean; completed: boolean }> }).lessons.map((l) => [l.unlocked, l.completed])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    await call("/online-lessons/{id}/lessons", `/online-lessons/${course.id}/lessons`, { cookie: other.cookie, expect: 404 });
  });
});
