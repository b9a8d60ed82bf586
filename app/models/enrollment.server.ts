/**
 * Enrolments: what a user is enrolled in, with payment status and progress (SPEC §2 Account
 * page, §4). One query with a join (no N+1).
 */
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
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
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  return rows.map(({ option, ...row }) => ({ ...row, balanceBani: Math.max(0, option.fullAmountBani - option.amountBani) }));
}
