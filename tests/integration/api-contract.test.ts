/**
 * The JSON API as a client of the original site uses it (issue 25): one real session replayed
 * call by call through the whole Remix request handler (the app as the server runs it), with a
 * cookie jar and the site's Origin. Every answer is checked twice:
 * - against the hand-written OpenAPI contract (lib/api/openapi-document: status documented,
 *   body valid against its schema; each request body we send is valid against the documented
 *   request too), and
 * - against the wrapper key the original client reads (`{user}`, `{cart: {items}}`,
 *   `{enrollments}`, `{enrollment}`, `{data}`, `{url}`, `{itemCount}`, `{msg, error}`…).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { lessons, orders, sessions, termsPages, users } from "../../db/schema";
import { transitionOrder } from "~/models/order-status.server";
import { openApiDocument } from "~/routes/+shared/api/openapi.server";
import { matchesDocument } from "../helpers/api";
import { createCourse, createProduct, createUser, TEST_PASSWORD } from "../helpers/factories";
import { BASE, cookiesFrom, freshIp } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

let handle: (request: Request) => Promise<Response>;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

/** A browser-like client: one cookie jar, the site's Origin on mutations, JSON bodies. */
class Client {
  cookie = "";
  constructor(private readonly ip = freshIp()) {}

  async send(path: string, init: { method?: string; body?: unknown; raw?: BodyInit; contentType?: string } = {}): Promise<Answer> {
    const method = init.method ?? (init.body === undefined && init.raw === undefined ? "GET" : "POST");
    const headers = new Headers({ Accept: "application/json", "X-Forwarded-For": this.ip });
    if (method !== "GET") headers.set("Origin", BASE);
    if (this.cookie) headers.set("Cookie", this.cookie);
    let payload: BodyInit | undefined = init.raw;
    if (init.body !== undefined) {
      payload = JSON.stringify(init.body);
      headers.set("Content-Type", "application/json");
    }
    if (init.contentType) headers.set("Content-Type", init.contentType);
    if (init.raw instanceof Uint8Array) headers.set("Content-Length", String(init.raw.byteLength));
    const response = await handle(new Request(new URL(path, BASE), { method, headers, body: payload }));
    this.cookie = cookiesFrom(response, this.cookie);
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: response.status, headers: response.headers, text, json };
  }
}

const requireFromValidator = createRequire(createRequire(import.meta.url).resolve("@seriousme/openapi-schema-validator"));
const Ajv2020 = requireFromValidator("ajv/dist/2020").default as new (options: object) => {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });

/** The documented request body accepts what we send (the contract describes the client, too). */
function requestMatches(template: string, method: string, body: unknown) {
  const doc = openApiDocument() as unknown as {
    components: object;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>>;
  };
  const schema = doc.paths[template]?.[method.toLowerCase()]?.requestBody?.content["application/json"].schema;
  if (!schema) return { ok: body === undefined, errors: `no request body documented for ${method} ${template}` };
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(body) ? { ok: true } : { ok: false, errors: validate.errors };
}

/** One call of the session: status and body against the contract. */
async function call(client: Client, method: string, template: string, path: string, expected: number, body?: unknown) {
  if (body !== undefined) expect.soft(requestMatches(template, method, body), `${method} ${template} request`).toEqual({ ok: true });
  const answer = await client.send(`/api${path}`, { method, body });
  expect.soft(answer.status, `${method} ${path}: ${answer.text}`).toBe(expected);
  expect.soft(answer.headers.get("Content-Type"), `${method} ${path}`).toMatch(/^application\/json/);
  const check = matchesDocument(template, method, answer.status, answer.json);
  expect.soft(check, `${method} ${path} ${answer.status} against the contract: ${JSON.stringify(check.errors)} ${answer.text}`).toEqual({ ok: true });
  if (answer.status >= 400) expectFailure(answer, `${method} ${path}`);
  return answer;
}

/** Every failure: `{msg, error}` with the same Romanian text. */
function expectFailure(answer: Answer, label: string) {
  expect.soft(typeof answer.json.msg, `${label}: msg`).toBe("string");
  expect.soft(answer.json.error, `${label}: error beside msg`).toBe(answer.json.msg);
}

