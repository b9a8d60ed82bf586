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
 * - Occupancy of the next in-person sessions: physical courses whose next session is today or
 *   later. The catalogue has neither a number of places nor enrolments per session, so each
 *   course shows its students with a confirmed payment and those whose transfer is awaited.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, enrollments, invoices, orders, users } from "../../db/schema";
import { monthInBucharest, monthsEndingWith, shiftMonth, todayInBucharest } from "~/lib/dates";
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

export async function upcomingSessions(today: string, limit = SESSIONS_LIMIT): Promise<SessionOccupancy[]> {
  const db = getDb();
  const upcoming = await db
    .select({ courseId: courses.id, title: courses.title, sessionOn: courses.nextSessionOn, isPublished: courses.isPublished })
    .from(courses)
    .where(and(eq(courses.kind, "physical"), gte(courses.nextSessionOn, today)))
    .orderBy(asc(courses.nextSessionOn), asc(courses.position), asc(courses.id))
    .limit(limit);
  if (upcoming.length === 0) return [];
  const counts = await db
    .select({ courseId: enrollments.courseId, status: enrollments.paymentStatus, n: count() })
    .from(enrollments)
    .where(and(inArray(enrollments.courseId, upcoming.map((c) => c.courseId)), inArray(enrollments.paymentStatus, ["confirmed", "pending"])))
    .groupBy(enrollments.courseId, enrollments.paymentStatus);
  const countOf = (courseId: number, status: string) => Number(counts.find((c) => c.courseId === courseId && c.status === status)?.n ?? 0);
  return upcoming.map((c) => ({
    ...c,
    sessionOn: c.sessionOn!,
    confirmed: countOf(c.courseId, "confirmed"),
    pending: countOf(c.courseId, "pending"),
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
