/**
 * Online course progress rules (docs/product.md §4 Chapter progress, §5 watch rule). Pure: the server
 * decides with them (what is unlocked, what counts as done, the percentage); the player shows
 * the same result. A posted progress or chapter count is never trusted.
 *
 * - Chapters are the distinct chapter ids of the course's published lessons, in ascending order.
 *   The first is titled "Introducere"; the others take the course's chapter title or "Capitol N".
 * - A chapter is completed when all its published lessons are completed.
 * - Chapters unlock in order: the first is always open; each next one when the previous is done.
 * - Progress = completed chapters ÷ chapters with published lessons, as a whole percentage.
 */

export interface LessonRef {
  id: number;
  chapterId: number;
  lessonId: number;
  title: string;
}

export interface ChapterState<L extends LessonRef = LessonRef> {
  chapterId: number;
  title: string;
  lessons: Array<L & { completed: boolean }>;
  completed: boolean;
  unlocked: boolean;
}

export interface CourseProgress<L extends LessonRef = LessonRef> {
  chapters: Array<ChapterState<L>>;
  progress: number;
  completedChapterIds: number[];
  /** All chapters done: the certificate section opens. */
  finished: boolean;
}

export const lessonKey = (lesson: Pick<LessonRef, "chapterId" | "lessonId">) => `${lesson.chapterId}-${lesson.lessonId}`;

export function chapterTitle(chapterId: number, index: number, titles: ReadonlyMap<number, string>): string {
  if (index === 0) return "Introducere";
  const title = titles.get(chapterId)?.trim();
  return title ? title : `Capitol ${index}`;
}

export function computeProgress<L extends LessonRef>(
  lessons: readonly L[],
  completedLessonIds: ReadonlySet<number>,
  chapterTitles: ReadonlyMap<number, string> = new Map(),
): CourseProgress<L> {
  const ordered = [...lessons].sort((a, b) => a.chapterId - b.chapterId || a.lessonId - b.lessonId);
  const byChapter = new Map<number, L[]>();
  for (const lesson of ordered) {
    const list = byChapter.get(lesson.chapterId) ?? [];
    list.push(lesson);
    byChapter.set(lesson.chapterId, list);
  }
  const chapters: Array<ChapterState<L>> = [];
  let previousCompleted = true;
  [...byChapter.entries()].forEach(([chapterId, list], index) => {
    const withState = list.map((lesson) => ({ ...lesson, completed: completedLessonIds.has(lesson.id) }));
    const completed = withState.every((lesson) => lesson.completed);
    const unlocked = index === 0 || previousCompleted;
    chapters.push({ chapterId, title: chapterTitle(chapterId, index, chapterTitles), lessons: withState, completed, unlocked });
    previousCompleted = completed && unlocked;
  });
  // A chapter only counts once everything before it counts too (no skipping ahead).
  const counted = chapters.filter((c) => c.completed && c.unlocked);
  const progress = chapters.length === 0 ? 0 : Math.round((100 * counted.length) / chapters.length);
  return {
    chapters,
    progress,
    completedChapterIds: counted.map((c) => c.chapterId),
    finished: chapters.length > 0 && counted.length === chapters.length,
  };
}

/** Whether a lesson may be opened, streamed or completed: its chapter is unlocked. */
export function isLessonUnlocked(state: CourseProgress, lessonRowId: number): boolean {
  return state.chapters.some((chapter) => chapter.unlocked && chapter.lessons.some((l) => l.id === lessonRowId));
}

/** The lesson the player opens on load: the first not completed in the first open chapter not done. */
export function startingLesson<L extends LessonRef>(state: CourseProgress<L>): (L & { completed: boolean }) | null {
  for (const chapter of state.chapters) {
    if (!chapter.unlocked) break;
    if (!chapter.completed) return chapter.lessons.find((l) => !l.completed) ?? chapter.lessons[0];
  }
  return state.chapters[0]?.lessons[0] ?? null;
}

/** The lesson after this one, and whether moving there leaves the chapter. Null after the last. */
export function nextLesson<L extends LessonRef>(
  state: CourseProgress<L>,
  lessonRowId: number,
): { lesson: L & { completed: boolean }; crossesChapter: boolean } | null {
  const flat = state.chapters.flatMap((c) => c.lessons);
  const index = flat.findIndex((l) => l.id === lessonRowId);
  if (index < 0 || index === flat.length - 1) return null;
  const next = flat[index + 1];
  return { lesson: next, crossesChapter: next.chapterId !== flat[index].chapterId };
}

/**
 * The watch rule on the server: a lesson counts as watched no sooner than 90% of its video's
 * length after it was first served (a browser cannot fast-forward the clock). The length is
 * measured by the server from the video's header (services/video-duration), when the lesson is
 * saved or, failing that, when it is completed. A lesson with a video whose length is still
 * unknown (a file the server cannot read and no duration from the admin) is never completed
 * instantly: it waits UNKNOWN_DURATION_WAIT_SECONDS instead. Lessons without a video have no
 * minimum.
 */
