/**
 * The per-process catalogue cache (issue 18): a guest page render sends at most 3 queries and a
 * logged-in /cont or /cart at most 6 (counted by the app's own query counter, so a regression
 * fails here); an admin write to a course, a price, a product or a legal page is what the next
 * guest request shows, on this process and on a second, independent cache over the same
 * database (another worker).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, getDatabaseHandle, getDb, countQueries, type DatabaseHandle } from "../../db/client";
import { coursePriceOptions, courseSessions, courses, products } from "../../db/schema";
import { SEAT_COUNTS_MAX_AGE_MS } from "~/models/catalogue.server";
import { saveProduct } from "~/models/product.server";
import { saveTermsPage } from "~/models/terms.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { loader as cartLoader } from "~/routes/cart";
import { loader as contLoader } from "~/routes/cont";
import { loader as onlineDetailLoader } from "~/routes/cursuri-online.curs.$id._index";
import { loader as onlineListLoader } from "~/routes/cursuri-online._index";
import { loader as physicalListLoader } from "~/routes/cursuri._index";
import { loader as physicalDetailLoader } from "~/routes/cursuri.curs.$id";
import { loader as productListLoader } from "~/routes/produse._index";
import { loader as productLoader } from "~/routes/produse.produs.$id";
import { loader as termeniLoader } from "~/routes/termeni";
import {
  CATALOGUE_CHANNEL,
  CatalogueCache,
  processCatalogueCache,
  setProcessCatalogueCache,
  startCatalogueCache,
} from "~/services/catalogue-cache.server";
import { cookieFor, createCourse, createCourseSession, createProduct, createUser } from "../helpers/factories";
import { get, run } from "../helpers/http";
import { serverUrl } from "../helpers/db";

type Loader = Parameters<typeof run>[0];

/** Root loader and page loader together, as Remix runs them for one document request. */
async function render(loader: Loader, path: string, params: Record<string, string> = {}, cookie?: string) {
  const request = get(path, { cookie });
  const [rootResponse, page] = await Promise.all([run(rootLoader as Loader, request), run(loader, request, params)]);
  expect(rootResponse.status).toBe(200);
  return page;
}

/** The queries fn sent itself (background work meanwhile, such as the mail worker's, does not count). */
const queriesOf = (fn: () => Promise<unknown>) => countQueries(fn);

/** NOTIFY reaches PostgreSQL listeners a round trip after the commit; PGlite's at once. */
async function versionAfter(cache: CatalogueCache, previous: number | null) {
  const until = Date.now() + 2_000;
  while (cache.version === previous && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  return cache.version;
}

let physical: Awaited<ReturnType<typeof createCourse>>;
let online: Awaited<ReturnType<typeof createCourse>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  physical = await createCourse("physical", { title: "Curs cache sală", nextSessionOn: "2099-01-10", durationDays: 3 }, [
    { days: 3, amountBani: 120000 },
  ]);
  online = await createCourse("online", { title: "Curs cache online" });
  product = await createProduct({ title: "Produs cache" });
  await saveTermsPage("termeni", [{ title: "Termeni", description: "Prima versiune." }], (await createUser({ role: "admin" })).id);
  await startCatalogueCache(getDatabaseHandle()!);
});

