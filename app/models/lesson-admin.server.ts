/**
 * Admin writes for online lessons (SPEC §3 Online lesson): saved with their course, in the
 * course's transaction. A lesson is identified by (chapterId, lessonId) within its course:
 * an existing pair is updated in place (progress kept), a new pair is inserted, and a lesson no
 * longer in the form is deleted (its lesson_progress rows go with it, FK cascade).
 * (The lesson player's reads live in lesson.server.ts, owned by the player issue.)
 */
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { lessons } from "../../db/schema";
import type { LessonInput } from "~/lib/validation/admin-course";

export async function listLessonsForAdmin(courseId: number, executor: Executor = getDb()): Promise<LessonInput[]> {
  return executor
    .select({
      chapterId: lessons.chapterId,
      lessonId: lessons.lessonId,
      title: lessons.title,
      explanation: lessons.explanation,
      isPublished: lessons.isPublished,
      videoKey: lessons.videoKey,
      pdfKey: lessons.pdfKey,
      videoDurationSeconds: lessons.videoDurationSeconds,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.chapterId), asc(lessons.lessonId));
}

/** Makes the course's lessons exactly `input` (upsert by chapter and lesson number). */
export async function saveLessons(tx: Executor, courseId: number, input: LessonInput[]): Promise<void> {
  const pairs = input.map((l) => `${l.chapterId}/${l.lessonId}`);
  await tx
    .delete(lessons)
    .where(
      pairs.length
        ? and(eq(lessons.courseId, courseId), notInArray(sql`${lessons.chapterId} || '/' || ${lessons.lessonId}`, pairs))
        : eq(lessons.courseId, courseId),
    );
  for (const lesson of input) {
    const values = {
      title: lesson.title,
      explanation: lesson.explanation,
      isPublished: lesson.isPublished,
      videoKey: lesson.videoKey,
      pdfKey: lesson.pdfKey,
      videoDurationSeconds: lesson.videoDurationSeconds,
    };
    await tx
      .insert(lessons)
      .values({ courseId, chapterId: lesson.chapterId, lessonId: lesson.lessonId, ...values })
      .onConflictDoUpdate({ target: [lessons.courseId, lessons.chapterId, lessons.lessonId], set: values });
  }
}
