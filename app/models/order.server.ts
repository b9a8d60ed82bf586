/**
 * Orders: checkout (one transaction: order, lines, enrolments, empty cart, queued e-mails) and
 * status transitions shared by the admin (bank transfer) and the card notifications (IPN).
 *
 * One order per checkout: the idempotency key is the cart's version (it changes whenever the
 * cart's contents change), protected by a unique constraint. A double click, two tabs or a
 * replayed POST find the same key and get the same order back.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor, type Tx } from "../../db/client";
import {
  cartLines,
  courses,
  enrollments,
  orderDeliveries,
  orderEvents,
  orderLines,
  orders,
  paymentNotifications,
  users,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from "../../db/schema";
import { CHECKOUT_MESSAGES, type CheckoutInput } from "~/lib/validation/checkout";
import { getCart, type CartView } from "~/models/cart.server";
import { buyerSnapshotOf, issueForTransition } from "~/models/invoice.server";
import { createOrderDelivery, deliveryLine } from "~/models/delivery.server";
import { releaseStock, reserveStock, retakeStock, STOCK_MESSAGES } from "~/models/product.server";
import { DELIVERY_MESSAGES } from "~/lib/validation/delivery";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";
import {
  doublePaymentBusinessMail,
  orderCancelledMail,
  orderPlacedBusinessMail,
  orderPlacedMail,
  paymentConfirmedMail,
  type OrderForMail,
} from "~/models/order-mail.server";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

const DAY_MS = 86_400_000;
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; // no 0/O, 1/I/L

/** The public order reference derived from the checkout key: "CMD-" + 8 unambiguous characters. */
export function referenceFromKey(key: string): string {
  const digest = createHash("sha256").update(`order-ref:${key}`).digest();
  let out = "";
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[digest[i] % REFERENCE_ALPHABET.length];
  return `CMD-${out}`;
}

export type CheckoutField = "address" | "acceptTerms" | "digitalConsent" | "withdrawalWaiver" | "cart" | "delivery";

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly field: CheckoutField = "cart",
  ) {
    super(message);
  }
}

export type PlaceOrderResult =
  | { ok: true; order: OrderRow; created: boolean }
  | { ok: false; message: string; field: CheckoutField };

export interface PlaceOrderOptions {
  /** Card payments can be started (a provider or the simulator is configured). */
  cardAvailable: boolean;
  now?: Date;
}

/** Free carts are "free" whatever was posted; otherwise the chosen method. */
export function paymentMethodFor(cart: CartView, input: Pick<CheckoutInput, "paymentMethod">): PaymentMethod {
  return cart.totals.dueNowBani === 0 ? "free" : input.paymentMethod;
}

/**
 * Every checkout rule, in the order the buyer should fix them: the first problem, or null.
 * Used before showing the bank-transfer panel and again inside the checkout transaction.
 */
export function checkoutProblem(cart: CartView, address: string, input: CheckoutInput, cardAvailable: boolean): CheckoutError | null {
  if (cart.lines.length === 0) return new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  if (cart.version !== input.cartVersion) return new CheckoutError(CHECKOUT_MESSAGES.staleCart);
  if (cart.hasProblems) {
    // Sold out meanwhile (another buyer took the last units): say which product.
    const stock = cart.lines.find((l) => l.problem && l.stock !== null && l.quantity > l.stock);
    return new CheckoutError(stock?.problem ?? CHECKOUT_MESSAGES.lineProblems);
  }
  if (!address.trim()) return new CheckoutError(CHECKOUT_MESSAGES.address, "address");
  if (cart.needsDelivery && !cart.delivery) return new CheckoutError(DELIVERY_MESSAGES.missing, "delivery");
  if (!input.acceptTerms) return new CheckoutError(CHECKOUT_MESSAGES.terms, "acceptTerms");
  if (cart.hasOnline && !input.digitalConsent) return new CheckoutError(CHECKOUT_MESSAGES.digitalConsent, "digitalConsent");
  if (cart.hasOnline && !input.withdrawalWaiver) return new CheckoutError(CHECKOUT_MESSAGES.withdrawalWaiver, "withdrawalWaiver");
  if (paymentMethodFor(cart, input) === "card" && !cardAvailable) return new CheckoutError(CHECKOUT_MESSAGES.cardUnavailable);
  return null;
}

