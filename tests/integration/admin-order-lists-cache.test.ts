/**
 * Issue 31: where one process owns the database (PGlite), the admin's order lists are kept in
 * memory until a write to the tables they read commits (services/change-feed.server.ts, migration
 * 0028). What the admin sees never lags behind a commit: a new order, a status change, a delivery
 * moved on, a card notification that matched no order are on the very next visit, whoever wrote them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countQueries, getDb } from "../../db/client";
import { orderDeliveries, paymentNotifications } from "../../db/schema";
import { addCourseToCart } from "~/models/cart.server";
import { transitionOrder } from "~/models/order-status.server";
import { loader as ordersLoader } from "~/routes/admin.comenzi._index";
import { ORDERS_CHANNEL, processChangeFeed, startChangeFeeds, stopChangeFeeds } from "~/services/change-feed.server";
import { requestScopeStorage } from "~/services/request-scope.server";
import { cookieFor, createCourse, createUser, placeTransferOrder } from "../helpers/factories";
import { get, run } from "../helpers/http";
import { onPgliteDatabase } from "../helpers/pglite-process";

interface ListData {
  orders: Array<{ id: string; reference: string; status: string; fulfilmentStatus: string | null }>;
  unmatched: Array<{ id: number; message: string | null }>;
}

let adminCookie = "";

/** One visit of /admin/comenzi (a new HTTP request): what the page lists, and the queries it sent. */
async function visit(filter: string) {
  let response!: Response;
  const queries = await countQueries(async () => {
    response = await requestScopeStorage().run(new Map(), () => run(ordersLoader, get(`/admin/comenzi?filtru=${filter}`, { cookie: adminCookie })));
  });
  expect(response.status).toBe(200);
  return { data: (await response.json()) as ListData, queries };
}

async function orderFromNewBuyer() {
  const buyer = await createUser();
  const { course, options } = await createCourse("online");
  await addCourseToCart(buyer.id, { courseId: course.id, priceOptionId: options[0].id });
  return placeTransferOrder(buyer.id);
}

describe("the admin's order lists kept in memory (PGlite)", () => {
  onPgliteDatabase(
    async (handle) => {
      await startChangeFeeds(handle);
      adminCookie = await cookieFor((await createUser({ role: "admin" })).id);
    },
    stopChangeFeeds,
  );

  it("a second visit reads only the admin's session", async () => {
    await visit("asteapta-plata");
    const again = await visit("asteapta-plata");
    // The session's query; the lists come from memory.
    expect(again.queries).toBe(1);
  });

  it("a new order, then its payment, show at the next visit", async () => {
    await visit("asteapta-plata");
    await visit("platite");
    const order = await orderFromNewBuyer();
    const waiting = await visit("asteapta-plata");
    expect(waiting.data.orders.map((o) => o.reference)).toContain(order.reference);
    expect(waiting.queries).toBeGreaterThan(1);

    expect((await transitionOrder(order.id, "paid", { source: "admin" })).ok).toBe(true);
    expect((await visit("asteapta-plata")).data.orders.map((o) => o.id)).not.toContain(order.id);
    expect((await visit("platite")).data.orders.find((o) => o.id === order.id)?.status).toBe("paid");
  });

  it("a delivery's status change shows at the next visit, in the list and in „De expediat”", async () => {
    const order = await orderFromNewBuyer();
    await getDb().insert(orderDeliveries).values({ orderId: order.id, methodName: "Curier", kind: "courier", feeBani: 0, status: "to_prepare" });
    expect((await visit("toate")).data.orders.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("to_prepare");
    expect((await visit("de-expediat")).data.orders.map((o) => o.id)).not.toContain(order.id);
    expect((await transitionOrder(order.id, "paid", { source: "admin" })).ok).toBe(true);
    expect((await visit("de-expediat")).data.orders.map((o) => o.id)).toContain(order.id);
    await getDb().update(orderDeliveries).set({ status: "shipped" }).where(eq(orderDeliveries.orderId, order.id));
    expect((await visit("toate")).data.orders.find((o) => o.id === order.id)?.fulfilmentStatus).toBe("shipped");
    expect((await visit("de-expediat")).data.orders.map((o) => o.id)).not.toContain(order.id);
  });

  it("a card notification that matched no order shows at the next visit", async () => {
    await visit("toate");
    const [row] = await getDb()
      .insert(paymentNotifications)
      .values({ provider: "netopia", rawBody: "env_key=x", outcome: "rejected", message: "comandă necunoscută" })
      .returning({ id: paymentNotifications.id });
    expect((await visit("toate")).data.unmatched.map((n) => n.id)).toContain(row.id);
  });

  it("a read that overlapped a commit is used by its caller only", async () => {
    const feed = processChangeFeed(ORDERS_CHANNEL)!;
    let loads = 0;
    const first = await feed.cached("overlap", async () => {
      loads++;
      // A write commits while this read is on its way.
      await orderFromNewBuyer();
      return "before";
    });
    expect(first).toBe("before");
    expect(await feed.cached("overlap", async () => (loads++, "after"))).toBe("after");
    expect(loads).toBe(2);
    expect(await feed.cached("overlap", async () => (loads++, "again"))).toBe("after");
  });

  it("what it hands out cannot be changed by one caller for the others", async () => {
    const { data } = await visit("toate");
    expect(data.orders.length).toBeGreaterThan(0);
    const feed = processChangeFeed(ORDERS_CHANNEL)!;
    const held = await feed.cached("frozen", async () => [{ status: "paid" }]);
    expect(() => {
      (held[0] as { status: string }).status = "failed";
    }).toThrow(TypeError);
  });

  it("nothing is kept once listening has stopped", async () => {
    const feed = processChangeFeed(ORDERS_CHANNEL)!;
    await feed.stop();
    try {
      await visit("toate");
      const next = await visit("toate");
      expect(next.queries).toBeGreaterThan(1);
      expect(feed.statistics()).toMatchObject({ listening: false, entries: 0 });
    } finally {
      await feed.start();
    }
  });
});
