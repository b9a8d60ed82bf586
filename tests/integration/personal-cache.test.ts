/**
 * Issue 31: a logged-in user's page data is kept per process for their data version
 * (services/personal-cache.server.ts), which the database bumps at the commit of every write to
 * what their pages show (migration 0025). Warm pages cost one query (the session); any write —
 * by the user, by an admin, by code that knows nothing of the cache — is seen at the next request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { countQueries, getDatabaseHandle, getDb } from "../../db/client";
import { enrollments, lessonProgress, lessons, sessions, users } from "../../db/schema";
import { getUser } from "~/models/session.server";
import { addCourseToCart, addProductToCart, removeCartLine } from "~/models/cart.server";
import { completeLesson } from "~/models/lesson.server";
import { transitionOrder } from "~/models/order-status.server";
import { loader as cartLoader } from "~/routes/cart";
import { loader as contLoader } from "~/routes/cont";
import { loader as playerLoader } from "~/routes/cursuri-online.curs.$id.lectie";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { clearPersonalCache, PERSONAL_MAX_AGE_MS, personalCacheStats } from "~/services/personal-cache.server";
import { requestScopeStorage } from "~/services/request-scope.server";
import { placeCardOrder } from "../helpers/card";
import { cookieFor, createCourse, createProduct, createUser } from "../helpers/factories";
import { get, run } from "../helpers/http";

type Loader = Parameters<typeof run>[0];

/** One document request's page loader, in its own request scope (as the HTTP server runs it). */
async function page<T>(loader: unknown, path: string, cookie: string, params: Record<string, string> = {}): Promise<{ data: T; queries: number }> {
  let response!: Response;
  // The page's own queries: the mail worker sending an order's e-mail meanwhile does not count.
  const queries = await countQueries(async () => {
    response = await requestScopeStorage().run(new Map(), () => run(loader as Loader, get(path, { cookie }), params));
  });
  expect(response.status).toBe(200);
  return { data: (await response.json()) as T, queries };
}

/**
 * The test's own catalogue writes (a course, a product) reach the cache by NOTIFY, which on
 * PostgreSQL arrives a moment later and changes every key: read the stored version first, so a
 * late notification of it changes nothing and "warm" means warm.
 */
async function settled() {
  await processCatalogueCache()!.verify();
}

async function versionOf(userId: string): Promise<number> {
  const [row] = await getDb().select({ v: users.dataVersion }).from(users).where(eq(users.id, userId));
  return row.v;
}

type Cont = { orders: { status: string }[]; enrollments: { progress: number }[] };
type Cart = { lines: { id: string; title: string }[] };

beforeAll(async () => {
  await startCatalogueCache(getDatabaseHandle()!);
});

beforeEach(() => clearPersonalCache());

