/**
 * Enrolments: what a user is enrolled in, with payment status and progress (SPEC §2 Account
 * page, §4). One query with a join (no N+1).
 */
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { getConfig } from "~/config.server";
import { courses, enrollments, type CourseKind, type PaymentStatus } from "../../db/schema";

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
  /** Physical course bought with the advance: what is left to pay at the course. */
  balanceBani: number;
  /** Physical course: when (the course's next session; null = not set yet) and where it takes place. */
  session: { startsOn: string | null; place: string } | null;
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
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  // The courses take place in the academy's room: its address is the business address.
  const place = getConfig().business.address;
  return rows.map(({ option, nextSessionOn, ...row }) => ({
    ...row,
    balanceBani: Math.max(0, option.fullAmountBani - option.amountBani),
    session: row.courseType === "physical" ? { startsOn: nextSessionOn, place } : null,
  }));
}
