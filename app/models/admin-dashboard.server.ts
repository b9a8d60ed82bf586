/**
 * The admin dashboard's figures (/admin), read in one place:
 *
 * - Revenue ("Încasări") is what the invoices say: every invoice issued in a month (full
 *   invoices, advances and the final invoices of a rest collected at the course) minus the
 *   credit notes of refunds, VAT included, by the invoice's date (a Bucharest calendar date).
 *   Invoices are issued in the same transaction that records a payment (`issueForTransition`,
 *   `collectRest`), so this is the money received, net of refunds; a free order (0 RON) has no
 *   invoice and adds nothing.
 * - Orders awaiting a bank transfer: status `awaiting_transfer`, the longest-waiting first.
 * - New enrolments: enrolments whose payment was confirmed in the last 30 days and still is.
 * - Occupancy of the next in-person sessions: the coming sessions (starting today or later, not
 *   cancelled), soonest first, each with its places from the seat rows (session_seats): „ocupate”
 *   are `taken` (paid, or added by the admin), „rezervate” are `held` (an order awaiting its
 *   transfer or card result, or a place offered from the waitlist); released seats (cancelled,
 *   failed, refunded orders, students moved away, holds run out) count nowhere. Beside them the
 *   capacity and the students still waiting in line (`waiting`; an `offered` one already holds a
 *   seat). The held and taken seats are the same places the checkout's counter counts.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courseSessions, courses, enrollments, invoices, orders, sessionSeats, sessionWaitlist, users } from "../../db/schema";
import { monthInBucharest, monthsEndingWith, shiftMonth, todayInBucharest } from "~/lib/dates";
import { formatSessionDays } from "~/lib/sessions";
import type { AwaitingOrder, Dashboard, NewEnrolment, SessionOccupancy } from "~/lib/admin-dashboard-views";
import type { MonthTotal } from "~/lib/sales-chart";

export type { AwaitingOrder, Dashboard, NewEnrolment, SessionOccupancy };

export const DASHBOARD_MONTHS = 12;
export const NEW_ENROLMENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const LATEST_ENROLMENTS = 5;
const AWAITING_LIMIT = 20;
const SESSIONS_LIMIT = 6;

/** Invoice totals per Bucharest month (YYYY-MM) for the `count` months ending with `last`. */
export async function revenueByMonth(last: string, count = DASHBOARD_MONTHS): Promise<MonthTotal[]> {
  const months = monthsEndingWith(last, count);
  const month = sql<string>`to_char(${invoices.issuedOn}, 'YYYY-MM')`;
  const rows = await getDb()
    .select({ month, totalBani: sql<number>`coalesce(sum(${invoices.totalBani}), 0)::int` })
    .from(invoices)
    .where(and(gte(invoices.issuedOn, `${months[0]}-01`), lt(invoices.issuedOn, `${shiftMonth(last, 1)}-01`)))
    .groupBy(month);
  const totals = new Map(rows.map((r) => [r.month, Number(r.totalBani)]));
  return months.map((m) => ({ month: m, totalBani: totals.get(m) ?? 0 }));
}

export async function ordersAwaitingTransfer(limit = AWAITING_LIMIT): Promise<{ count: number; orders: AwaitingOrder[] }> {
  const db = getDb();
  const where = eq(orders.status, "awaiting_transfer");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        billingName: orders.billingName,
        billingEmail: orders.billingEmail,
        totalBani: orders.totalBani,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.number))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { count: Number(total?.n ?? 0), orders: rows };
}

export async function newEnrolments(now: Date, days = NEW_ENROLMENT_DAYS): Promise<Dashboard["newEnrolments"]> {
  const db = getDb();
  const where = and(eq(enrollments.paymentStatus, "confirmed"), gte(enrollments.confirmedAt, new Date(now.getTime() - days * DAY_MS)));
  const [latest, [total]] = await Promise.all([
    db
      .select({
        id: enrollments.id,
        studentName: users.name,
        studentEmail: users.email,
        courseTitle: courses.title,
        courseType: enrollments.courseType,
        confirmedAt: enrollments.confirmedAt,
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(where)
      .orderBy(desc(enrollments.confirmedAt), desc(enrollments.id))
      .limit(LATEST_ENROLMENTS),
    db.select({ n: count() }).from(enrollments).where(where),
  ]);
  return { count: Number(total?.n ?? 0), days, latest: latest.map((row) => ({ ...row, confirmedAt: row.confirmedAt! })) };
}

/** The coming sessions (not cancelled), soonest first, with their places per seat status and their waitlist. */
export async function upcomingSessions(today: string, limit = SESSIONS_LIMIT): Promise<SessionOccupancy[]> {
  const db = getDb();
  const coming = await db
    .select({ session: courseSessions, title: courses.title, isPublished: courses.isPublished })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(gte(courseSessions.startsOn, today), ne(courseSessions.state, "cancelled")))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.startTime), asc(courseSessions.id))
    .limit(limit);
  if (coming.length === 0) return [];
  const ids = coming.map((c) => c.session.id);
  const [seats, waiting] = await Promise.all([
    db
      .select({ sessionId: sessionSeats.sessionId, status: sessionSeats.status, n: count() })
      .from(sessionSeats)
      .where(and(inArray(sessionSeats.sessionId, ids), ne(sessionSeats.status, "released")))
      .groupBy(sessionSeats.sessionId, sessionSeats.status),
    db
      .select({ sessionId: sessionWaitlist.sessionId, n: count() })
      .from(sessionWaitlist)
      .where(and(inArray(sessionWaitlist.sessionId, ids), eq(sessionWaitlist.status, "waiting")))
      .groupBy(sessionWaitlist.sessionId),
  ]);
  const seatsOf = (sessionId: number, status: string) => Number(seats.find((s) => s.sessionId === sessionId && s.status === status)?.n ?? 0);
  return coming.map(({ session, title, isPublished }) => ({
    sessionId: session.id,
    courseId: session.courseId,
    title,
    isPublished,
    startsOn: session.startsOn,
    endsOn: session.endsOn,
    when: formatSessionDays(session.dates),
    hours: `${session.startTime}–${session.endTime}`,
    state: session.state,
    capacity: session.capacity,
    taken: seatsOf(session.id, "taken"),
    held: seatsOf(session.id, "held"),
    waitlist: Number(waiting.find((w) => w.sessionId === session.id)?.n ?? 0),
  }));
}

export async function getDashboard(now: Date = new Date()): Promise<Dashboard> {
  const current = monthInBucharest(now);
  const [months, awaitingTransfer, enrolments, sessions] = await Promise.all([
    revenueByMonth(current),
    ordersAwaitingTransfer(),
    newEnrolments(now),
    upcomingSessions(todayInBucharest(now)),
  ]);
  return {
    thisMonth: months[months.length - 1],
    lastMonth: months[months.length - 2],
    months,
    awaitingTransfer,
    newEnrolments: enrolments,
    sessions,
  };
}