afterAll(async () => {
  vi.useRealTimers();
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

describe("the database bumps a user's data version", () => {
  it("at the commit of a write to their rows, not before; other users' versions stay", async () => {
    const user = await createUser();
    const other = await createUser();
    const product = await createProduct();
    const start = await versionOf(user.id);
    const otherStart = await versionOf(other.id);

    await getDb().transaction(async (tx) => {
      await tx.execute(sql`insert into cart_lines (user_id, category, product_id, quantity) values (${user.id}, 'product', ${product.id}, 1)`);
      // Deferred to the commit: inside the transaction the row is not locked nor bumped yet.
      const [inside] = await tx.select({ v: users.dataVersion }).from(users).where(eq(users.id, user.id));
      expect(inside.v).toBe(start);
    });
    expect(await versionOf(user.id)).toBeGreaterThan(start);
    expect(await versionOf(other.id)).toBe(otherStart);

    // A change of the users row itself counts too.
    const afterCart = await versionOf(user.id);
    await getDb().update(users).set({ phone: "0722000000" }).where(eq(users.id, user.id));
    expect(await versionOf(user.id)).toBeGreaterThan(afterCart);
  });

  it("keeps the cart badge's count on the users row: recounted at each commit, whatever wrote the lines", async () => {
    const user = await createUser();
    const other = await createUser();
    const [a, b] = [await createProduct(), await createProduct()];
    const count = async (id: string) =>
      (await getDb().select({ n: users.cartLineCount }).from(users).where(eq(users.id, id)))[0].n;
    await getDb().execute(sql`insert into cart_lines (user_id, category, product_id, quantity) values (${user.id}, 'product', ${a.id}, 1), (${user.id}, 'product', ${b.id}, 2)`);
    expect(await count(user.id)).toBe(2);
    // A line moved to another user counts for both; a deleted one is gone from the count.
    await getDb().execute(sql`update cart_lines set user_id = ${other.id} where user_id = ${user.id} and product_id = ${b.id}`);
    expect([await count(user.id), await count(other.id)]).toEqual([1, 1]);
    await getDb().execute(sql`delete from cart_lines where user_id = ${user.id}`);
    expect(await count(user.id)).toBe(0);
    const cookie = await cookieFor(other.id);
    const read = () => requestScopeStorage().run(new Map(), () => getUser(get("/", { cookie })));
    expect((await read())?.cartCount).toBe(1);
  });

  it("through an order's lines and an enrolment's lesson progress", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", { title: "Curs versiune" });
    const { order } = await placeCardOrder(user.id, course.id, options[0].id);
    const [lesson] = await getDb()
      .insert(lessons)
      .values({ courseId: course.id, chapterId: 1, lessonId: 1, title: "Lecția 1", isPublished: true })
      .returning();
    const [enrolment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));

    let before = await versionOf(user.id);
    await getDb().execute(sql`update order_lines set title = title where order_id = ${order.id}`);
    expect(await versionOf(user.id)).toBeGreaterThan(before);

    before = await versionOf(user.id);
    await getDb().insert(lessonProgress).values({ enrollmentId: enrolment.id, lessonId: lesson.id });
    expect(await versionOf(user.id)).toBeGreaterThan(before);

    before = await versionOf(user.id);
    await getDb().delete(lessonProgress).where(eq(lessonProgress.enrollmentId, enrolment.id));
    expect(await versionOf(user.id)).toBeGreaterThan(before);
  });
});

