/**
 * Orders: the rows, what a paid order line gives its enrolment (shared by checkout and the status
 * transitions), and the buyer's own reads (account list, payment result page).
 *
 * The rest of the order's life has a module each: placing it from the cart in
 * order-checkout.server.ts, its status transitions in order-status.server.ts, the admin's lists
 * and order page in order-admin.server.ts, its e-mails in order-mail.server.ts.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { orderDeliveries, orderLines, orders, paymentNotifications } from "../../db/schema";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

const DAY_MS = 86_400_000;

/** When an online course's access ends, counted from its payment (null: no limit, or not online). */
export function accessUntil(line: Pick<OrderLineRow, "category" | "days">, from: Date): Date | null {
  return line.category === "online" && line.days ? new Date(from.getTime() + line.days * DAY_MS) : null;
}

/** The option an enrolment keeps from the order line that paid for it. */
export function optionSnapshotOf(line: OrderLineRow) {
  return {
    days: line.days,
    accreditation: line.accreditation,
    advancePayment: line.advancePayment,
    amountBani: line.amountBani,
    fullAmountBani: line.fullAmountBani,
  };
}

// ─── The buyer's reads ───────────────────────────────────────────────────────────────────────

/** The user's orders, newest first (account page #facturi). */
/** The user's orders, newest first, each with its delivery (products) or null: one query. */
export async function listOrdersForUser(userId: string) {
  return getDb()
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalBani: orders.totalBani,
      fullTotalBani: orders.fullTotalBani,
      createdAt: orders.createdAt,
      delivery: {
        methodName: orderDeliveries.methodName,
        kind: orderDeliveries.kind,
        status: orderDeliveries.status,
        courierName: orderDeliveries.courierName,
        awb: orderDeliveries.awb,
        trackingUrl: orderDeliveries.trackingUrl,
      },
    })
    .from(orders)
    .leftJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
}

/** One of the user's own orders (another user's id is "not found"). */
export async function getOrderForUser(userId: string, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await getDb()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  const lines = await getDb().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  return { ...order, lines };
}

/** The latest rejected card notification of an order (for the reason shown to the buyer). */
export async function lastPaymentError(orderId: string) {
  const [row] = await getDb()
    .select({ errorCode: paymentNotifications.errorCode, action: paymentNotifications.action })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.orderId, orderId), sql`${paymentNotifications.errorCode} <> 0`))
    .orderBy(desc(paymentNotifications.receivedAt))
    .limit(1);
  return row ?? null;
}

