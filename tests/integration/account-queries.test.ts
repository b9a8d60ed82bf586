/**
 * Issue 18: a logged-in /cont costs at most 5 SQL queries (the fifth: the user's session
 * waitlists, issue 28) and /cart at most 4 (root loader
 * included: the header's cart badge is read with the session; /cont's orders come with their
 * deliveries; issue 31: the cart's course periods come from the catalogue cache),
 * also for a user with an order, an enrolment and a cart holding a course and a product with a
 * chosen delivery — the pages' full data, not the empty states. Those are the budgets of a
 * first visit or the first after a change; unchanged, the user's data comes from the personal
 * cache and a page costs the session's query alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDatabaseHandle, getDb, countQueries } from "../../db/client";
import { users } from "../../db/schema";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { loader as rootLoader } from "~/root";
import { loader as cartLoader } from "~/routes/cart";
import { loader as contLoader } from "~/routes/cont";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { clearPersonalCache } from "~/services/personal-cache.server";
import { requestScopeStorage } from "~/services/request-scope.server";
import { getUser } from "~/models/session.server";
import { placeCardOrder } from "../helpers/card";
import { choosePickup, cookieFor, createCourse, createProduct, createUser } from "../helpers/factories";
import { get, run } from "../helpers/http";

type Loader = Parameters<typeof run>[0];

/**
 * Root loader and page loader together, as Remix runs them for one document request: inside the
 * request scope scripts/server.mjs opens, each loader with its own copy of the Request.
 */
async function render(loader: Loader, path: string, cookie: string) {
  const [root, page] = await requestScopeStorage().run(new Map(), () =>
    Promise.all([run(rootLoader as Loader, get(path, { cookie })), run(loader, get(path, { cookie }))]),
  );
  expect(root.status).toBe(200);
  expect(page.status).toBe(200);
  // The header badge: the course and the product in the cart.
  expect(((await root.json()) as { cartCount: number }).cartCount).toBe(2);
  return page;
}

/** The queries fn sent itself (background work meanwhile, such as the mail worker's, does not count). */
const queriesOf = (fn: () => Promise<unknown>) => countQueries(fn);

let cookie: string;

beforeAll(async () => {
  await startCatalogueCache(getDatabaseHandle()!);
  const user = await createUser({ address: "Str. Florilor 1, Cluj-Napoca" });
  const bought = await createCourse("online", { title: "Curs cumpărat" });
  await placeCardOrder(user.id, bought.course.id, bought.options[0].id);
  const wanted = await createCourse("physical", { title: "Curs în coș", nextSessionOn: "2099-03-01", durationDays: 2 }, [{ days: 2, amountBani: 90000 }]);
  await addCourseToCart(user.id, { courseId: wanted.course.id, priceOptionId: wanted.options[0].id });
  const product = await createProduct({ title: "Pilă în coș" });
  await addProductToCart(user.id, product.id);
  await choosePickup(user.id);
  cookie = await cookieFor(user.id);
  // The catalogue writes above reach the cache by NOTIFY (on PostgreSQL a moment later): read the
  // stored version now, so a late notification does not empty the cache between two renders.
  await processCatalogueCache()!.verify();
});

afterAll(async () => {
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

describe("queries of a logged-in page with data", () => {
  it("/cont: at most 5", async () => {
    await render(contLoader as Loader, "/cont", cookie); // the catalogue parts warm up once per process
    const page = await render(contLoader as Loader, "/cont", cookie);
    const data = (await page.json()) as { orders: { delivery: unknown }[]; enrollments: unknown[] };
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].delivery).toBeNull(); // an online course: nothing to deliver
    expect(data.enrollments).toHaveLength(1);
    clearPersonalCache(); // the user's own data read again, as after any change of theirs
    expect(await queriesOf(() => render(contLoader as Loader, "/cont", cookie))).toBeLessThanOrEqual(5);
    // Unchanged since: the session's query only (tests/integration/personal-cache.test.ts).
    expect(await queriesOf(() => render(contLoader as Loader, "/cont", cookie))).toBe(1);
  });

  // The course price settings and periods (the cart holds a physical course) come from the
  // catalogue cache here; only the checkout's transaction reads the rows.
  it("/cart: at most 4", async () => {
    await render(cartLoader as Loader, "/cart", cookie);
    const page = await render(cartLoader as Loader, "/cart", cookie);
    const data = (await page.json()) as { lines: unknown[]; delivery: unknown };
    expect(data.lines).toHaveLength(2);
    expect(data.delivery).not.toBeNull();
    clearPersonalCache();
    expect(await queriesOf(() => render(cartLoader as Loader, "/cart", cookie))).toBeLessThanOrEqual(4);
    expect(await queriesOf(() => render(cartLoader as Loader, "/cart", cookie))).toBe(1);
  });

  it("the loaders after an action read the session again (what the action changed is seen)", async () => {
    await requestScopeStorage().run(new Map(), async () => {
      const post = new Request("http://localhost/cont", { method: "POST", headers: { cookie } });
      const before = await getUser(post);
      await getDb().update(users).set({ name: "Nume schimbat" }).where(eq(users.id, before!.id));
      expect((await getUser(get("/cont", { cookie })))?.name).toBe("Nume schimbat");
      // The action's own later reads (POST, same scope) share its first lookup.
      expect((await getUser(new Request("http://localhost/cont", { method: "POST", headers: { cookie } })))?.name).toBe(before!.name);
    });
  });
});