export async function placeOrder(userId: string, input: CheckoutInput, options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const now = options.now ?? new Date();
  try {
    const result = await getDb().transaction(async (tx) => {
      const cart = await getCart(userId, tx);
      if (cart.lines.length === 0) {
        // A replay of a checkout that already went through: answer with its order.
        const existing = await findOrderByKey(tx, userId, input.cartVersion);
        if (existing) return { order: existing, created: false };
        throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
      }
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      // An address typed in the cart but not saved with "Salvează" is the one the buyer sees:
      // use it and keep it as the billing address, in the same transaction as the order.
      const typed = input.address?.trim();
      const address = typed || user.address.trim();
      const problem = checkoutProblem(cart, address, input, options.cardAvailable);
      if (problem) throw problem;
      if (typed && typed !== user.address) await tx.update(users).set({ address: typed }).where(eq(users.id, userId));

      const total = cart.totals.dueNowBani;
      const method = paymentMethodFor(cart, input);
      const status: OrderStatus = method === "free" ? "paid" : method === "card" ? "awaiting_payment" : "awaiting_transfer";

      const [order] = await tx
        .insert(orders)
        .values({
          reference: referenceFromKey(cart.version),
          userId,
          status,
          paymentMethod: method,
          totalBani: total,
          fullTotalBani: cart.totals.fullBani,
          shippingBani: cart.totals.shippingBani,
          billingName: user.name,
          billingEmail: user.email,
          billingPhone: user.phone,
          billingAddress: address,
          buyer: buyerSnapshotOf({ ...user, address }),
          idempotencyKey: cart.version,
          termsAcceptedAt: now,
          digitalContentConsentAt: cart.hasOnline ? now : null,
          withdrawalWaiverAt: cart.hasOnline ? now : null,
          paidAt: method === "free" ? now : null,
        })
        // No target: the reference is unique too and derived from the same key, so a concurrent
        // twin must be absorbed on either index (a targeted clause would raise on the other).
        .onConflictDoNothing()
        .returning();
      if (!order) {
        // The same checkout was committed meanwhile (double click, second tab).
        const existing = await findOrderByKey(tx, userId, cart.version);
        if (!existing) throw new CheckoutError(CHECKOUT_MESSAGES.failed);
        return { order: existing, created: false };
      }

      const insertedLines = await tx
        .insert(orderLines)
        .values(
          cart.lines.map((line, position) => ({
            orderId: order.id,
            category: line.category,
            courseId: line.courseId,
            productId: line.productId,
            priceOptionId: line.priceOptionId,
            title: line.title ?? "Titlu necunoscut",
            days: line.category === "product" ? null : line.days,
            accreditation: line.category === "online" ? line.diploma : line.accreditation,
            advancePayment: line.advanceOnly,
            amountBani: line.dueNowBani,
            fullAmountBani: line.fullBani,
            quantity: line.quantity,
            position,
          })),
        )
        .returning();

      // Products: take the units (never oversold) and keep how they reach the buyer.
      if (cart.needsDelivery && cart.delivery) {
        const short = await reserveStock(
          tx,
          insertedLines.filter((l) => l.productId !== null).map((l) => ({ productId: l.productId!, quantity: l.quantity, title: l.title })),
        );
        if (short) throw new CheckoutError(STOCK_MESSAGES.notEnough(short.title, short.available));
        await createOrderDelivery(tx, order.id, cart.delivery, cart.totals.shippingBani);
      }

      const courseLines = insertedLines.filter((l) => l.category !== "product" && l.courseId !== null);
      if (courseLines.length > 0) {
        const paymentStatus: PaymentStatus = method === "free" ? "confirmed" : "pending";
        const enrolled = await tx
          .insert(enrollments)
          .values(
            courseLines.map((line) => ({
              userId,
              courseId: line.courseId!,
              courseType: line.category as "physical" | "online",
              paymentStatus,
              optionSnapshot: {
                days: line.days,
                accreditation: line.accreditation,
                advancePayment: line.advancePayment,
                amountBani: line.amountBani,
                fullAmountBani: line.fullAmountBani,
              },
              orderLineId: line.id,
              confirmedAt: method === "free" ? now : null,
              accessUntil: method === "free" ? accessUntil(line, now) : null,
            })),
          )
          // A course bought again after a failed or refunded payment reuses its enrolment row.
          .onConflictDoUpdate({
            target: [enrollments.userId, enrollments.courseId],
            set: {
              paymentStatus: sql`excluded.payment_status`,
              optionSnapshot: sql`excluded.option_snapshot`,
              orderLineId: sql`excluded.order_line_id`,
              confirmedAt: sql`excluded.confirmed_at`,
              accessUntil: sql`excluded.access_until`,
              updatedAt: now,
            },
            setWhere: sql`${enrollments.paymentStatus} in ('failed', 'refunded')`,
          })
          .returning({ id: enrollments.id });
        if (enrolled.length !== courseLines.length) throw new CheckoutError(CHECKOUT_MESSAGES.alreadyEnrolled);
      }

      await tx.delete(cartLines).where(eq(cartLines.userId, userId));
      await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: null, toStatus: status, source: "checkout", actorUserId: userId });
      const shape = order.paymentMethod === "free" ? await mailWithSessions(tx, order, insertedLines) : toMailShape(order, insertedLines);
      const forMail = { ...shape, deliveryText: cart.delivery ? deliveryLine(cart.delivery) : null };
      await enqueueMail(tx, [orderPlacedMail(forMail), orderPlacedBusinessMail(forMail)]);
      return { order, created: true };
    });
    if (result.created) kickOutbox();
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof CheckoutError) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

