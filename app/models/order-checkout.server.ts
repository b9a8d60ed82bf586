/**
 * Checkout: placing an order from the buyer's cart. One transaction writes the order, its lines,
 * the product units taken and their delivery, the enrolments, the emptied cart, the first order
 * event and the queued e-mails.
 *
 * One order per checkout: the idempotency key is the cart's version (it changes whenever the
 * cart's contents change), protected by a unique constraint. A double click, two tabs or a
 * replayed POST find the same key and get the same order back.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { cartLines, enrollments, orderEvents, orderLines, orders, users, type OrderStatus, type PaymentMethod, type PaymentStatus } from "../../db/schema";
import { CHECKOUT_MESSAGES, type CheckoutInput } from "~/lib/validation/checkout";
import { hasPostalInput, postalOf } from "~/lib/validation/postal-address";
import { columnsOfPostal, samePostal } from "~/lib/address";
import { DELIVERY_MESSAGES } from "~/lib/validation/delivery";
import { getCart, type CartView } from "~/models/cart-view.server";
import { createOrderDelivery, deliveryLine } from "~/models/delivery.server";
import { buyerSnapshotOf } from "~/models/invoice.server";
import { accessUntil, optionSnapshotOf, type OrderRow } from "~/models/order.server";
import { mailWithSessions, orderPlacedBusinessMail, orderPlacedMail, toMailShape } from "~/models/order-mail.server";
import { reserveStock, STOCK_MESSAGES } from "~/models/product.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";
import { getConfig } from "~/config.server";
import { todayInBucharest } from "~/lib/dates";
import { formatSessionDays, SESSION_MESSAGES } from "~/lib/sessions";
import { sellable, takeSeat } from "~/models/course-session.server";
import { claimOfferedSeat } from "~/models/session-waitlist.server";
import { seatIcsRefs } from "~/models/session-calendar.server";

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; // no 0/O, 1/I/L

/** The public order reference derived from the checkout key: "CMD-" + 8 unambiguous characters. */
export function referenceFromKey(key: string): string {
  const digest = createHash("sha256").update(`order-ref:${key}`).digest();
  let out = "";
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[digest[i] % REFERENCE_ALPHABET.length];
  return `CMD-${out}`;
}

export type CheckoutField = "address" | "acceptTerms" | "digitalConsent" | "withdrawalWaiver" | "earlyStart" | "cart" | "delivery";

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
    // The last places of a session went to other buyers meanwhile: say which session.
    const seat = cart.lines.find((l) => l.sessionProblem);
    if (seat?.session && !sellable(seat.session, todayInBucharest()) && seat.session.state !== "closed" && seat.session.state !== "cancelled") {
      return new CheckoutError(SESSION_MESSAGES.soldOut(seat.title ?? "", formatSessionDays(seat.session.dates)));
    }
    if (seat) return new CheckoutError(seat.problem ?? CHECKOUT_MESSAGES.lineProblems);
    // Sold out meanwhile (another buyer took the last units): say which product.
    const stock = cart.lines.find((l) => l.problem && l.stock !== null && l.quantity > l.stock);
    return new CheckoutError(stock?.problem ?? CHECKOUT_MESSAGES.lineProblems);
  }
  if (!address.trim()) return new CheckoutError(CHECKOUT_MESSAGES.address, "address");
  if (cart.needsDelivery && !cart.delivery) return new CheckoutError(DELIVERY_MESSAGES.missing, "delivery");
  if (!input.acceptTerms) return new CheckoutError(CHECKOUT_MESSAGES.terms, "acceptTerms");
  if (cart.hasOnline && !input.digitalConsent) return new CheckoutError(CHECKOUT_MESSAGES.digitalConsent, "digitalConsent");
  if (cart.hasOnline && !input.withdrawalWaiver) return new CheckoutError(CHECKOUT_MESSAGES.withdrawalWaiver, "withdrawalWaiver");
  if (cart.earlyStart.length > 0 && !input.earlyStart) return new CheckoutError(CHECKOUT_MESSAGES.earlyStart, "earlyStart");
  if (paymentMethodFor(cart, input) === "card" && !cardAvailable) return new CheckoutError(CHECKOUT_MESSAGES.cardUnavailable);
  return null;
}

