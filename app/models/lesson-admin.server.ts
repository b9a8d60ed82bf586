/**
 * Admin writes for online lessons (docs/product.md §3 Online lesson): saved with their course, in the
 * course's transaction. A saved lesson travels in the form with its row id, so it is updated in
 * place even when the admin moves or renumbers it (students' progress points at the row and
 * follows it); a lesson without an id (or with another course's id) is inserted; a lesson no
 * longer in the form is deleted (its lesson_progress rows go with it, FK cascade).
 * (The lesson player's reads live in lesson.server.ts, owned by the player issue.)
 *
 * Video lengths come from the server (the watch rule depends on them): `withMeasuredDurations`
 * reads each lesson video's header from storage before the save; the length the admin's browser
 * posts is used only when the server cannot read one.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { lessons } from "../../db/schema";
import type { LessonInput } from "~/lib/validation/admin-course";
import { measureVideoDuration } from "~/services/video-duration.server";

export async function listLessonsForAdmin(courseId: number, executor: Executor = getDb()): Promise<LessonInput[]> {
  return executor
    .select({
      id: lessons.id,
      chapterId: lessons.chapterId,
      lessonId: lessons.lessonId,
      title: lessons.title,
      explanation: lessons.explanation,
      isPublished: lessons.isPublished,
      videoKey: lessons.videoKey,
      pdfKey: lessons.pdfKey,
      captionsKey: lessons.captionsKey,
      transcript: lessons.transcript,
      videoDurationSeconds: lessons.videoDurationSeconds,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.chapterId), asc(lessons.lessonId));
}

/** At most this many videos are measured at once (ranged reads on storage). */
const MEASURE_CONCURRENCY = 4;

/**
 * The lessons with their video lengths decided by the server. A video is measured when its
 * lesson is new, its key changed, no length is stored, or the posted length differs from the
 * stored one (the admin edited the field): the measured length wins, the posted one is kept only
 * when the file cannot be read. An unchanged video with its stored length is not read again.
 * Lessons without a video keep what was posted (it has no effect: no video, no wait).
 */
export async function withMeasuredDurations(
  input: LessonInput[],
  saved: ReadonlyArray<Pick<LessonInput, "id" | "videoKey" | "videoDurationSeconds">>,
  measure: (key: string) => Promise<number | null> = measureVideoDuration,
): Promise<LessonInput[]> {
  const savedById = new Map(saved.map((lesson) => [lesson.id, lesson]));
  const known = (seconds: number | null | undefined): seconds is number => typeof seconds === "number" && seconds > 0;
  const toMeasure = new Set<string>();
  for (const lesson of input) {
    if (!lesson.videoKey) continue;
    const before = lesson.id === null ? undefined : savedById.get(lesson.id);
    const unchanged = before?.videoKey === lesson.videoKey && known(before.videoDurationSeconds);
    if (!unchanged || lesson.videoDurationSeconds !== before!.videoDurationSeconds) toMeasure.add(lesson.videoKey);
  }
  const measured = new Map<string, number | null>();
  const queue = [...toMeasure];
  await Promise.all(
    Array.from({ length: Math.min(MEASURE_CONCURRENCY, queue.length) }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) measured.set(key, await measure(key));
    }),
  );
  return input.map((lesson) => {
    if (!lesson.videoKey) return lesson;
    if (!toMeasure.has(lesson.videoKey)) {
      // Unchanged video, unchanged field: the stored length stays.
      return { ...lesson, videoDurationSeconds: savedById.get(lesson.id!)!.videoDurationSeconds };
    }
    const seconds = measured.get(lesson.videoKey);
    return { ...lesson, videoDurationSeconds: known(seconds) ? seconds : known(lesson.videoDurationSeconds) ? lesson.videoDurationSeconds : null };
  });
}

/** Renumbered rows are parked here first, so swapping two lessons' numbers never clashes. */
const PARKED_OFFSET = 1_000_000;

/** Makes the course's lessons exactly `input`: kept rows updated by id, new ones inserted. */
export async function saveLessons(tx: Executor, courseId: number, input: LessonInput[]): Promise<void> {
  const existing = new Set((await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId))).map((r) => r.id));
  // Each saved row is claimed once; a repeated or foreign id makes a new lesson.
  const claimed = new Set<number>();
  const rows = input.map((lesson) => {
    const own = lesson.id !== null && existing.has(lesson.id) && !claimed.has(lesson.id);
    if (own) claimed.add(lesson.id!);
    return { lesson, rowId: own ? lesson.id : null };
  });
  const kept = [...claimed];
  await tx
    .delete(lessons)
    .where(kept.length ? and(eq(lessons.courseId, courseId), notInArray(lessons.id, kept)) : eq(lessons.courseId, courseId));
  if (kept.length) {
    await tx
      .update(lessons)
      .set({ lessonId: sql`${lessons.id} + ${PARKED_OFFSET}` })
      .where(and(eq(lessons.courseId, courseId), inArray(lessons.id, kept)));
  }
  for (const { lesson, rowId } of rows) {
    const values = {
      chapterId: lesson.chapterId,
      lessonId: lesson.lessonId,
      title: lesson.title,
      explanation: lesson.explanation,
      isPublished: lesson.isPublished,
      videoKey: lesson.videoKey,
      pdfKey: lesson.pdfKey,
      captionsKey: lesson.captionsKey ?? null,
      transcript: lesson.transcript ?? "",
      videoDurationSeconds: lesson.videoDurationSeconds,
    };
    if (rowId !== null) {
      await tx.update(lessons).set(values).where(and(eq(lessons.id, rowId), eq(lessons.courseId, courseId)));
    } else {
      await tx.insert(lessons).values({ courseId, ...values });
    }
  }
}