function productUnits(lines: OrderLineRow[]) {
  return lines.filter((l) => l.productId !== null).map((l) => ({ productId: l.productId!, quantity: l.quantity, title: l.title }));
}

function accessUntil(line: Pick<OrderLineRow, "category" | "days">, from: Date): Date | null {
  return line.category === "online" && line.days ? new Date(from.getTime() + line.days * DAY_MS) : null;
}

async function findOrderByKey(executor: Executor, userId: string, key: string): Promise<OrderRow | undefined> {
  const [order] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), eq(orders.userId, userId)))
    .limit(1);
  return order;
}

function toMailShape(order: OrderRow, lines: OrderLineRow[]): OrderForMail & { id: string } {
  return { ...order, lines: [...lines].sort((a, b) => a.position - b.position) };
}

/** The mail shape with each in-person course's next session date (the confirmation says when). */
async function mailWithSessions(executor: Executor, order: OrderRow, lines: OrderLineRow[]): Promise<OrderForMail & { id: string }> {
  const mail = toMailShape(order, lines);
  const ids = lines.flatMap((l) => (l.category === "physical" && l.courseId !== null ? [l.courseId] : []));
  if (ids.length === 0) return mail;
  const rows = await executor.select({ id: courses.id, nextSessionOn: courses.nextSessionOn }).from(courses).where(inArray(courses.id, ids));
  const dates = new Map(rows.map((r) => [r.id, r.nextSessionOn]));
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  return {
    ...mail,
    lines: sorted.map((l) => (l.category === "physical" ? { ...l, sessionOn: (l.courseId !== null ? dates.get(l.courseId) : null) ?? null } : l)),
  };
}

// ─── Status transitions ──────────────────────────────────────────────────────────────────────

/** Which status may follow which. A paid order never goes back to pending or failed. */
const TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  awaiting_transfer: ["paid", "cancelled"],
  awaiting_payment: ["paid", "failed", "cancelled"],
  failed: ["paid"],
  paid: ["refunded"],
  cancelled: [],
  refunded: [],
};