const keysOf = (value: unknown) => Object.keys(value as object).sort();

let admin: { id: string; cookie: string };
let physical: Awaited<ReturnType<typeof createCourse>>;
let online: Awaited<ReturnType<typeof createCourse>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  handle = await remixHandler();
  const row = await createUser({ role: "admin" });
  const adminClient = new Client();
  const login = await adminClient.send("/api/access/login", { body: { email: row.email, password: TEST_PASSWORD } });
  expect(login.status, login.text).toBe(200);
  admin = { id: row.id, cookie: adminClient.cookie };
  physical = await createCourse(
    "physical",
    {
      imageKey: "courses/1735689600000_coperta.webp",
      durationDays: 3,
      content: {
        chapters: [
          { id: 1, title: "Baze", details: [{ id: 1, text: "Igienă" }] },
          { id: 2, title: "Tehnică", details: [{ id: 1, text: "Pilire" }] },
        ],
        days: [
          { id: 1, title: "Ziua 1", activities: ["Teorie", "Demonstrație"] },
          { id: 2, title: "Ziua 2", activities: ["Practică"] },
        ],
      },
    },
    [
      { days: 3, amountBani: 150000 },
      { days: 3, amountBani: 215000, accreditation: true },
      { days: 3, amountBani: 50000, advancePayment: true },
    ],
  );
  online = await createCourse("online", {}, [{ days: null, amountBani: 24900 }]);
  await getDb()
    .insert(lessons)
    .values([
      { courseId: online.course.id, chapterId: 0, lessonId: 1, title: "Bun venit", isPublished: true },
      { courseId: online.course.id, chapterId: 1, lessonId: 1, title: "Pregătire", videoKey: "videos/1735689600000_lectie.mp4", videoDurationSeconds: 100, isPublished: true },
    ]);
  product = await createProduct({ priceBani: 2490 });
  await getDb().insert(termsPages).values({ pageKey: "termeni", sections: [{ title: "1. Părțile", description: "Text" }] }).onConflictDoNothing();
  await getDb().delete(termsPages).where(eq(termsPages.pageKey, "politica-plata"));
});