afterAll(async () => {
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

describe("queries per page render", () => {
  const guestPages: Array<[string, () => [Loader, string, Record<string, string>]]> = [
    ["/", () => [homeLoader as Loader, "/", {}]],
    ["/cursuri", () => [physicalListLoader as Loader, "/cursuri", {}]],
    ["/cursuri-online", () => [onlineListLoader as Loader, "/cursuri-online", {}]],
    ["physical course detail", () => [physicalDetailLoader as Loader, `/cursuri/curs/${physical.course.id}`, { id: String(physical.course.id) }]],
    ["online course detail", () => [onlineDetailLoader as Loader, `/cursuri-online/curs/${online.course.id}`, { id: String(online.course.id) }]],
    ["/produse", () => [productListLoader as Loader, "/produse", {}]],
    ["product detail", () => [productLoader as Loader, `/produse/produs/${product.id}`, { id: String(product.id) }]],
    ["/termeni", () => [termeniLoader as Loader, "/termeni", {}]],
  ];

  // The home page also reads the soonest session open for sale (its promo).
  const firstQueries: Record<string, number> = { "/": 7 };
  it.each(guestPages)("a guest's %s costs no query once the catalogue is in memory", async (name, page) => {
    const [loader, path, params] = page();
    // The first render after a catalogue change loads what the page shows (2 queries per list).
    const first = await queriesOf(() => render(loader, path, params));
    const next = await queriesOf(() => render(loader, path, params));
    expect(first).toBeLessThanOrEqual(firstQueries[name] ?? 6);
    expect(next).toBe(0);
  });

  it("a logged-in /cont and /cart cost at most 6 queries each", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const cont = await queriesOf(() => render(contLoader as Loader, "/cont", {}, cookie));
    const cart = await queriesOf(() => render(cartLoader as Loader, "/cart", {}, cookie));
    expect(cont).toBeLessThanOrEqual(6);
    expect(cart).toBeLessThanOrEqual(6);
  });

  it("without a session cookie, finding out there is no user sends no query", async () => {
    expect(await queriesOf(() => run(rootLoader as Loader, get("/robots.txt")))).toBe(0);
  });
});

describe("an admin write is what the next guest request shows", () => {
  const detail = async () => (await (await render(physicalDetailLoader as Loader, `/cursuri/curs/${physical.course.id}`, { id: String(physical.course.id) })).json()) as {
    course: { title: string };
    options: Array<{ amountBani: number }>;
  };

  it("a course title and a price", async () => {
    const cache = processCatalogueCache()!;
    expect((await detail()).course.title).toBe("Curs cache sală");
    let version = cache.version;
    await getDb().update(courses).set({ title: "Curs cache sală – nou" }).where(eq(courses.id, physical.course.id));
    version = await versionAfter(cache, version);
    expect((await detail()).course.title).toBe("Curs cache sală – nou");
    const list = (await (await render(physicalListLoader as Loader, "/cursuri")).json()) as { courses: Array<{ title: string }> };
    expect(list.courses.map((c) => c.title)).toContain("Curs cache sală – nou");

    await getDb().update(coursePriceOptions).set({ amountBani: 99000 }).where(eq(coursePriceOptions.courseId, physical.course.id));
    await versionAfter(cache, version);
    expect((await detail()).options.map((o) => o.amountBani)).toEqual([99000]);
  });

  it("a product saved through the admin model, and unpublishing it", async () => {
    const cache = processCatalogueCache()!;
    const show = async () => render(productLoader as Loader, `/produse/produs/${product.id}`, { id: String(product.id) });
    expect(((await (await show()).json()) as { product: { priceBani: number } }).product.priceBani).toBe(2490);
    let version = cache.version;
    await saveProduct(product.id, {
      title: "Produs cache",
      subtitle: "",
      description: "Descriere",
      priceBani: 3190,
      price2Bani: null,
      imageKey: null,
      stock: null,
      isPublished: true,
    });
    version = await versionAfter(cache, version);
    expect(((await (await show()).json()) as { product: { priceBani: number } }).product.priceBani).toBe(3190);
    await getDb().update(products).set({ isPublished: false }).where(eq(products.id, product.id));
    await versionAfter(cache, version);
    expect((await show()).status).toBe(404);
  });

  it("a legal page", async () => {
    const cache = processCatalogueCache()!;
    const text = async () => ((await (await render(termeniLoader as Loader, "/termeni")).json()) as { sections: Array<{ description: string }> }).sections[0]?.description;
    expect(await text()).toBe("Prima versiune.");
    const version = cache.version;
    await saveTermsPage("termeni", [{ title: "Termeni", description: "A doua versiune." }], (await createUser({ role: "admin" })).id);
    await versionAfter(cache, version);
    expect(await text()).toBe("A doua versiune.");
  });

  it("on a second worker: another cache over the same database (its own connection on PostgreSQL)", async () => {
    const url = serverUrl();
    const own = getDatabaseHandle()!;
    // PostgreSQL: a second connection pool to this test's database, as another process has.
    let other: DatabaseHandle = own;
    if (url && own.kind === "postgres") {
      const rows = (await getDb().execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
      const name = rows[0].name;
      const parsed = new URL(url);
      parsed.pathname = `/${name}`;
      other = await connect({ url: parsed.toString(), max: 2 });
    }
    const worker = new CatalogueCache(other);
    await worker.start();
    try {
      const title = () =>
        worker.get(`title:${physical.course.id}`, async () => {
          const [row] = await other.db.select({ title: courses.title }).from(courses).where(eq(courses.id, physical.course.id));
          return row.title;
        });
      const before = await title();
      expect(await title()).toBe(before);
      const version = worker.version;
      expect(version).not.toBeNull();
      await getDb().update(courses).set({ title: "Curs cache sală – de pe alt proces" }).where(eq(courses.id, physical.course.id));
      expect(await versionAfter(worker, version)).not.toBe(version);
      expect(await title()).toBe("Curs cache sală – de pe alt proces");
    } finally {
      await worker.stop();
      if (other !== own) await other.close();
    }
  });

  it("a late notification of an older version changes nothing; a newer one drops the entries", async () => {
    const cache = new CatalogueCache(getDatabaseHandle()!);
    await cache.start();
    try {
      const current = cache.version!;
      expect(current).not.toBeNull();
      const seen: Array<number | null> = [];
      cache.onChange((version) => seen.push(version));
      // Notifications arrive in the order they were sent: the older one first, then a newer one.
      await getDb().execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(current - 1)})`);
      await getDb().execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(current + 1)})`);
      expect(await versionAfter(cache, current)).toBe(current + 1);
      expect(seen).toEqual([current + 1]);
    } finally {
      await cache.stop();
    }
  });

  it("with no cache started, every read goes to the database", async () => {
    const cache = processCatalogueCache();
    setProcessCatalogueCache(undefined);
    try {
      const path = "/produse";
      const queries = await queriesOf(() => render(productListLoader as Loader, path));
      expect(queries).toBeGreaterThan(0);
    } finally {
      setProcessCatalogueCache(cache);
    }
  });
});

