/**
 * The online course player on the server (docs/product.md §2 player, §4 chapter progress, §5 watch rule,
 * docs/architecture.md §8): what a student may open, stream and complete is decided here, with the pure rules
 * of ~/lib/progress, never by the browser. Every function takes the session user's id: an
 * enrolment is only ever found through its owner.
 */
import { slugify } from "~/lib/slug";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { courses, enrollments, lessonProgress, lessons, users, type PaymentStatus } from "../../db/schema";
import { readCourseContent } from "~/lib/course-content";
import {
  checkCompletion,
  computeProgress,
  type CourseProgress,
  enrollmentAccess,
  type EnrollmentAccess,
  findLesson,
  isLessonUnlocked,
  lessonKey,
  type LessonRef,
  nextLesson,
} from "~/lib/progress";
import { ensureDiploma } from "~/models/diploma.server";
import { mediaTypeOf, signedMediaUrl } from "~/models/media-type.server";
import { WEBVTT_MAX_BYTES } from "~/lib/webvtt";
import { log } from "~/log.server";
import { getStorage, URL_LIFETIMES } from "~/services/storage.server";
import { measureVideoDuration } from "~/services/video-duration.server";
import { cachedCatalogue } from "~/services/catalogue-cache.server";

export interface PlayerLesson extends LessonRef {
  explanation: string;
  videoKey: string | null;
  pdfKey: string | null;
  /** WebVTT captions of the video (served as text/vtt by `lessonCaptions`). */
  captionsKey: string | null;
  /** Plain text; "" when there is none. */
  transcript: string;
  videoDurationSeconds: number | null;
}

export interface PlayerCourse {
  id: number;
  title: string;
  /** The course's cover: the video's poster when the lesson has no still frame of its own. */
  imageKey: string | null;
  lessons: PlayerLesson[];
  chapterTitles: Map<number, string>;
}

export interface PlayerEnrollment {
  id: string;
  paymentStatus: PaymentStatus;
  progress: number;
  completedChapters: number[];
  accessUntil: Date | null;
  completedAt: Date | null;
}

export type PlayerState =
  | { kind: "not-found" }
  | { kind: "no-enrollment"; course: PlayerCourse }
  | { kind: "pending" | "closed"; course: PlayerCourse; enrollment: PlayerEnrollment }
  | {
      kind: "open" | "expired";
      course: PlayerCourse;
      enrollment: PlayerEnrollment;
      state: CourseProgress<PlayerLesson>;
      servedAt: Map<number, Date>;
    };

/** A published online course with its published lessons (two queries); null otherwise. */
export async function loadPlayerCourse(courseId: number, executor: Executor = getDb()): Promise<PlayerCourse | null> {
  const [course] = await executor
    .select({ id: courses.id, title: courses.title, content: courses.content, imageKey: courses.imageKey })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.kind, "online"), eq(courses.isPublished, true)))
    .limit(1);
  if (!course) return null;
  const rows = await executor
    .select({
      id: lessons.id,
      chapterId: lessons.chapterId,
      lessonId: lessons.lessonId,
      title: lessons.title,
      explanation: lessons.explanation,
      videoKey: lessons.videoKey,
      pdfKey: lessons.pdfKey,
      captionsKey: lessons.captionsKey,
      transcript: lessons.transcript,
      videoDurationSeconds: lessons.videoDurationSeconds,
    })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isPublished, true)))
    .orderBy(asc(lessons.chapterId), asc(lessons.lessonId));
  const chapterTitles = new Map(readCourseContent(course.content).chapters.map((c) => [c.id, c.title]));
  return { id: course.id, title: course.title, imageKey: course.imageKey, lessons: rows, chapterTitles };
}

const enrollmentColumns = {
  id: enrollments.id,
  paymentStatus: enrollments.paymentStatus,
  progress: enrollments.progress,
  completedChapters: enrollments.completedChapters,
  accessUntil: enrollments.accessUntil,
  completedAt: enrollments.completedAt,
};

