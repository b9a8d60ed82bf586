/**
 * Diplomas (docs/product.md §2 "Felicitări!" and the certificate screen): one row per completed
 * enrolment, created once with a random verification code, holder name and course title as
 * they were at completion. The public check (/diploma/:code) shows only holder, course, date.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { courses, diplomas, enrollments, users } from "../../db/schema";
import { todayInBucharest } from "~/lib/dates";
import { diplomaCodeFrom, normalizeDiplomaCode } from "~/lib/diploma";

export interface Diploma {
  code: string;
  holderName: string;
  courseTitle: string;
  /** Calendar date YYYY-MM-DD (Bucharest). */
  completedOn: string;
  issuedAt: Date;
}

const diplomaColumns = {
  code: diplomas.code,
  holderName: diplomas.holderName,
  courseTitle: diplomas.courseTitle,
  completedOn: diplomas.completedOn,
  issuedAt: diplomas.issuedAt,
};

export function newDiplomaCode(): string {
  return diplomaCodeFrom(randomBytes(10));
}

/**
 * The enrolment's diploma, created if missing (idempotent: the enrolment id is unique). A code
 * collision (50 random bits: practically never) is retried with a new code.
 */
export async function ensureDiploma(
  executor: Executor,
  input: { enrollmentId: string; holderName: string; courseTitle: string; completedAt: Date },
  makeCode: () => string = newDiplomaCode,
): Promise<Diploma> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await executor.select(diplomaColumns).from(diplomas).where(eq(diplomas.enrollmentId, input.enrollmentId)).limit(1);
    if (existing) return existing;
    await executor
      .insert(diplomas)
      .values({
        code: makeCode(),
        enrollmentId: input.enrollmentId,
        holderName: input.holderName.trim() || "Cursant",
        courseTitle: input.courseTitle,
        completedOn: todayInBucharest(input.completedAt),
      })
      .onConflictDoNothing();
  }
  throw new Error("could not issue a diploma code");
}

/** Public verification: the diploma with this code (typed in any case or grouping), or null. */
export async function findDiplomaByCode(value: string | null | undefined): Promise<Diploma | null> {
  const code = normalizeDiplomaCode(value);
  if (!code) return null;
  const [row] = await getDb().select(diplomaColumns).from(diplomas).where(eq(diplomas.code, code)).limit(1);
  return row ?? null;
}

export type CertificateResult =
  | { ok: true; diploma: Diploma; courseId: number }
  | { ok: false; reason: "not-found" | "no-enrollment" | "pending" | "closed" | "not-finished" };

/**
 * The certificate of the user's own enrolment in an online course: only when the course is
 * finished and the enrolment confirmed (an expired access keeps its diploma; a refunded one
 * loses the course area, though a diploma issued before stays valid at /diploma/:code).
 * Issues the diploma if the enrolment reached 100% without one.
 */
export async function certificateFor(userId: string, courseId: number): Promise<CertificateResult> {
  const [row] = await getDb()
    .select({
      enrollmentId: enrollments.id,
      paymentStatus: enrollments.paymentStatus,
      progress: enrollments.progress,
      completedAt: enrollments.completedAt,
      holderName: users.name,
      courseTitle: courses.title,
      published: courses.isPublished,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.courseType, "online")))
    .limit(1);
  if (!row) return { ok: false, reason: "no-enrollment" };
  if (row.paymentStatus === "pending") return { ok: false, reason: "pending" };
  if (row.paymentStatus !== "confirmed") return { ok: false, reason: "closed" };
  if (row.progress < 100 || !row.completedAt) return { ok: false, reason: "not-finished" };
  const diploma = await ensureDiploma(getDb(), {
    enrollmentId: row.enrollmentId,
    holderName: row.holderName,
    courseTitle: row.courseTitle,
    completedAt: row.completedAt,
  });
  return { ok: true, diploma, courseId };
}
