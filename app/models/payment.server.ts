/**
 * Card payment notifications (IPN). The provider (app/services/payments) reads, decrypts and
 * verifies a notification into one shape; this module checks it against the order (it exists,
 * it is a card order, the currency and amounts are the order's) and applies it in one
 * transaction. Idempotent: a repeated IPN changes nothing; a paid order never goes back to
 * pending or failed. Money taken is recorded even when the order was cancelled or failed
 * meanwhile; when the buyer already had the course through another order, the order is flagged
 * for a refund (order-status.server.ts, DOUBLE_PAYMENT_NOTE). Every IPN is stored raw for audit.
 * Replies follow the provider: success, temporary error (retry) or permanent error.
 */
import { desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Tx } from "../../db/client";
import { orders, paymentNotifications, type OrderStatus } from "../../db/schema";
import { ORDER_STATUS_LABELS } from "~/lib/order-labels";
import { transitionOrder } from "~/models/order-status.server";
import { log } from "~/log.server";
import { kickOutbox } from "~/services/mail-outbox.server";
import { CRC_ERROR, crcErrorReply } from "~/services/payments/mobilpay.server";
import { getCardProvider } from "~/services/payments/provider.server";
import { NotificationRejected, type CardNotification, type NotificationReply } from "~/services/payments/types.server";
import { hit } from "~/services/rate-limit.server";
import { cachedUntilChange, ORDERS_CHANNEL } from "~/services/change-feed.server";

export interface IpnResult {
  /** The HTTP answer for the processor. */
  reply: NotificationReply;
  outcome: "applied" | "unchanged" | "rejected" | "error";
  orderId?: string;
  /** Courses the buyer already had through another order: this payment needs a refund. */
  doublePaid?: string[];
}

/** A notification that is genuine but does not fit the order it names: refused for good. */
class OrderMismatch extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** Romanian, stored for the admin. */
    readonly reason: string,
    readonly orderId?: string,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Rejected notifications are stored for audit, but anyone can post them (issue 14 finding 8):
 * at most this many per hour, each body cut to REJECTED_RAW_MAX_CHARS. Accepted ones (applied,
 * unchanged) are always stored whole.
 */
export const REJECTED_STORED_PER_HOUR = 100;
export const REJECTED_RAW_MAX_CHARS = 4096;
let droppedSince = 0;

async function record(row: typeof paymentNotifications.$inferInsert) {
  try {
    if (row.outcome === "rejected") {
      const quota = await hit("payments:rejected-stored", { max: REJECTED_STORED_PER_HOUR, windowMs: 3600_000 });
      if (!quota.allowed) {
        if (droppedSince++ % 100 === 0) log.warn("rejected payment notifications over the hourly cap: not stored", { dropped: droppedSince });
        return;
      }
      if (row.rawBody.length > REJECTED_RAW_MAX_CHARS) row = { ...row, rawBody: `${row.rawBody.slice(0, REJECTED_RAW_MAX_CHARS)}…[${row.rawBody.length} caractere]` };
    }
    await getDb().insert(paymentNotifications).values(row);
  } catch (error) {
    log.error("could not store a payment notification", { error });
  }
}

const label = (status: OrderStatus) => `„${ORDER_STATUS_LABELS[status]}”`;

/**
 * The checks a genuine notification must pass against its order. When money was taken or is
 * being taken (paid, pending), the processed amount and the currency must be there and be the
 * order's; a refusal or refund may carry no processed amount.
 */
function mismatch(notification: CardNotification, order: typeof orders.$inferSelect): OrderMismatch | null {
  if (order.paymentMethod !== "card") return new OrderMismatch("the order is not a card order", 6, "Comanda nu se plătește cu cardul.", order.id);
  const moneyMoves = notification.status === "paid" || notification.status === "pending";
  if (moneyMoves ? notification.currency !== order.currency : notification.currency !== null && notification.currency !== order.currency) {
    return new OrderMismatch("currency missing or not the order's", 7, `Moneda lipsește sau nu este ${order.currency}.`, order.id);
  }
  if (notification.orderAmountBani !== undefined && notification.orderAmountBani !== order.totalBani) {
    return new OrderMismatch("amount does not match the order", 8, "Suma comenzii din notificare nu este totalul comenzii.", order.id);
  }
  if (moneyMoves && notification.amountBani !== order.totalBani) {
    return new OrderMismatch("processed amount missing or not the order total", 9, "Suma procesată lipsește sau nu este totalul comenzii.", order.id);
  }
  return null;
}