describe("a client of the original site, one whole session", () => {
  it("replays every call with the original wrapper keys and field names", async () => {
    const client = new Client();
    const email = `contract-${Date.now()}@example.com`;

    // ── Session: the app starts as a guest ──
    await call(client, "GET", "/access/verify", "/access/verify", 401);
    await call(client, "GET", "/cart/item-count", "/cart/item-count", 401);

    // ── Register (logs in), then log in again with that cookie still sent ──
    const register = { nume: "Ana Pop", email, password: TEST_PASSWORD, marketing: true };
    const registered = await call(client, "POST", "/access/register", "/access/register", 201, register);
    expect(registered.json).toMatchObject({ msg: "Utilizator creat cu succes", user: { email, nume: "Ana Pop", status: "user", marketing: true } });
    const registerCookie = client.cookie;
    expect(registerCookie).toMatch(/__session=/);
    const loggedIn = await call(client, "POST", "/access/login", "/access/login", 200, { email, password: TEST_PASSWORD });
    expect(loggedIn.json.user).toMatchObject({ email, nume: "Ana Pop" });
    expect(client.cookie).not.toBe(registerCookie);
    // The old session ended: its cookie no longer verifies; the new one does.
    const [account] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
    const stale = new Client();
    stale.cookie = registerCookie;
    await call(stale, "GET", "/access/verify", "/access/verify", 401);
    const failedLogin = await call(new Client(), "POST", "/access/login", "/access/login", 401, { email, password: "Gresita-123!" });
    expect(failedLogin.json.msg).toBe("Email sau parolă incorectă.");

    const verified = await call(client, "GET", "/access/verify", "/access/verify", 200);
    expect.soft(keysOf(verified.json)).toEqual(["user"]);
    expect(verified.json.user).toMatchObject({ email, nume: "Ana Pop", telefon: "", adresa: "", status: "user" });
    const count0 = await call(client, "GET", "/cart/item-count", "/cart/item-count", 200);
    expect(count0.json).toEqual({ itemCount: 0 });

    // ── Account: profile, edit, billing-only edit ──
    const me = await call(client, "GET", "/users/me", "/users/me", 200);
    expect(me.json.user).toMatchObject({ email, nume: "Ana Pop" });
    const edited = await call(client, "PUT", "/users/me", "/users/me", 200, { email, nume: "Ana Popa", telefon: "0722111222", adresa: "Str. Lungă 2, Constanța" });
    expect(edited.json.user).toMatchObject({ email, nume: "Ana Popa", telefon: "0722111222", adresa: "Str. Lungă 2, Constanța" });
    const billing = await call(client, "PUT", "/users/me", "/users/me", 200, { adresa: "Bd. Tomis 100, Constanța" });
    expect(billing.json.user).toMatchObject({ email, nume: "Ana Popa", telefon: "0722111222", adresa: "Bd. Tomis 100, Constanța" });
    const badPhone = await call(client, "PUT", "/users/me", "/users/me", 400, { telefon: "abc" });
    expect(badPhone.json.msg).toMatch(/telefon/i);
    const after = await call(client, "GET", "/users/me", "/users/me", 200);
    expect(after.json.user).toMatchObject({ nume: "Ana Popa", telefon: "0722111222", adresa: "Bd. Tomis 100, Constanța" });

    // ── Catalogue: the course objects the cart choices come from ──
    const physicalList = await call(client, "GET", "/cursuri", "/cursuri", 200);
    expect(Array.isArray(physicalList.json)).toBe(true);
    const course = await call(client, "GET", "/cursuri/{id}", `/cursuri/${physical.course.id}`, 200);
    const elements = course.json.elements as Array<{ id: number; title: string; details: string[]; days: Array<{ id: number; title: string; lista: string[] }> }>;
    expect(elements.map((e) => e.title)).toEqual(["Baze", "Tehnică"]);
    expect.soft(elements.flatMap((e) => e.days), "physical course: elements[i].days").toEqual([
      { id: 1, title: "Ziua 1", lista: ["Teorie", "Demonstrație"] },
      { id: 2, title: "Ziua 2", lista: ["Practică"] },
    ]);
    const onlineCourse = await call(client, "GET", "/cursuri-online/{id}", `/cursuri-online/${online.course.id}`, 200);
    expect(onlineCourse.json).toMatchObject({ _id: online.course.id, duration: "nelimitat", data: { _id: online.course.id } });
    await call(client, "GET", "/cursuri-online", "/cursuri-online", 200);
    await call(client, "GET", "/produse", "/produse", 200);

    // ── Cart: a physical course, an online course, a product ──
    const period = (course.json.prices as Array<{ days: number; value: string; accreditation: boolean; advancePayment: boolean }>).find((p) => !p.accreditation && !p.advancePayment)!;
    const physicalAdd = { courseId: physical.course.id, category: "physical", selectedPrice: { days: period.days, accreditation: false, advancePayment: false, value: period.value } };
    expect((await call(client, "POST", "/cart", "/cart", 201, physicalAdd)).json.msg).toBe("Curs adăugat în coș!");
    const onlinePrice = (onlineCourse.json.prices as Array<{ days: string; value: string }>)[0];
    const onlineAdd = { courseId: online.course.id, category: "online", selectedPrice: { days: onlinePrice.days, accreditation: false, advancePayment: false, value: onlinePrice.value } };
    expect((await call(client, "POST", "/cart", "/cart", 201, onlineAdd)).json.msg).toBe("Curs online adăugat în coș!");
    await call(client, "POST", "/cart", "/cart", 201, { courseId: product.id, category: "product" });
    expect((await call(client, "GET", "/cart/item-count", "/cart/item-count", 200)).json).toEqual({ itemCount: 3 });

    const cartAnswer = await call(client, "GET", "/cart", "/cart", 200);
    expect.soft(keysOf(cartAnswer.json)).toEqual(["cart"]);
    const cart = cartAnswer.json.cart as { items: Array<{ _id: string; category: string; itemRef: { _id: number; title: string; img: string | null }; selectedPrice: { value: string; days: number | string | null; accreditation: boolean; advancePayment: boolean } }>; totalPrice: string; cartVersion: string };
    expect(cart.items.map((i) => i.category).sort()).toEqual(["online", "physical", "product"]);
    expect(cart.items.find((i) => i.category === "physical")).toMatchObject({ itemRef: { _id: physical.course.id, img: "courses/1735689600000_coperta.webp" }, selectedPrice: { value: "1.500,00", days: 3 } });
    expect(cart).toMatchObject({ totalPrice: "1.773,90", cartVersion: expect.any(String) });

    // ── Remove the product ──
    const productLine = cart.items.find((i) => i.category === "product")!;
    expect((await call(client, "DELETE", "/cart/{id}", `/cart/${productLine._id}`, 200)).json.msg).toBe("Cursul a fost eliminat din coș!");
    await call(client, "DELETE", "/cart/{id}", `/cart/${productLine._id}`, 404);
    const left = (await call(client, "GET", "/cart", "/cart", 200)).json.cart as typeof cart;
    expect(left.items).toHaveLength(2);

    // ── Checkout by bank transfer: enrol each course, send the order, empty the cart ──
    for (const item of left.items) {
      const enroll = {
        courseId: item.itemRef._id,
        courseType: item.category,
        selectedPrice: item.selectedPrice,
        selectedDays: item.selectedPrice.days,
        advanceSelected: item.selectedPrice.advancePayment,
        accreditation: item.selectedPrice.accreditation,
      };
      await call(client, "POST", "/enroll", "/enroll", 200, enroll);
    }
    const purchase = {
      data: left.items,
      totalPrice: left.totalPrice,
      address: "Bd. Tomis 100, Constanța",
      paymentMethod: "bank_transfer",
      acceptTerms: true,
      digitalConsent: true,
      withdrawalWaiver: true,
    };
    const sent = await call(client, "POST", "/purchase/send", "/purchase/send", 201, purchase);
    expect(sent.json.msg).toBe("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.");
    expect((await call(client, "DELETE", "/cart/clear", "/cart/clear", 200)).json.msg).toEqual(expect.any(String));
    expect(((await call(client, "GET", "/cart", "/cart", 200)).json.cart as typeof cart).items).toEqual([]);

    // ── Enrolments: pending until the transfer is confirmed by the admin ──
    const pending = await call(client, "GET", "/enroll", "/enroll", 200);
    expect.soft(keysOf(pending.json)).toEqual(["enrollments"]);
    expect((pending.json.enrollments as Array<{ paymentStatus: string }>).map((e) => e.paymentStatus)).toEqual(["pending", "pending"]);
    const [order] = await getDb().select().from(orders).where(eq(orders.userId, account.id));
    expect(await transitionOrder(order.id, "paid", { source: "admin", actorUserId: admin.id })).toMatchObject({ ok: true });
    const confirmed = await call(client, "GET", "/enroll", "/enroll", 200);
    expect((confirmed.json.enrollments as Array<{ paymentStatus: string }>).map((e) => e.paymentStatus)).toEqual(["confirmed", "confirmed"]);

    const mine = await call(client, "GET", "/enroll/{id}", `/enroll/${online.course.id}`, 200);
    expect.soft(keysOf(mine.json)).toEqual(["enrollment"]);
    const enrollment = mine.json.enrollment as { _id: string; progress: number; chaptersProgress: unknown[] };
    expect(enrollment).toMatchObject({ courseType: "online", paymentStatus: "confirmed", progress: 0, chaptersProgress: [] });
    const none = await call(client, "GET", "/enroll/{id}", "/enroll/999999", 404);
    expect(none.json.msg).toEqual(expect.any(String));

    const progress = await call(client, "PATCH", "/enroll/{id}/chapter-progress", `/enroll/${enrollment._id}/chapter-progress`, 200, { chapterId: 0, completed: true, totalChapters: 2 });
    expect.soft(keysOf(progress.json)).toEqual(["enrollment"]);
    expect(progress.json.enrollment).toMatchObject({ _id: enrollment._id, progress: 50, chaptersProgress: [{ chapterId: 0, completed: true }] });

    const player = await call(client, "GET", "/online-lessons/{id}/lessons", `/online-lessons/${online.course.id}/lessons`, 200);
    expect(player.json.course).toMatchObject({ _id: online.course.id });
    expect((player.json.lessons as Array<{ lessonTitle: string; videoUrl: string | null }>).map((l) => l.lessonTitle)).toEqual(["Bun venit", "Pregătire"]);
    expect((player.json.lessons as Array<{ videoUrl: string | null }>)[1].videoUrl).toEqual(expect.any(String));

    // ── Media: an image's address ──
    const image = await call(client, "POST", "/upload/load-url", "/upload/load-url", 200, { key: "courses/1735689600000_coperta.webp" });
    expect.soft(keysOf(image.json)).toEqual(["url"]);
    expect(image.json.url).toEqual(expect.any(String));
    const lessonFile = await call(client, "POST", "/upload/load-url", "/upload/load-url", 403, { key: "videos/1735689600000_lectie.mp4" });
    expect(lessonFile.json.msg).toEqual(expect.any(String));
    // The same call without the /api prefix, as the original also wrote it.
    const bare = await client.send("/upload/load-url", { body: { key: "courses/1735689600000_coperta.webp" } });
    expect(bare.status, bare.text).toBe(200);
    expect(bare.json).toEqual(image.json);

    // ── Legal pages ──
    const terms = await call(client, "GET", "/terms/{page}", "/terms/termeni", 200);
    expect(terms.json).toMatchObject({ page: "termeni", terms: [{ title: "1. Părțile", description: "Text" }] });
    expect((await call(client, "GET", "/terms/{page}", "/terms/politica-plata", 404)).json.msg).toBe("Pagină inexistentă");
    await call(client, "POST", "/terms", "/terms", 403, { page: "politica-plata", terms: [] });

    // ── Password reset ──
    expect((await call(client, "POST", "/access/reset-password", "/access/reset-password", 200, { email })).json.msg).toEqual(expect.any(String));
    const badToken = await call(new Client(), "POST", "/access/reset/{token}", "/access/reset/necunoscut", 410, { newPassword: "Parola-Noua1!", confirmPassword: "Parola-Noua1!" });
    expect(badToken.json.error).toEqual(expect.any(String));
    const mismatch = await call(new Client(), "POST", "/access/reset/{token}", "/access/reset/necunoscut", 400, { newPassword: "Parola-Noua1!", confirmPassword: "Alta-Parola1!" });
    expect(mismatch.json.msg).toBe("Parolele nu corespund.");

    // ── A user on the admin paths ──
    const denied = await call(client, "GET", "/admin/verify", "/admin/verify", 403);
    expect(denied.json.msg).toBe("Acces interzis.");

    // ── Logout ──
    await call(client, "POST", "/access/logout", "/access/logout", 200);
    await call(client, "GET", "/access/verify", "/access/verify", 401);
  });

  it("the admin's calls: verify, lists, terms, upload URL + PUT, create with lessonsMetadata keys, update, delete, load-url", async () => {
    const client = new Client();
    client.cookie = admin.cookie;
    expect((await call(client, "GET", "/admin/verify", "/admin/verify", 200)).json).toEqual({ msg: "ok" });
    const onlineList = await call(client, "GET", "/admin/online-courses", "/admin/online-courses", 200);
    expect((onlineList.json as unknown as Array<{ _id: number }>).map((c) => c._id)).toContain(online.course.id);
    const physicalList = await call(client, "GET", "/admin/courses", "/admin/courses", 200);
    const listed = (physicalList.json as unknown as Array<{ _id: number; elements: Array<{ days?: unknown[] }>; prices: unknown[] }>).find((c) => c._id === physical.course.id)!;
    expect(listed.prices).toHaveLength(3);
    expect(listed.elements.flatMap((e) => e.days ?? [])).toHaveLength(2);
    await call(client, "GET", "/admin/produse", "/admin/produse", 200);

    // Terms: create a missing page, then update it.
    const created = await call(client, "POST", "/terms", "/terms", 201, { page: "politica-plata", terms: [{ title: "Plata", description: "Card sau transfer" }, { title: " ", description: "" }] });
    expect(created.json).toEqual({ page: "politica-plata", terms: [{ title: "Plata", description: "Card sau transfer" }] });
    await call(client, "POST", "/terms", "/terms", 409, { page: "politica-plata", terms: [] });
    const updated = await call(client, "PUT", "/terms/{page}", "/terms/politica-plata", 200, { page: "politica-plata", terms: [{ title: "Plata", description: "Doar transfer" }] });
    expect(updated.json).toEqual({ page: "politica-plata", terms: [{ title: "Plata", description: "Doar transfer" }] });

    // Upload URLs, then the files PUT to them.
    const now = Date.now();
    const keys: Record<string, string> = {};
    for (const [folder, name, type, file] of [
      ["courses", "coperta.webp", "image/webp", "tests/fixtures/coperta.webp"],
      ["videos", "lectie.mp4", "video/mp4", "tests/fixtures/lectie.mp4"],
      ["pdfs", "fisa.pdf", "application/pdf", "tests/fixtures/fisa.pdf"],
    ] as const) {
      const bytes = fs.readFileSync(file);
      const issued = await call(client, "POST", "/admin/upload/upload-url", "/admin/upload/upload-url", 200, { key: `${folder}/${now}_${name}`, contentType: type });
      expect(issued.json.url).toEqual(expect.any(String));
      expect(issued.json.key).toBe(`${folder}/${now}_${name}`);
      const put = await client.send(issued.json.url as string, { method: "PUT", raw: bytes, contentType: type });
      expect(put.status, put.text).toBe(200);
      keys[folder] = issued.json.key as string;
    }

    // Create an online course with lessons pointing at the uploaded files.
    const onlineBody = {
      title: "Manichiură combinată online",
      secondTitle: "Nivel 1",
      thirdTitle: "Tot ce trebuie pentru început",
      category: "Manichiură",
      prices: [{ value: "199,00", days: "nelimitat", accreditation: false, advancePayment: false }],
      duration: "nelimitat",
      elements: [{ id: 0, title: "Introducere", details: ["Bun venit"] }],
      isPublished: true,
      img: keys.courses,
      lessonsMetadata: [
        { chapterId: 0, lessonId: 1, lessonTitle: "Salut", explanation: "Primii pași", isPublished: true, videoUrlKey: keys.videos, pdfUrlKey: keys.pdfs },
      ],
    };
    const made = await call(client, "POST", "/admin/online-courses", "/admin/online-courses", 201, onlineBody);
    expect(made.json.msg).toBe("Curs creat cu succes");
    const madeId = made.json._id as number;
    const adminLessons = await call(client, "GET", "/admin/online-lessons/{courseId}", `/admin/online-lessons/${madeId}`, 200);
    expect.soft(keysOf(adminLessons.json)).toEqual(["data"]);
    expect(adminLessons.json.data).toEqual([expect.objectContaining({ lessonTitle: "Salut", videoUrlKey: keys.videos, pdfUrlKey: keys.pdfs, isPublished: true })]);
    const shown = await call(client, "GET", "/cursuri-online/{id}", `/cursuri-online/${madeId}`, 200);
    expect(shown.json).toMatchObject({ title: "Manichiură combinată online", img: keys.courses, lessonsMetadata: [{ chapterId: 0, lessonId: 1, lessonTitle: "Salut" }] });
    const renamed = await call(client, "PUT", "/admin/online-courses/{id}", `/admin/online-courses/${madeId}`, 200, { ...onlineBody, title: "Manichiură combinată online 2" });
    expect(renamed.json.msg).toBe("Curs actualizat cu succes");

    // A physical course with its programme days under the chapters, as the course objects carry them.
    const physicalBody = {
      title: "Curs de bază",
      secondTitle: "3 zile",
      thirdTitle: "Pentru începători",
      category: "Manichiură",
      prices: [{ value: "1.200,00", days: 3, accreditation: false, advancePayment: false }],
      duration: 3,
      elements: [{ id: 1, title: "Teorie", details: ["Igienă"], days: [{ id: 1, title: "Ziua 1", lista: ["Teorie"] }, { id: 2, title: "Ziua 2", lista: ["Practică"] }] }],
      isPublished: "true",
      img: null,
      lessonsMetadata: [],
    };
    const madePhysical = await call(client, "POST", "/admin/courses", "/admin/courses", 201, physicalBody);
    const physicalId = madePhysical.json._id as number;
    const shownPhysical = await call(client, "GET", "/cursuri/{id}", `/cursuri/${physicalId}`, 200);
    expect((shownPhysical.json.elements as Array<{ days: unknown[] }>)[0].days).toEqual(physicalBody.elements[0].days);
    await call(client, "PUT", "/admin/courses/{id}", `/admin/courses/${physicalId}`, 200, shownPhysical.json);
    const again = await call(client, "GET", "/cursuri/{id}", `/cursuri/${physicalId}`, 200);
    expect(again.json.elements).toEqual(shownPhysical.json.elements);

    // load-url under the admin path: any stored file.
    const pdf = await call(client, "POST", "/admin/upload/load-url", "/admin/upload/load-url", 200, { key: keys.pdfs });
    expect.soft(keysOf(pdf.json)).toEqual(["url"]);

    // Delete both.
    expect((await call(client, "DELETE", "/admin/courses/{id}", `/admin/courses/${physicalId}`, 200)).json).toMatchObject({ outcome: "deleted" });
    await call(client, "DELETE", "/admin/courses/{id}", `/admin/courses/${physicalId}`, 404);
    expect((await call(client, "DELETE", "/admin/online-courses/{id}", `/admin/online-courses/${madeId}`, 200)).json).toMatchObject({ outcome: "deleted" });
  });
});