describe("logged-in pages from the cache", () => {
  it("/cont: one query when warm; an admin's change of the order is seen at the next request", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("online", { title: "Curs cont" });
    const { order } = await placeCardOrder(user.id, course.id, options[0].id);
    await settled();

    const cold = await page<Cont>(contLoader, "/cont", cookie);
    expect(cold.data.orders.map((o) => o.status)).toEqual(["awaiting_payment"]);
    const warm = await page<Cont>(contLoader, "/cont", cookie);
    expect(warm.queries).toBe(1); // the session, with the data version
    expect(warm.data).toEqual(cold.data);

    // Written as the payment notification and the admin page do it: no call to the cache.
    const moved = await transitionOrder(order.id, "paid", { source: "admin" });
    expect(moved.ok).toBe(true);
    const after = await page<Cont>(contLoader, "/cont", cookie);
    expect(after.data.orders.map((o) => o.status)).toEqual(["paid"]);
    expect(after.queries).toBeGreaterThan(1);
  });

  it("/cart: one query when warm; adding and removing lines show at once; other users keep their own", async () => {
    const user = await createUser();
    const other = await createUser();
    const cookie = await cookieFor(user.id);
    const otherCookie = await cookieFor(other.id);
    const first = await createProduct({ title: "Pilă cache" });
    const second = await createProduct({ title: "Ulei cache" });
    await addProductToCart(user.id, first.id);
    await addProductToCart(other.id, second.id);
    await settled();

    expect((await page<Cart>(cartLoader, "/cart", cookie)).data.lines.map((l) => l.title)).toEqual(["Pilă cache"]);
    expect((await page<Cart>(cartLoader, "/cart", otherCookie)).data.lines.map((l) => l.title)).toEqual(["Ulei cache"]);
    expect((await page<Cart>(cartLoader, "/cart", cookie)).queries).toBe(1);

    const added = await addProductToCart(user.id, second.id);
    expect(added.ok).toBe(true);
    const both = await page<Cart>(cartLoader, "/cart", cookie);
    expect(both.data.lines.map((l) => l.title).sort()).toEqual(["Pilă cache", "Ulei cache"]);

    await removeCartLine(user.id, both.data.lines.find((l) => l.title === "Pilă cache")!.id);
    expect((await page<Cart>(cartLoader, "/cart", cookie)).data.lines.map((l) => l.title)).toEqual(["Ulei cache"]);
    expect((await page<Cart>(cartLoader, "/cart", otherCookie)).data.lines.map((l) => l.title)).toEqual(["Ulei cache"]);
  });

  it("a catalogue change (a course renamed) is seen at once", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("physical", { title: "Curs vechi", nextSessionOn: "2099-03-01", durationDays: 2 }, [
      { days: 2, amountBani: 90000 },
    ]);
    await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id });
    expect((await page<Cart>(cartLoader, "/cart", cookie)).data.lines[0].title).toContain("Curs vechi");
    await getDb().execute(sql`update courses set title = 'Curs nou' where id = ${course.id}`);
    await processCatalogueCache()!.verify(); // PGlite delivers the NOTIFY in the query; PostgreSQL within a round trip
    expect((await page<Cart>(cartLoader, "/cart", cookie)).data.lines[0].title).toContain("Curs nou");
  });

  it("the player: progress after a completed lesson; what no version covers is read again after the maximum age", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course } = await createCourse("online", { title: "Curs player" });
    const rows = await getDb()
      .insert(lessons)
      .values([
        { courseId: course.id, chapterId: 1, lessonId: 1, title: "Prima", isPublished: true },
        { courseId: course.id, chapterId: 2, lessonId: 1, title: "A doua", isPublished: true },
      ])
      .returning();
    await getDb().insert(enrollments).values({
      userId: user.id,
      courseId: course.id,
      courseType: "online",
      paymentStatus: "confirmed",
      optionSnapshot: { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 },
    });
    await settled();
    type Player = { progress: number; lesson: { title: string } | null };
    const path = `/cursuri-online/curs/${course.id}/lectie`;
    const view = (p: string) => page<Player>(playerLoader, p, cookie, { id: String(course.id) });

    expect((await view(path)).data.progress).toBe(0);
    await view(path); // the first serving wrote lesson_progress: its version moved once
    const warm = await view(path);
    expect(warm.queries).toBe(1);

    const done = await completeLesson({ userId: user.id, courseId: course.id, lessonKey: `${rows[0].chapterId}-${rows[0].lessonId}`, now: new Date(Date.now() + 3_600_000) });
    expect(done.ok).toBe(true);
    // Progress counts completed chapters: one of two.
    expect((await view(path)).data.progress).toBe(50);

    // Nothing of the user's changed, but an entry older than the maximum age is not used.
    await view(path); // that view served the next lesson for the first time: one more version
    await settled();
    await view(path);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const stats = personalCacheStats();
    await view(path);
    expect(personalCacheStats().hits).toBe(stats.hits + 1);
    vi.setSystemTime(Date.now() + PERSONAL_MAX_AGE_MS + 1);
    await view(path);
    expect(personalCacheStats().misses).toBe(stats.misses + 1);
    vi.useRealTimers();
  });

  it("a value handed out is frozen: a caller cannot change what the next request gets", async () => {
    const user = await createUser();
    const { personalData } = await import("~/services/personal-cache.server");
    const owner = { id: user.id, dataVersion: await versionOf(user.id) };
    const value = await personalData(owner, "test:frozen", async () => ({ list: [{ n: 1 }] }));
    expect(() => value.list.push({ n: 2 })).toThrow(TypeError);
    expect(() => {
      value.list[0].n = 2;
    }).toThrow(TypeError);
    expect((await personalData(owner, "test:frozen", async () => ({ list: [] as { n: number }[] }))).list).toEqual([{ n: 1 }]);
  });
});


describe("the session's query (prepared once, run on every logged-in request)", () => {
  it("reads the user and their data version; an expired or deleted session is no user", async () => {
    const user = await createUser({ name: "Ana Sesiune" });
    const cookie = await cookieFor(user.id);
    const read = () => requestScopeStorage().run(new Map(), () => getUser(get("/cont", { cookie })));
    const found = await read();
    expect(found).toMatchObject({ id: user.id, name: "Ana Sesiune", dataVersion: await versionOf(user.id), cartCount: 0 });

    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.userId, user.id));
    expect(await read()).toBeNull();
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(sessions.userId, user.id));
    expect((await read())?.id).toBe(user.id);
    await getDb().delete(sessions).where(eq(sessions.userId, user.id));
    expect(await read()).toBeNull();
  });
});
