/**
 * The admin's order lists and order page: the orders list with its status filters, "De expediat"
 * (paid orders with products still to prepare) and one order with its lines, events, card
 * notifications and enrolments. Reads only: status changes are in order-status.server.ts.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Db } from "../../db/client";
import { courses, enrollments, orderDeliveries, orderEvents, orderLines, orders, paymentNotifications, type OrderStatus } from "../../db/schema";
import { DOUBLE_PAYMENT_NOTE } from "~/models/order-status.server";
import { cachedUntilChange, ORDERS_CHANNEL } from "~/services/change-feed.server";

export const ORDER_FILTERS = {
  toate: null,
  "asteapta-plata": ["awaiting_transfer", "awaiting_payment"],
  platite: ["paid"],
  "esuate-anulate": ["failed", "cancelled", "refunded"],
} as const satisfies Record<string, OrderStatus[] | null>;
export type OrderFilter = keyof typeof ORDER_FILTERS;

/**
 * A paid order flagged by a double-payment event still needs its refund. (Columns spelled out
 * with their tables: drizzle leaves select-list columns unqualified inside a subquery.)
 */
const refundDueSql = sql<boolean>`("orders"."status" = 'paid' and exists (
  select 1 from "order_events" e where e."order_id" = "orders"."id" and starts_with(e."note", ${DOUBLE_PAYMENT_NOTE})
))`;

/** The columns of an order in the admin's lists (orders, "De expediat"), with its delivery. */
export const ADMIN_ORDER_COLUMNS = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  totalBani: orders.totalBani,
  billingName: orders.billingName,
  billingEmail: orders.billingEmail,
  providerRef: orders.providerRef,
  panMasked: orders.panMasked,
  createdAt: orders.createdAt,
  // The delivery status of an order with products (null without one), in the same query.
  fulfilmentStatus: orderDeliveries.status,
};

/**
 * The admin's lists are read through the orders feed: on PGlite they are kept in memory until a
 * write to the tables they read commits (services/change-feed.server.ts); elsewhere each visit reads.
 */
export async function listOrdersForAdmin(filter: OrderFilter, limit = 200) {
  return cachedUntilChange(ORDERS_CHANNEL, `orders:${filter}:${limit}`, () =>
    preparedQuery(`admin_orders_${filter}`, (db, name) => ordersQuery(db, filter, name)).execute({ limit }),
  );
}

/**
 * The list's query for one filter (built once per database: the admin's default page). Only a
 * paid order can need a refund, so a filter without paid orders does not ask (the question, a
 * subquery over the order's events, is most of what PostgreSQL plans for the list).
 */
function ordersQuery(db: Db, filter: OrderFilter, name: string) {
  const statuses: readonly OrderStatus[] | null = ORDER_FILTERS[filter];
  const refundDue = statuses === null || statuses.includes("paid") ? refundDueSql : sql<boolean>`false`;
  return db
    .select({ ...ADMIN_ORDER_COLUMNS, refundDue })
    .from(orders)
    .leftJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(statuses ? inArray(orders.status, [...statuses]) : undefined)
    .orderBy(desc(orders.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare(name);
}

/** "De expediat": paid orders whose products are still to prepare, oldest first. */
export async function listOrdersToShip(limit = 200) {
  return cachedUntilChange(ORDERS_CHANNEL, `to-ship:${limit}`, () =>
    preparedQuery("admin_orders_to_ship", (db, name) =>
      db
        .select(ADMIN_ORDER_COLUMNS)
        .from(orders)
        .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
        .where(and(eq(orders.status, "paid"), eq(orderDeliveries.status, "to_prepare")))
        .orderBy(asc(orders.paidAt), desc(orders.createdAt))
        .limit(sql.placeholder("limit"))
        .prepare(name),
    ).execute({ limit }),
  );
}

export async function getOrderForAdmin(orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const [lines, events, notifications, enrolmentRows] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt)),
    // Every IPN received for the order (the raw body stays in the database, for audit).
    db
      .select({
        id: paymentNotifications.id,
        receivedAt: paymentNotifications.receivedAt,
        action: paymentNotifications.action,
        errorCode: paymentNotifications.errorCode,
        outcome: paymentNotifications.outcome,
        message: paymentNotifications.message,
      })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId))
      .orderBy(asc(paymentNotifications.receivedAt)),
    db
      .select({ id: enrollments.id, courseTitle: courses.title, paymentStatus: enrollments.paymentStatus, orderLineId: enrollments.orderLineId })
      .from(enrollments)
      .innerJoin(orderLines, eq(orderLines.id, enrollments.orderLineId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(orderLines.orderId, orderId)),
  ]);
  const refundDue = order.status === "paid" ? (events.find((e) => e.note.startsWith(DOUBLE_PAYMENT_NOTE))?.note ?? null) : null;
  return { ...order, lines, events, notifications, enrollments: enrolmentRows, refundDue };
}