describe("the old data parameter", () => {
  it("?_data=… on any page is ignored: never a 500", async () => {
    const client = new Client();
    for (const path of ["/?_data=root", "/cursuri?_data=routes%2Fcursuri._index", "/cont?_data=routes%2Fcont", "/?_data=", "/produse?_data=nu-exista", "/api/cursuri?_data=x"]) {
      const answer = await client.send(path);
      expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(400);
    }
    const page = await client.send("/cursuri?_data=routes%2Fcursuri._index");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});

describe("the contract covers the API", () => {
  /** Routes under /api that are not calls of a client: each with its reason. */
  const NOT_CLIENT_CALLS: Record<string, string> = {
    "api.$": "any other path: the JSON 404",
    "api.test-hooks.$op": "Playwright fixtures, 404 unless a test token is configured",
    "api.payments.netopia.confirm": "the payment processor's server-to-server notification",
    "api.cookie-consent": "the cookie banner's HTML form",
    "api.admin.upload.local": "the signed PUT address an upload URL points at (answered by upload-url)",
    "api.admin.upload.complete": "our admin uploader's check after its PUT",
  };
  const files = Object.keys(import.meta.glob("../../app/routes/api.*.ts")).map((f) => f.replace(/^.*\/routes\//, "").replace(/\.ts$/, ""));

  it("documents every API route a client calls, and each documented path has a route", () => {
    const documented = Object.keys((openApiDocument() as { paths: object }).paths);
    const templates = files
      .filter((file) => !(file in NOT_CLIENT_CALLS))
      .map((file) =>
        // Remix's flat routes: "." separates segments, "[.]" is a literal dot, "$x" a parameter.
        `/${file
          .replace(/^api\./, "")
          .replaceAll("[.]", "\u0000")
          .split(".")
          .filter((segment) => segment !== "_index")
          .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment.replaceAll("\u0000", ".")))
          .join("/")}`,
      );
    expect(templates.sort()).toEqual([...documented].sort());
  });
});