export async function placeOrder(userId: string, input: CheckoutInput, options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const now = options.now ?? new Date();
  try {
    const result = await getDb().transaction(async (tx) => {
      const cart = await getCart(userId, tx);
      if (cart.lines.length === 0) return replayOrEmpty(tx, userId, input.cartVersion);
      const { user, billing, address } = await checkCartAndBilling(tx, userId, cart, input, options.cardAvailable);
      const method = paymentMethodFor(cart, input);
      const status: OrderStatus = method === "free" ? "paid" : method === "card" ? "awaiting_payment" : "awaiting_transfer";

      const order = await insertOrder(tx, { userId, cart, user, billing, address, method, status, now });
      if (!order) {
        // The same checkout was committed meanwhile (double click, second tab).
        const existing = await findOrderByKey(tx, userId, cart.version);
        if (!existing) throw new CheckoutError(CHECKOUT_MESSAGES.failed);
        return { order: existing, created: false };
      }

      const insertedLines = await insertOrderLines(tx, order.id, cart);
      await takeSeats(tx, { userId, cart, lines: insertedLines, method, now });
      await takeProducts(tx, order.id, cart, insertedLines);
      await enrolInCourses(tx, { userId, lines: insertedLines, method, now });

      await tx.delete(cartLines).where(eq(cartLines.userId, userId));
      await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: null, toStatus: status, source: "checkout", actorUserId: userId });
      await queueOrderMails(tx, order, cart, insertedLines);
      return { order, created: true };
    });
    if (result.created) kickOutbox();
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof CheckoutError) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

type UserRow = typeof users.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** An empty cart: a replay of a checkout that already went through gets its order back; else the empty-cart problem. */
async function replayOrEmpty(tx: Executor, userId: string, cartVersion: string): Promise<{ order: OrderRow; created: false }> {
  const existing = await findOrderByKey(tx, userId, cartVersion);
  if (existing) return { order: existing, created: false };
  throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
}

/**
 * Reads the buyer, settles the billing address and checks every checkout rule (throws the first problem).
 * An address typed in the cart but not saved with "Salvează" is the one the buyer sees: it is used
 * and kept as the billing address, in the same transaction as the order.
 */
async function checkCartAndBilling(
  tx: Executor,
  userId: string,
  cart: CartView,
  input: CheckoutInput,
  cardAvailable: boolean,
): Promise<{ user: UserRow; billing: UserRow; address: string }> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  // The box posts the address as fields (issue 24); the schema checked they are complete.
  const typed = hasPostalInput(input) ? columnsOfPostal(postalOf(input)) : null;
  const billing = typed ? { ...user, ...typed } : user;
  const address = billing.address.trim();
  const problem = checkoutProblem(cart, address, input, cardAvailable);
  if (problem) throw problem;
  if (typed && !samePostal(typed, user)) await tx.update(users).set(typed).where(eq(users.id, userId));
  return { user, billing, address };
}

interface NewOrder {
  userId: string;
  cart: CartView;
  user: UserRow;
  billing: UserRow;
  address: string;
  method: PaymentMethod;
  status: OrderStatus;
  now: Date;
}

/** Writes the order row; undefined when a twin with the same checkout key was committed first. */
async function insertOrder(tx: Executor, { userId, cart, user, billing, address, method, status, now }: NewOrder): Promise<OrderRow | undefined> {
  const [order] = await tx
    .insert(orders)
    .values({
      reference: referenceFromKey(cart.version),
      userId,
      status,
      paymentMethod: method,
      totalBani: cart.totals.dueNowBani,
      fullTotalBani: cart.totals.fullBani,
      shippingBani: cart.totals.shippingBani,
      billingName: user.name,
      billingEmail: user.email,
      billingPhone: user.phone,
      billingAddress: address,
      buyer: buyerSnapshotOf(billing),
      idempotencyKey: cart.version,
      termsAcceptedAt: now,
      digitalContentConsentAt: cart.hasOnline ? now : null,
      withdrawalWaiverAt: cart.hasOnline ? now : null,
      earlyStartRequestedAt: cart.earlyStart.length > 0 ? now : null,
      paidAt: method === "free" ? now : null,
    })
    // No target: the reference is unique too and derived from the same key, so a concurrent
    // twin must be absorbed on either index (a targeted clause would raise on the other).
    .onConflictDoNothing()
    .returning();
  return order;
}