export const WATCH_RATIO = 0.9;

/**
 * The wait for a video of unknown length: two minutes. A floor, not a guess at the length: it
 * stops a course from being clicked through (each such lesson costs at least two minutes after
 * it was first served) while rarely keeping a student who really watched a lesson video longer
 * than its length; the server logs each time it is applied, so the admin can fix the file.
 */
export const UNKNOWN_DURATION_WAIT_SECONDS = 120;

/** What the watch rule needs to know about a lesson's video. */
export interface LessonVideoInfo {
  hasVideo: boolean;
  /** Seconds; null (or 0) when unknown. */
  durationSeconds: number | null;
}

/** Seconds that must pass between the first serving of a lesson and its completion. */
export function requiredWatchSeconds(video: LessonVideoInfo): number {
  if (!video.hasVideo) return 0;
  const duration = video.durationSeconds;
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return UNKNOWN_DURATION_WAIT_SECONDS;
  return duration * WATCH_RATIO;
}

export function watchedLongEnough(firstServedAt: Date, video: LessonVideoInfo, now: Date = new Date()): boolean {
  return now.getTime() - firstServedAt.getTime() >= requiredWatchSeconds(video) * 1000;
}

/** Seconds still to wait before a completion is accepted (for a friendly message). */
export function secondsUntilWatched(firstServedAt: Date, video: LessonVideoInfo, now: Date = new Date()): number {
  const due = firstServedAt.getTime() + requiredWatchSeconds(video) * 1000;
  return Math.max(0, Math.ceil((due - now.getTime()) / 1000));
}

/** "2-1" (chapterId-lessonId, as in `?lectie=2-1`) → ids; anything else → null. */
export function parseLessonKey(value: string | null | undefined): { chapterId: number; lessonId: number } | null {
  const match = /^(\d{1,6})-(\d{1,6})$/.exec(value ?? "");
  if (!match) return null;
  return { chapterId: Number(match[1]), lessonId: Number(match[2]) };
}

/** The lesson a key names, among the course's published lessons; null when there is none. */
export function findLesson<L extends LessonRef>(state: CourseProgress<L>, key: string | null | undefined): (L & { completed: boolean }) | null {
  const ids = parseLessonKey(key);
  if (!ids) return null;
  for (const chapter of state.chapters) {
    if (chapter.chapterId !== ids.chapterId) continue;
    return chapter.lessons.find((l) => l.lessonId === ids.lessonId) ?? null;
  }
  return null;
}

/**
 * What an enrolment allows in the player (docs/product.md §4 payment status, access days):
 * - open: confirmed and within its access days (or unlimited);
 * - expired: confirmed but the access days have run out (progress and diploma stay viewable);
 * - pending: waiting for the payment to be confirmed;
 * - closed: failed or refunded (or any other status): no access.
 */
export type EnrollmentAccess = "open" | "expired" | "pending" | "closed";

export function enrollmentAccess(
  enrollment: { paymentStatus: string; accessUntil: Date | string | null },
  now: Date = new Date(),
): EnrollmentAccess {
  if (enrollment.paymentStatus === "pending") return "pending";
  if (enrollment.paymentStatus !== "confirmed") return "closed";
  if (enrollment.accessUntil === null) return "open";
  const until = new Date(enrollment.accessUntil).getTime();
  if (Number.isNaN(until)) return "open";
  return until > now.getTime() ? "open" : "expired";
}

/**
 * Whether a completion may be recorded now: the lesson's chapter is unlocked and the watch
 * rule is met (or the lesson was completed before: reviewing never blocks). `firstServedAt`
 * null means the lesson page was never served to this enrolment: nothing could have been
 * watched yet.
 */
export type CompletionCheck = { ok: true } | { ok: false; reason: "locked" } | { ok: false; reason: "too-early"; seconds: number };

export function checkCompletion(
  state: CourseProgress,
  lesson: LessonRef & { completed?: boolean },
  served: LessonVideoInfo & { firstServedAt: Date | null },
  now: Date = new Date(),
): CompletionCheck {
  if (!isLessonUnlocked(state, lesson.id)) return { ok: false, reason: "locked" };
  if (lesson.completed) return { ok: true };
  const firstServedAt = served.firstServedAt ?? now;
  if (!watchedLongEnough(firstServedAt, served, now)) {
    return { ok: false, reason: "too-early", seconds: Math.max(1, secondsUntilWatched(firstServedAt, served, now)) };
  }
  return { ok: true };
}

/** The player may not seek past what was watched: the furthest point allowed (with slack). */
export const SEEK_SLACK_SECONDS = 0.5;

export function allowedSeekTarget(requested: number, maxWatched: number): number {
  return requested > maxWatched + SEEK_SLACK_SECONDS ? maxWatched : requested;
}
