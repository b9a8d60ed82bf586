/**
 * Order status transitions (docs/product.md §4): confirm a payment, cancel, fail, refund. Shared by the admin
 * (bank transfer, the order page's buttons) and the card notifications (IPN). Each transition is
 * one transaction (or the caller's): the order, its enrolments, the product units, the order
 * events, the invoice or credit note and the queued e-mails.
 */
import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client";
import { enrollments, orderEvents, orderLines, orders, type OrderStatus } from "../../db/schema";
import { issueForTransition } from "~/models/invoice.server";
import { accessUntil, optionSnapshotOf, type OrderLineRow, type OrderRow } from "~/models/order.server";
import {
  doublePaymentBusinessMail,
  mailWithSessions,
  orderCancelledMail,
  paymentConfirmedMail,
  toMailShape,
} from "~/models/order-mail.server";
import { releaseStock, retakeStock } from "~/models/product.server";
import { confirmSeatsOfLines, releaseSeatsOfLines } from "~/models/course-session.server";
import { offerFreedPlaces } from "~/models/session-waitlist.server";
import { seatIcsRefs } from "~/models/session-calendar.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";

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
        ...(otherOrder ? { orderLineId: line.id, optionSnapshot: optionSnapshotOf(line), updatedAt: now } : {}),
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
    let seatNote = "";
    if (lineIds.length > 0) {
      if (to === "paid") {
        doublePaid = await confirmEnrolments(tx, order, lines, now);
        // In-person sessions: the held places are taken for good (a lapsed hold is taken again if a place is left).
        const noSeat = await confirmSeatsOfLines(tx, lines, order.userId);
        if (noSeat.length > 0) seatNote = `fără loc liber la sesiune după plata întârziată: ${noSeat.join(", ")}`;
        // Money arrived after the units were given back (late card payment): take them again.
        if (order.status === "failed" || order.status === "cancelled") {
          const short = await retakeStock(tx, productUnits(lines));
          if (short.length > 0) stockNote = `stoc insuficient după plata întârziată: ${short.join(", ")}`;
        }
      } else if (to === "failed" || to === "cancelled") {
        // The units go back on the shelf (they were taken at checkout), the places to their sessions.
        await releaseStock(tx, productUnits(lines));
        const freed = await releaseSeatsOfLines(tx, lineIds, to === "failed" ? "plată eșuată" : "comandă anulată", now);
        // A freed place goes to the first on the session's waitlist.
        await offerFreedPlaces(tx, freed.map((s) => s.sessionId), now);
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
        const freed = await releaseSeatsOfLines(tx, lineIds, "plată rambursată", now);
        await offerFreedPlaces(tx, freed.map((s) => s.sessionId), now);
      }
    }
    const late = order.status === "cancelled" && to === "paid" ? "plată primită după anularea comenzii" : "";
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: order.status,
      toStatus: to,
      source: context.source,
      actorUserId: context.actorUserId ?? null,
      note: [context.note, late, stockNote, seatNote].filter(Boolean).join("; "),
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
      // In-person sessions: the calendar invitation of each place (sent with the confirmation).
      const calendars = await seatIcsRefs(tx, lines.filter((l) => l.sessionId !== null).map((l) => l.id));
      await enqueueMail(tx, { ...paymentConfirmedMail(forMail, doublePaid), attachments: [...attachments, ...calendars] });
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

function productUnits(lines: OrderLineRow[]) {
  return lines.filter((l) => l.productId !== null).map((l) => ({ productId: l.productId!, quantity: l.quantity, title: l.title }));
}
