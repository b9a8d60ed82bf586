/**
 * The roster of an in-person session (issue 28): who comes (payment, diploma option), its CSV,
 * and the attendance the trainer marks, which gives the in-person diploma. Split out of
 * session-admin.server.ts (the sessions' calendar, saves, states and moves).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courseSessions, courses, diplomas, enrollments, orderLines, orders, sessionSeats, users } from "../../db/schema";
import { ensureDiploma } from "~/models/diploma.server";
import { SESSION_ADMIN_MESSAGES, type AdminResult } from "~/models/session-admin.server";

export const PAYMENT_LABELS = {
  manual: "Adăugat manual (neplătit)",
  paid: "Plătit",
  advance: "Avans plătit",
  held: "Rezervat – așteaptă plata",
  offer: "Oferit din lista de așteptare – așteaptă comanda",
} as const;

/** Who comes to a session: every active seat with the student's name, phone, payment and diploma option. */
export async function sessionRoster(sessionId: number) {
  const rows = await getDb()
    .select({
      seat: sessionSeats,
      name: users.name,
      email: users.email,
      phone: users.phone,
      accreditation: orderLines.accreditation,
      advancePayment: orderLines.advancePayment,
      reference: orders.reference,
      orderStatus: orders.status,
      diplomaCode: diplomas.code,
    })
    .from(sessionSeats)
    .innerJoin(users, eq(users.id, sessionSeats.userId))
    .leftJoin(orderLines, eq(orderLines.id, sessionSeats.orderLineId))
    .leftJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(enrollments, eq(enrollments.orderLineId, sessionSeats.orderLineId))
    .leftJoin(diplomas, eq(diplomas.enrollmentId, enrollments.id))
    .where(and(eq(sessionSeats.sessionId, sessionId), ne(sessionSeats.status, "released")))
    .orderBy(asc(users.name), asc(sessionSeats.createdAt));
  return rows.map((r) => ({
    seatId: r.seat.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    manual: r.seat.manual,
    status: r.seat.status,
    payment: r.seat.waitlistOffer
      ? PAYMENT_LABELS.offer
      : r.seat.manual
        ? PAYMENT_LABELS.manual
      : r.seat.status === "held"
        ? PAYMENT_LABELS.held
        : r.advancePayment
          ? PAYMENT_LABELS.advance
          : PAYMENT_LABELS.paid,
    diploma: r.accreditation ? "Diplomă acreditată" : "Fără acreditare",
    reference: r.reference,
    heldUntil: r.seat.heldUntil,
    attendance: r.seat.attendance,
    waitlistOffer: r.seat.waitlistOffer,
    diplomaIssued: r.diplomaCode !== null,
  }));
}

function csvCell(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: quote it away.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The roster as CSV (UTF-8 with BOM, so that a spreadsheet reads the diacritics). */
export function rosterCsv(roster: Awaited<ReturnType<typeof sessionRoster>>): string {
  const header = ["Nume", "Telefon", "E-mail", "Plată", "Diplomă", "Comandă"];
  const lines = roster.map((r) => [r.name, r.phone, r.email, r.payment, r.diploma, r.reference ?? ""].map(csvCell).join(","));
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/**
 * The trainer marks which days a student attended (the roster's attendance form). Attendance
 * feeds the diploma: a paid student (not a hold, not one added by hand without an order) marked
 * present on every day of the session gets their diploma, issued once (diploma.server
 * ensureDiploma); a correction that unmarks a day withdraws a diploma issued that way.
 */
export async function markAttendance(seatId: string, days: string[], now = new Date()): Promise<AdminResult & { diploma?: boolean }> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ seat: sessionSeats, session: courseSessions, courseTitle: courses.title, name: users.name })
      .from(sessionSeats)
      .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .innerJoin(users, eq(users.id, sessionSeats.userId))
      .where(eq(sessionSeats.id, seatId))
      .for("update", { of: sessionSeats });
    if (!row || row.seat.status === "released" || row.seat.waitlistOffer) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.seatNotFound } as const;
    const attended = row.session.dates.filter((d) => days.includes(d));
    await tx.update(sessionSeats).set({ attendance: attended }).where(eq(sessionSeats.id, seatId));
    const everyDay = attended.length === row.session.dates.length;
    const [enrolment] = row.seat.orderLineId
      ? await tx.select({ id: enrollments.id, paymentStatus: enrollments.paymentStatus }).from(enrollments).where(eq(enrollments.orderLineId, row.seat.orderLineId))
      : [];
    if (!enrolment) return { ok: true, message: SESSION_ADMIN_MESSAGES.attendance, id: row.session.id } as const;
    if (everyDay && row.seat.status === "taken" && enrolment.paymentStatus === "confirmed") {
      await ensureDiploma(tx, { enrollmentId: enrolment.id, holderName: row.name, courseTitle: row.courseTitle, completedAt: now });
      return { ok: true, message: SESSION_ADMIN_MESSAGES.attendanceDiploma, id: row.session.id, diploma: true } as const;
    }
    await tx.delete(diplomas).where(eq(diplomas.enrollmentId, enrolment.id));
    return { ok: true, message: SESSION_ADMIN_MESSAGES.attendance, id: row.session.id, diploma: false } as const;
  });
}