async function apply(tx: Tx, notification: CardNotification, audit: Omit<typeof paymentNotifications.$inferInsert, "outcome">) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, notification.orderId)).for("update");
  if (!order) throw new OrderMismatch("unknown order", 5, "Comandă necunoscută.");
  const problem = mismatch(notification, order);
  if (problem) throw problem;

  const { status } = notification;
  const target: OrderStatus | null = status === "paid" ? "paid" : status === "failed" ? "failed" : status === "refunded" ? "refunded" : null;
  let applied = false;
  let doublePaid: string[] = [];
  let message: string;
  if (target) {
    const transition = await transitionOrder(
      order.id,
      target,
      {
        source: "ipn",
        note: `${notification.action ?? ""}${notification.errorCode ? ` (cod ${notification.errorCode})` : ""}`,
        providerRef: notification.providerRef,
        panMasked: notification.panMasked ?? null,
      },
      tx,
    );
    if (!transition.ok) {
      message = `Neaplicată: comanda este ${label(order.status)}; ${label(target)} nu mai este posibil.`;
    } else if (!transition.changed) {
      message = `Fără schimbare: comanda era deja ${label(target)}.`;
    } else {
      applied = true;
      doublePaid = transition.doublePaid;
      message = `Aplicată: ${label(order.status)} → ${label(target)}.`;
      if (doublePaid.length > 0) message += ` Plată dublă pentru ${doublePaid.join(", ")}: necesită rambursare.`;
    }
  } else {
    message =
      status === "pending"
        ? "În verificare la procesator: comanda așteaptă confirmarea."
        : `Acțiune necunoscută (${notification.action ?? "lipsă"}), ignorată.`;
    if (notification.providerRef || notification.panMasked) {
      await tx
        .update(orders)
        .set({ providerRef: notification.providerRef ?? order.providerRef, panMasked: notification.panMasked ?? order.panMasked })
        .where(eq(orders.id, order.id));
    }
  }
  await tx.insert(paymentNotifications).values({ ...audit, orderId: order.id, outcome: applied ? "applied" : "unchanged", message });
  return { applied, orderId: order.id, doublePaid };
}

/** Handles one notification request end to end: verify, check, apply, store, reply. */
export async function handleCardNotification(request: Request): Promise<IpnResult> {
  const provider = getCardProvider();
  if (!provider) {
    // Nothing here can verify it (card payments are off): the only protocol this endpoint speaks.
    return {
      reply: { status: 200, contentType: "application/xml; charset=utf-8", body: crcErrorReply(CRC_ERROR.permanent, 1, "card payments are not configured") },
      outcome: "rejected",
    };
  }

  let notification: CardNotification;
  try {
    notification = await provider.handleNotification(request);
  } catch (error) {
    if (error instanceof NotificationRejected) {
      await record({ provider: provider.name, rawBody: error.raw, decoded: error.decoded ?? null, outcome: "rejected", message: error.reason });
      log.warn("payment notification rejected", { reason: error.message });
      return { reply: provider.refuse("permanent", error.code, error.message), outcome: "rejected" };
    }
    log.error("payment notification could not be read; asking for a retry", { error });
    return { reply: provider.refuse("temporary", 1, "temporary error, please retry"), outcome: "error" };
  }

  const audit = {
    provider: provider.name,
    rawBody: notification.raw,
    decoded: notification.decoded,
    action: notification.action,
    errorCode: notification.errorCode ?? null,
  };
  try {
    if (!UUID.test(notification.orderId)) throw new OrderMismatch("unknown order", 5, "Comandă necunoscută.");
    const result = await getDb().transaction((tx) => apply(tx, notification, audit));
    if (result.applied) kickOutbox();
    if (result.doublePaid.length > 0) log.warn("double payment: the order needs a refund", { order: result.orderId });
    return {
      reply: provider.acknowledge(notification),
      outcome: result.applied ? "applied" : "unchanged",
      orderId: result.orderId,
      doublePaid: result.doublePaid,
    };
  } catch (error) {
    if (error instanceof OrderMismatch) {
      await record({ ...audit, orderId: error.orderId ?? null, outcome: "rejected", message: error.reason });
      log.warn("payment notification rejected", { reason: error.message, order: error.orderId });
      return { reply: provider.refuse("permanent", error.code, error.message), outcome: "rejected", orderId: error.orderId };
    }
    // The database (or something else on our side) failed: ask the processor to retry later.
    log.error("payment notification failed; asking for a retry", { error });
    return { reply: provider.refuse("temporary", 1, "temporary error, please retry"), outcome: "error" };
  }
}

/**
 * Notifications that could not be matched to an order (undecryptable, another merchant's
 * signature, an unknown order), newest first, for the admin's reconciliation. Only the date,
 * the reason and what the notification claimed (order id, amount): never the raw body.
 */
export async function listUnmatchedNotifications(limit = 50) {
  // On the admin's order list, kept with the orders (models/order-admin.server.ts).
  return cachedUntilChange(ORDERS_CHANNEL, `unmatched:${limit}`, () => readUnmatchedNotifications(limit));
}

async function readUnmatchedNotifications(limit: number) {
  // Built once per database: it runs on every visit of the admin's order list.
  const rows = await preparedQuery("unmatched_payment_notifications", (db, name) =>
    db
      .select({
        id: paymentNotifications.id,
        receivedAt: paymentNotifications.receivedAt,
        provider: paymentNotifications.provider,
        action: paymentNotifications.action,
        errorCode: paymentNotifications.errorCode,
        message: paymentNotifications.message,
        decoded: paymentNotifications.decoded,
      })
      .from(paymentNotifications)
      .where(isNull(paymentNotifications.orderId))
      .orderBy(desc(paymentNotifications.receivedAt))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ limit });
  return rows.map(({ decoded, ...row }) => {
    const claimed = (decoded ?? {}) as { orderId?: unknown; amountBani?: unknown };
    return {
      ...row,
      claimedOrderId: typeof claimed.orderId === "string" ? claimed.orderId.slice(0, 64) : null,
      claimedAmountBani: typeof claimed.amountBani === "number" ? claimed.amountBani : null,
    };
  });
}