/** The user's enrolment in a course (one per user and course), or null. */
export async function findEnrollment(userId: string, courseId: number, executor: Executor = getDb()): Promise<PlayerEnrollment | null> {
  const [row] = await executor
    .select(enrollmentColumns)
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId), eq(enrollments.courseType, "online")))
    .limit(1);
  return row ?? null;
}

async function progressRows(enrollmentId: string, executor: Executor) {
  return executor
    .select({ lessonId: lessonProgress.lessonId, firstServedAt: lessonProgress.firstServedAt, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(eq(lessonProgress.enrollmentId, enrollmentId));
}

function progressOf(course: PlayerCourse, rows: Awaited<ReturnType<typeof progressRows>>) {
  const completed = new Set(rows.filter((r) => r.completedAt).map((r) => r.lessonId));
  return {
    state: computeProgress(course.lessons, completed, course.chapterTitles),
    servedAt: new Map(rows.map((r) => [r.lessonId, r.firstServedAt])),
  };
}

/** Everything the player needs for this user and course, in four small queries. */
export async function loadPlayer(userId: string, courseId: number, now: Date = new Date()): Promise<PlayerState> {
  const [course, enrollment] = await Promise.all([
    // Catalogue data (lessons bump the catalogue version, migration 0025): one read per process and version.
    cachedCatalogue(`player-course:${courseId}`, () => loadPlayerCourse(courseId)),
    findEnrollment(userId, courseId),
  ]);
  if (!course) return { kind: "not-found" };
  if (!enrollment) return { kind: "no-enrollment", course };
  const access: EnrollmentAccess = enrollmentAccess(enrollment, now);
  if (access === "pending" || access === "closed") return { kind: access, course, enrollment };
  const { state, servedAt } = progressOf(course, await progressRows(enrollment.id, getDb()));
  if (state.progress !== enrollment.progress || !sameIds(state.completedChapterIds, enrollment.completedChapters)) {
    // Lessons were published or withdrawn since the last save: keep /cont in step.
    await storeProgress(getDb(), enrollment, state, now);
  }
  return { kind: access, course, enrollment, state, servedAt };
}

function sameIds(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

async function storeProgress(executor: Executor, enrollment: PlayerEnrollment, state: CourseProgress, now: Date) {
  const completedAt = state.finished ? (enrollment.completedAt ?? now) : enrollment.completedAt;
  await executor
    .update(enrollments)
    .set({ progress: state.progress, completedChapters: state.completedChapterIds, completedAt })
    .where(eq(enrollments.id, enrollment.id));
  enrollment.progress = state.progress;
  enrollment.completedChapters = state.completedChapterIds;
  enrollment.completedAt = completedAt;
}

/**
 * Records that a lesson was served to the enrolment (the watch rule counts from the first
 * time) and returns that first time. Later calls keep the first value.
 */
export async function recordLessonServed(enrollmentId: string, lessonRowId: number, now: Date = new Date()): Promise<Date> {
  const [row] = await getDb()
    .insert(lessonProgress)
    .values({ enrollmentId, lessonId: lessonRowId, firstServedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.enrollmentId, lessonProgress.lessonId],
      set: { firstServedAt: sql`${lessonProgress.firstServedAt}` },
    })
    .returning({ firstServedAt: lessonProgress.firstServedAt });
  return row.firstServedAt;
}

// ─── Completing a lesson ─────────────────────────────────────────────────────────────────────

export type CompleteResult =
  | { ok: true; nextKey: string | null; finished: boolean; progress: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "pending" | "closed" | "expired" }
  | { ok: false; reason: "locked" }
  | { ok: false; reason: "too-early"; seconds: number };

/**
 * Marks a lesson watched for the user's own enrolment, after checking on the server: the
 * enrolment is confirmed and not expired, the lesson is published and unlocked, and at least
 * 90% of its video's length has passed since it was first served. The progress stored on the
 * enrolment is recomputed from the lessons (a posted progress or chapter count is never read).
 * At 100% the enrolment is completed and its diploma issued, in the same transaction.
 *
 * A lesson with a video whose length is not known yet is measured first (outside the
 * transaction: storage reads hold no locks) and its length stored; if it still cannot be read,
 * the watch rule's fixed wait for unknown lengths applies (UNKNOWN_DURATION_WAIT_SECONDS).
 *
 * `enrollmentId`, when given (the form sends it), must be this user's enrolment in this course.
 */
export async function completeLesson(input: {
  userId: string;
  courseId: number;
  lessonKey: string | null;
  enrollmentId?: string | null;
  now?: Date;
}): Promise<CompleteResult> {
  const now = input.now ?? new Date();
  const first = await completeInTransaction(input, now, true);
  if (first.ok || first.reason !== "measure") return first;
  const seconds = await measureLessonDuration(first.lesson);
  if (seconds === null) log.warn("lesson video length unknown: the fixed wait applies", { lessonId: first.lesson.id, key: first.lesson.videoKey });
  const second = await completeInTransaction(input, now, false);
  if (!second.ok && second.reason === "measure") throw new Error("completeLesson: asked to measure twice");
  return second;
}

type Measure = { ok: false; reason: "measure"; lesson: { id: number; videoKey: string } };

/** A lesson's video length, measured from the stored file and kept on the lesson; null if unreadable. */
export async function measureLessonDuration(lesson: { id: number; videoKey: string }): Promise<number | null> {
  const seconds = await measureVideoDuration(lesson.videoKey);
  if (seconds === null) return null;
  // Only if the lesson still shows that video and no length was stored meanwhile.
  await getDb()
    .update(lessons)
    .set({ videoDurationSeconds: seconds })
    .where(
      and(
        eq(lessons.id, lesson.id),
        eq(lessons.videoKey, lesson.videoKey),
        sql`coalesce(${lessons.videoDurationSeconds}, 0) <= 0`,
      ),
    );
  return seconds;
}

async function completeInTransaction(
  input: Parameters<typeof completeLesson>[0],
  now: Date,
  measureUnknown: boolean,
): Promise<CompleteResult | Measure> {
  return getDb().transaction(async (tx) => {
    const course = await loadPlayerCourse(input.courseId, tx);
    if (!course) return { ok: false, reason: "not-found" } as const;
    const [enrollment] = await tx
      .select({ ...enrollmentColumns, holderName: users.name })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(
        and(
          eq(enrollments.userId, input.userId),
          eq(enrollments.courseId, input.courseId),
          eq(enrollments.courseType, "online"),
          input.enrollmentId ? sql`${enrollments.id}::text = ${input.enrollmentId}` : undefined,
        ),
      )
      .for("update", { of: enrollments })
      .limit(1);
    if (!enrollment) return { ok: false, reason: "not-found" } as const;
    const access = enrollmentAccess(enrollment, now);
    if (access !== "open") return { ok: false, reason: access } as const;

    const rows = await progressRows(enrollment.id, tx);
    const before = progressOf(course, rows);
    const lesson = findLesson(before.state, input.lessonKey);
    if (!lesson) return { ok: false, reason: "not-found" } as const;
    const unknownLength = lesson.videoKey !== null && !(lesson.videoDurationSeconds && lesson.videoDurationSeconds > 0);
    if (measureUnknown && unknownLength && !lesson.completed && isLessonUnlocked(before.state, lesson.id)) {
      return { ok: false, reason: "measure", lesson: { id: lesson.id, videoKey: lesson.videoKey! } } as const;
    }
    const check = checkCompletion(before.state, lesson, {
      firstServedAt: before.servedAt.get(lesson.id) ?? null,
      hasVideo: lesson.videoKey !== null,
      durationSeconds: lesson.videoDurationSeconds,
    }, now);
    if (!check.ok) return check;

    if (!lesson.completed) {
      await tx
        .insert(lessonProgress)
        .values({ enrollmentId: enrollment.id, lessonId: lesson.id, firstServedAt: now, completedAt: now })
        .onConflictDoUpdate({
          target: [lessonProgress.enrollmentId, lessonProgress.lessonId],
          set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, ${now.toISOString()}::timestamptz)` },
        });
    }
    const completed = new Set(rows.filter((r) => r.completedAt).map((r) => r.lessonId));
    completed.add(lesson.id);
    const after = computeProgress(course.lessons, completed, course.chapterTitles);
    await storeProgress(tx, enrollment, after, now);
    if (after.finished) {
      await ensureDiploma(tx, {
        enrollmentId: enrollment.id,
        holderName: enrollment.holderName,
        courseTitle: course.title,
        completedAt: enrollment.completedAt ?? now,
      });
    }
    const next = nextLesson(after, lesson.id);
    return { ok: true, nextKey: next ? lessonKey(next.lesson) : null, finished: after.finished, progress: after.progress } as const;
  });
}

// ─── Media ───────────────────────────────────────────────────────────────────────────────────

type MediaRefusal = { ok: false; reason: "not-found" | "no-enrollment" | "pending" | "closed" | "expired" | "locked" | "no-media" };
export type MediaResult = { ok: true; url: string } | MediaRefusal;

/** The lesson `lessonKey` of an open enrolment, when it is unlocked; why not otherwise. */
async function openLesson(input: { userId: string; courseId: number; lessonKey: string | null; now: Date }) {
  const player = await loadPlayer(input.userId, input.courseId, input.now);
  if (player.kind === "not-found") return { ok: false, reason: "not-found" } as const;
  if (player.kind === "no-enrollment") return { ok: false, reason: "no-enrollment" } as const;
  if (player.kind !== "open") return { ok: false, reason: player.kind } as const;
  const lesson = findLesson(player.state, input.lessonKey);
  if (!lesson) return { ok: false, reason: "not-found" } as const;
  if (!player.state.chapters.some((c) => c.unlocked && c.lessons.some((l) => l.id === lesson.id))) {
    return { ok: false, reason: "locked" } as const;
  }
  return { ok: true, lesson, enrollmentId: player.enrollment.id } as const;
}

/**
 * A fresh signed URL for a lesson's video or PDF, for the owner of an open enrolment and an
 * unlocked lesson only. Lifetimes: URL_LIFETIMES.lessonVideo / lessonPdf (storage.server).
 */
export async function lessonMediaUrl(input: {
  userId: string;
  courseId: number;
  lessonKey: string | null;
  kind: "video" | "pdf";
  now?: Date;
}): Promise<MediaResult> {
  const now = input.now ?? new Date();
  const open = await openLesson({ ...input, now });
  if (!open.ok) return open;
  const { lesson } = open;
  const key = input.kind === "video" ? lesson.videoKey : lesson.pdfKey;
  if (!key) return { ok: false, reason: "no-media" };
  if (input.kind === "video") await recordLessonServed(open.enrollmentId, lesson.id, now);
  const url = await signedMediaUrl(
    key,
    input.kind === "video" ? URL_LIFETIMES.lessonVideo : { ...URL_LIFETIMES.lessonPdf, downloadName: pdfDownloadName(lesson.title) },
  );
  return { ok: true, url };
}

/**
 * A lesson's WebVTT captions, for the same people as its video (owner of an open enrolment, an
 * unlocked lesson). The bytes themselves, not a signed URL: a <track> loads only from the page's
 * origin (without CORS), and S3 is another origin. Served only when the stored file was verified
 * as WebVTT (media_files); at most 1 MB, so read whole.
 */
export async function lessonCaptions(input: {
  userId: string;
  courseId: number;
  lessonKey: string | null;
  now?: Date;
}): Promise<{ ok: true; body: Uint8Array; contentType: "text/vtt" } | MediaRefusal> {
  const open = await openLesson({ ...input, now: input.now ?? new Date() });
  if (!open.ok) return open;
  const key = open.lesson.captionsKey;
  if (!key || (await mediaTypeOf(key)) !== "text/vtt") return { ok: false, reason: "no-media" };
  const stored = await getStorage().head(key);
  if (!stored || stored.size > WEBVTT_MAX_BYTES) return { ok: false, reason: "no-media" };
  const body = await getStorage().readRange(key, 0, stored.size);
  if (!body) return { ok: false, reason: "no-media" };
  return { ok: true, body, contentType: "text/vtt" };
}

/** "Materialele de care ai nevoie" → "fisa-materialele-de-care-ai-nevoie.pdf". */
export function pdfDownloadName(title: string): string {
  const slug = slugify(title);
  return `fisa-${slug || "lectie"}.pdf`;
}