/**
 * Money the card processor took is a fact, whatever happened to the order meanwhile: its
 * notification also settles an order an admin cancelled (the buyer paid anyway). Admins
 * cannot confirm a cancelled order themselves.
 */
const LATE_PAYMENT_FROM: OrderStatus[] = ["cancelled"];

export function canTransition(from: OrderStatus, to: OrderStatus, source: TransitionContext["source"] = "admin"): boolean {
  if (TRANSITIONS[from].includes(to)) return true;
  return source === "ipn" && to === "paid" && LATE_PAYMENT_FROM.includes(from);
}

/**
 * The order event note (prefix) that flags a paid order for a refund: the buyer already had
 * access to one of its courses through another order, so this money was taken twice.
 */
export const DOUBLE_PAYMENT_NOTE = "Plată dublă – necesită rambursare";

export interface TransitionContext {
  source: "admin" | "ipn" | "system";
  actorUserId?: string | null;
  note?: string;
  providerRef?: string | null;
  panMasked?: string | null;
  now?: Date;
}

export type TransitionResult =
  /** doublePaid: titles of the courses the buyer already had through another order. */
  | { ok: true; changed: boolean; order: OrderRow; doublePaid: string[] }
  | { ok: false; reason: "not-found" | "not-allowed"; order?: OrderRow };

function snapshotOf(line: OrderLineRow) {
  return {
    days: line.days,
    accreditation: line.accreditation,
    advancePayment: line.advancePayment,
    amountBani: line.amountBani,
    fullAmountBani: line.fullAmountBani,
  };
}

/**
 * A paid order gives access to its courses. One enrolment per user and course: when the course
 * was bought again meanwhile (this order failed or was cancelled, then a new order), the
 * enrolment follows the order whose money arrived, unless it is already confirmed through
 * another order: then this payment is a second one for the same course (returned by title).
 */
async function confirmEnrolments(tx: Tx, order: OrderRow, lines: OrderLineRow[], now: Date): Promise<string[]> {
  const doublePaid: string[] = [];
  for (const line of lines) {
    if (line.category === "product") continue;
    const [enrolment] = await tx
      .select()
      .from(enrollments)
      .where(
        line.courseId === null
          ? eq(enrollments.orderLineId, line.id)
          : and(eq(enrollments.userId, order.userId), eq(enrollments.courseId, line.courseId)),
      )
      .for("update");
    if (!enrolment) continue;
    if (enrolment.paymentStatus === "confirmed") {
      if (enrolment.orderLineId !== line.id) doublePaid.push(line.title);
      continue;
    }
    const otherOrder = enrolment.orderLineId !== line.id;
    await tx
      .update(enrollments)
      .set({
        paymentStatus: "confirmed",
        confirmedAt: now,
        accessUntil: accessUntil(line, now),
        ...(otherOrder ? { orderLineId: line.id, optionSnapshot: snapshotOf(line), updatedAt: now } : {}),
      })
      .where(eq(enrollments.id, enrolment.id));
  }
  return doublePaid;
}

/**
 * Moves an order to a new status and applies it to its enrolments, in one transaction (or the
 * caller's). Idempotent: moving to the current status changes nothing.
 */