/** The order's lines, priced as the cart shows them. */
async function insertOrderLines(tx: Executor, orderId: string, cart: CartView): Promise<OrderLineRow[]> {
  return tx
    .insert(orderLines)
    .values(
      cart.lines.map((line, position) => ({
        orderId,
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
        sessionId: line.session?.id ?? null,
        sessionLabel: line.session?.label ?? "",
      })),
    )
    .returning();
}

interface LinesStep {
  userId: string;
  lines: OrderLineRow[];
  method: PaymentMethod;
  now: Date;
}

const DAY_MS = 86_400_000;

/**
 * In-person sessions: one place each, held until the payment (taken for good when free).
 * The conditional update queues concurrent checkouts on the session row: never overbooked.
 */
async function takeSeats(tx: Executor, { userId, cart, lines, method, now }: LinesStep & { cart: CartView }): Promise<void> {
  for (const line of lines) {
    if (line.sessionId === null) continue;
    const seat = {
      sessionId: line.sessionId,
      userId,
      orderLineId: line.id,
      status: method === "free" ? ("taken" as const) : ("held" as const),
      heldUntil: method === "bank_transfer" ? new Date(now.getTime() + getConfig().sessions.holdDays * DAY_MS) : null,
    };
    // A place offered to this buyer from the waitlist is theirs already; else one from the counter.
    const taken = (await claimOfferedSeat(tx, seat, now)) || (await takeSeat(tx, seat));
    const session = cart.lines.find((l) => l.session?.id === line.sessionId)?.session;
    if (!taken) throw new CheckoutError(SESSION_MESSAGES.soldOut(line.title, formatSessionDays(session?.dates ?? [])));
  }
}

/** Products: take the units (never oversold) and keep how they reach the buyer. */
async function takeProducts(tx: Executor, orderId: string, cart: CartView, lines: OrderLineRow[]): Promise<void> {
  if (!cart.needsDelivery || !cart.delivery) return;
  const short = await reserveStock(
    tx,
    lines.filter((l) => l.productId !== null).map((l) => ({ productId: l.productId!, quantity: l.quantity, title: l.title })),
  );
  if (short) throw new CheckoutError(STOCK_MESSAGES.notEnough(short.title, short.available));
  await createOrderDelivery(tx, orderId, cart.delivery, cart.totals.shippingBani);
}

/** Courses: one enrolment per course line, confirmed at once when the order is free. */
async function enrolInCourses(tx: Executor, { userId, lines, method, now }: LinesStep): Promise<void> {
  const courseLines = lines.filter((l) => l.category !== "product" && l.courseId !== null);
  if (courseLines.length === 0) return;
  const paymentStatus: PaymentStatus = method === "free" ? "confirmed" : "pending";
  const enrolled = await tx
    .insert(enrollments)
    .values(
      courseLines.map((line) => ({
        userId,
        courseId: line.courseId!,
        courseType: line.category as "physical" | "online",
        paymentStatus,
        optionSnapshot: optionSnapshotOf(line),
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

/** The buyer's confirmation and the academy's notice, queued in the order's transaction. */
async function queueOrderMails(tx: Executor, order: OrderRow, cart: CartView, lines: OrderLineRow[]): Promise<void> {
  const shape = order.paymentMethod === "free" ? await mailWithSessions(tx, order, lines) : toMailShape(order, lines);
  const forMail = { ...shape, deliveryText: cart.delivery ? deliveryLine(cart.delivery) : null };
  // A free order is confirmed at once: its in-person places come with their calendar invitation.
  const calendars = order.paymentMethod === "free" ? await seatIcsRefs(tx, lines.filter((l) => l.sessionId !== null).map((l) => l.id)) : [];
  await enqueueMail(tx, [{ ...orderPlacedMail(forMail), attachments: calendars }, orderPlacedBusinessMail(forMail)]);
}

async function findOrderByKey(executor: Executor, userId: string, key: string): Promise<OrderRow | undefined> {
  const [order] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), eq(orders.userId, userId)))
    .limit(1);
  return order;
}
