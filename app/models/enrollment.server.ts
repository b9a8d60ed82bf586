/**
 * Enrolments: what a user is enrolled in, with payment status and progress (docs/product.md §2 Account
 * page, §4). One query with a join (no N+1).
 */
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { getConfig } from "~/config.server";
import { and, ne } from "drizzle-orm";
import { courseSessions, courses, diplomas, enrollments, sessionSeats, type CourseKind, type PaymentStatus } from "../../db/schema";
import { formatSessionDays } from "~/lib/sessions";
import { placeOf } from "~/models/course-session.server";
import { todayInBucharest } from "~/lib/dates";

const DAY_MS = 86_400_000;

/**
 * The student's own move (README "In-person sessions"): always from a session the academy
 * cancelled; otherwise once, at least 7 days before its start (moveSeat enforces the same).
 */
export function studentMayMove(session: { state: string; startsOn: string }, alreadyMoved: boolean, today: string): boolean {
  if (session.state === "cancelled") return true;
  const daysLeft = (Date.parse(`${session.startsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return !alreadyMoved && daysLeft >= 7;
}

export interface AccountEnrollment {
  id: string;
  courseId: number;
  courseTitle: string;
  courseType: CourseKind;
  paymentStatus: PaymentStatus;
  progress: number;
  /** Chapters completed in the player (online courses). */
  completedChapters: number[];
  enrolledAt: Date;
  /** The diploma's verification code, once issued (in-person: attended every day). */
  diplomaCode: string | null;
  /** Physical course bought with the advance: what is left to pay at the course. */
  balanceBani: number;
  /** Physical course: when (the course's next session; null = not set yet) and where it takes place. */
  session: {
    startsOn: string | null;
    place: string;
    when?: string;
    hours?: string;
    sessionId?: number;
    seatId?: string;
    movedByStudent?: boolean;
    /** The academy cancelled the session: the student moves to another one or asks for the money back. */
    cancelled?: boolean;
    /** The student may move to another session from /cont (cancelled, or their one free move 7+ days before). */
    canMove?: boolean;
  } | null;
}

export async function listEnrollmentsForUser(userId: string): Promise<AccountEnrollment[]> {
  const rows = await getDb()
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      courseType: enrollments.courseType,
      paymentStatus: enrollments.paymentStatus,
      progress: enrollments.progress,
      completedChapters: enrollments.completedChapters,
      enrolledAt: enrollments.createdAt,
      option: enrollments.optionSnapshot,
      nextSessionOn: courses.nextSessionOn,
      seat: { id: sessionSeats.id, movedByStudentAt: sessionSeats.movedByStudentAt },
      courseSession: courseSessions,
      diplomaCode: diplomas.code,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    // The place this enrolment's order line holds (same query: the account page's budget).
    .leftJoin(sessionSeats, and(eq(sessionSeats.orderLineId, enrollments.orderLineId), ne(sessionSeats.status, "released")))
    .leftJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .leftJoin(diplomas, eq(diplomas.enrollmentId, enrollments.id))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  // The courses take place in the academy's room: its address is the business address.
  const place = getConfig().business.address;
  return rows.map(({ option, nextSessionOn, seat, courseSession, ...row }) => ({
    ...row,
    balanceBani: Math.max(0, option.fullAmountBani - option.amountBani),
    session:
      row.courseType !== "physical"
        ? null
        : courseSession && seat
          ? {
              startsOn: courseSession.startsOn,
              place: placeOf(courseSession),
              when: formatSessionDays(courseSession.dates),
              hours: `${courseSession.startTime}–${courseSession.endTime}`,
              sessionId: courseSession.id,
              seatId: seat.id,
              movedByStudent: seat.movedByStudentAt !== null,
              cancelled: courseSession.state === "cancelled",
              canMove: studentMayMove(courseSession, seat.movedByStudentAt !== null, todayInBucharest()),
            }
          : { startsOn: nextSessionOn, place },
  }));
}

/** The user's open waitlist entries, for /cont (re-exported so the account route imports one model module). */
export { waitlistEntriesForUser } from "~/models/session-waitlist.server";