describe("places left in a session (a sale is not a catalogue change)", () => {
  it("a sale shows within the maximum age; the session filling up and a new session show at once", async () => {
    const { course } = await createCourse("physical", { title: "Curs locuri", durationDays: 2 }, [{ days: 2, amountBani: 90000 }]);
    const session = await createCourseSession(course.id, { startsOn: "2099-05-04", days: 2, capacity: 3 });
    const path = `/cursuri/curs/${course.id}`;
    type Detail = { sessions: { id: number; seatsLeft: number }[] };
    const seatsLeft = async () => {
      const page = (await (await render(physicalDetailLoader as Loader, path, { id: String(course.id) })).json()) as Detail;
      return page.sessions.map((s) => [s.id, s.seatsLeft]);
    };
    const cache = processCatalogueCache()!;
    await cache.verify();
    expect(await seatsLeft()).toEqual([[session.id, 3]]);

    // A sale: the counter moves, the catalogue version does not.
    const before = cache.version;
    await getDb().update(courseSessions).set({ seatsTaken: 1 }).where(eq(courseSessions.id, session.id));
    await cache.verify();
    expect(cache.version).toBe(before);
    expect(await seatsLeft()).toEqual([[session.id, 3]]); // at most SEAT_COUNTS_MAX_AGE_MS old
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SEAT_COUNTS_MAX_AGE_MS + 1 });
    try {
      expect(await seatsLeft()).toEqual([[session.id, 2]]);
    } finally {
      vi.useRealTimers();
    }

    // The last places: full is a catalogue change, every page shows it at once.
    await getDb().update(courseSessions).set({ seatsTaken: 3 }).where(eq(courseSessions.id, session.id));
    expect(await versionAfter(cache, before)).not.toBe(before);
    expect(await seatsLeft()).toEqual([[session.id, 0]]);

    // A new session is one too.
    const full = cache.version;
    const added = await createCourseSession(course.id, { startsOn: "2099-06-01", days: 2, capacity: 5 });
    await versionAfter(cache, full);
    expect(await seatsLeft()).toEqual([
      [session.id, 0],
      [added.id, 5],
    ]);
  });
});
