/**
 * A chapter marked completed by an API client (docs/product.md §7 PATCH /enroll/{id}/chapter-progress).
 * The same rules as the player: the enrolment is found only through its owner, and every
 * lesson of the chapter is completed with `completeLesson` (unlocked chapter, watch rule,
 * confirmed and unexpired enrolment). A posted progress or chapter count is never read.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { enrollments } from "../../db/schema";
import { lessonKey } from "~/lib/progress";
import { completeLesson, loadPlayer, type CompleteResult } from "~/models/lesson.server";

export type ChapterResult =
  | { ok: true; courseId: number; progress: number }
  | Exclude<CompleteResult, { ok: true }>;

/** The user's own online enrolment by id (another user's is "not found"). */
export async function findOwnOnlineEnrollment(userId: string, enrollmentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(enrollmentId)) return null;
  const [row] = await getDb()
    .select({ id: enrollments.id, courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.userId, userId), eq(enrollments.courseType, "online")))
    .limit(1);
  return row ?? null;
}

export async function completeChapter(userId: string, enrollmentId: string, chapterId: number, now: Date = new Date()): Promise<ChapterResult> {
  const enrollment = await findOwnOnlineEnrollment(userId, enrollmentId);
  if (!enrollment) return { ok: false, reason: "not-found" };
  const player = await loadPlayer(userId, enrollment.courseId, now);
  if (player.kind === "not-found" || player.kind === "no-enrollment") return { ok: false, reason: "not-found" };
  if (player.kind !== "open") return { ok: false, reason: player.kind };
  const chapter = player.state.chapters.find((c) => c.chapterId === chapterId);
  if (!chapter) return { ok: false, reason: "not-found" };
  if (!chapter.unlocked) return { ok: false, reason: "locked" };
  let progress = player.state.progress;
  for (const lesson of chapter.lessons) {
    if (lesson.completed) continue;
    const result = await completeLesson({ userId, courseId: enrollment.courseId, lessonKey: lessonKey(lesson), enrollmentId, now });
    if (!result.ok) return result;
    progress = result.progress;
  }
  return { ok: true, courseId: enrollment.courseId, progress };
}