export async function transitionOrder(
  orderId: string,
  to: OrderStatus,
  context: TransitionContext,
  executor?: Tx,
): Promise<TransitionResult> {
  const run = async (tx: Tx): Promise<TransitionResult> => {
    const now = context.now ?? new Date();
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    if (order.status === to) return { ok: true, changed: false, order, doublePaid: [] };
    if (!canTransition(order.status, to, context.source)) return { ok: false, reason: "not-allowed", order };

    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        paidAt: to === "paid" ? now : order.paidAt,
        providerRef: context.providerRef ?? order.providerRef,
        panMasked: context.panMasked ?? order.panMasked,
      })
      .where(eq(orders.id, orderId))
      .returning();
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const lineIds = lines.map((l) => l.id);
    let doublePaid: string[] = [];
    let accessClosed = false;
    let stockNote = "";
    if (lineIds.length > 0) {
      if (to === "paid") {
        doublePaid = await confirmEnrolments(tx, order, lines, now);
        // Money arrived after the units were given back (late card payment): take them again.
        if (order.status === "failed" || order.status === "cancelled") {
          const short = await retakeStock(tx, productUnits(lines));
          if (short.length > 0) stockNote = `stoc insuficient după plata întârziată: ${short.join(", ")}`;
        }
      } else if (to === "failed" || to === "cancelled") {
        // The units go back on the shelf (they were taken at checkout).
        await releaseStock(tx, productUnits(lines));
        await tx
          .update(enrollments)
          .set({ paymentStatus: "failed" })
          .where(and(inArray(enrollments.orderLineId, lineIds), eq(enrollments.paymentStatus, "pending")));
      } else if (to === "refunded") {
        // Only the access this order paid for: an enrolment another order paid stays open.
        const revoked = await tx
          .update(enrollments)
          .set({ paymentStatus: "refunded" })
          .where(inArray(enrollments.orderLineId, lineIds))
          .returning({ id: enrollments.id });
        accessClosed = revoked.length > 0;
      }
    }
    const late = order.status === "cancelled" && to === "paid" ? "plată primită după anularea comenzii" : "";
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: order.status,
      toStatus: to,
      source: context.source,
      actorUserId: context.actorUserId ?? null,
      note: [context.note, late, stockNote].filter(Boolean).join("; "),
    });
    if (doublePaid.length > 0) {
      await tx.insert(orderEvents).values({
        orderId,
        fromStatus: to,
        toStatus: to,
        source: "system",
        note: `${DOUBLE_PAYMENT_NOTE}: ${doublePaid.join(", ")} – cursantul avea deja acces prin altă comandă.`,
      });
    }
    const invoice = await issueForTransition(tx, updated, to, now);
    const attachments = invoice ? [{ kind: "invoice" as const, id: invoice.id }] : [];
    const forMail = to === "paid" ? await mailWithSessions(tx, updated, lines) : toMailShape(updated, lines);
    if (to === "paid") {
      await enqueueMail(tx, { ...paymentConfirmedMail(forMail, doublePaid), attachments });
      if (doublePaid.length > 0) await enqueueMail(tx, doublePaymentBusinessMail(forMail, doublePaid));
    } else if (to === "cancelled") await enqueueMail(tx, orderCancelledMail(forMail, "cancelled"));
    else if (to === "failed") await enqueueMail(tx, orderCancelledMail(forMail, "failed"));
    else if (to === "refunded") await enqueueMail(tx, { ...orderCancelledMail(forMail, "refunded", accessClosed), attachments });
    return { ok: true, changed: true, order: updated, doublePaid };
  };
  if (executor) return run(executor);
  const result = await getDb().transaction(run);
  if (result.ok && result.changed) kickOutbox();
  return result;
}

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────

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

/** The columns of an order in the admin's lists (orders, "De expediat"). */
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
};

export async function listOrdersForAdmin(filter: OrderFilter, limit = 200) {
  const statuses = ORDER_FILTERS[filter];
  return getDb()
    .select({ ...ADMIN_ORDER_COLUMNS, refundDue: refundDueSql })
    .from(orders)
    .where(statuses ? inArray(orders.status, [...statuses]) : undefined)
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** "De expediat": paid orders whose products are still to prepare, oldest first. */
export async function listOrdersToShip(limit = 200) {
  return getDb()
    .select(ADMIN_ORDER_COLUMNS)
    .from(orders)
    .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(and(eq(orders.status, "paid"), eq(orderDeliveries.status, "to_prepare")))
    .orderBy(asc(orders.paidAt), desc(orders.createdAt))
    .limit(limit);
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
