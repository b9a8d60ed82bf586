import { describe, expect, it } from "vitest";
import {
  allowedSeekTarget,
  checkCompletion,
  computeProgress,
  enrollmentAccess,
  findLesson,
  isLessonUnlocked,
  lessonKey,
  nextLesson,
  parseLessonKey,
  requiredWatchSeconds,
  secondsUntilWatched,
  startingLesson,
  UNKNOWN_DURATION_WAIT_SECONDS,
  watchedLongEnough,
} from "~/lib/progress";

const lessons = [
  { id: 10, chapterId: 0, lessonId: 1, title: "Bun venit" },
  { id: 11, chapterId: 0, lessonId: 2, title: "Materiale" },
  { id: 20, chapterId: 1, lessonId: 1, title: "Manichiura" },
  { id: 30, chapterId: 2, lessonId: 2, title: "Top coat" },
  { id: 31, chapterId: 2, lessonId: 1, title: "Baza" },
];
const titles = new Map([[0, "Intro ignorat"], [1, "Pregătirea unghiei"]]);

describe("chapters", () => {
  it("orders chapters and lessons, titles the first Introducere and untitled ones Capitol N", () => {
    const state = computeProgress(lessons, new Set(), titles);
    expect(state.chapters.map((c) => [c.chapterId, c.title])).toEqual([[0, "Introducere"], [1, "Pregătirea unghiei"], [2, "Capitol 2"]]);
    expect(state.chapters[2].lessons.map((l) => l.id)).toEqual([31, 30]);
  });

  it("unlocks in order: the first always, the next when the previous is completed", () => {
    let state = computeProgress(lessons, new Set());
    expect(state.chapters.map((c) => c.unlocked)).toEqual([true, false, false]);
    state = computeProgress(lessons, new Set([10]));
    expect(state.chapters.map((c) => c.unlocked)).toEqual([true, false, false]);
    state = computeProgress(lessons, new Set([10, 11]));
    expect(state.chapters.map((c) => [c.completed, c.unlocked])).toEqual([[true, true], [false, true], [false, false]]);
    expect(isLessonUnlocked(state, 20)).toBe(true);
    expect(isLessonUnlocked(state, 30)).toBe(false);
  });

  it("completes a chapter only when all its published lessons are completed", () => {
    const state = computeProgress(lessons, new Set([10, 11, 20, 31]));
    expect(state.chapters.map((c) => c.completed)).toEqual([true, true, false]);
  });
});

describe("progress", () => {
  it("is completed chapters over chapters with published lessons", () => {
    expect(computeProgress(lessons, new Set()).progress).toBe(0);
    expect(computeProgress(lessons, new Set([10, 11])).progress).toBe(33);
    expect(computeProgress(lessons, new Set([10, 11, 20])).progress).toBe(67);
    const done = computeProgress(lessons, new Set([10, 11, 20, 30, 31]));
    expect(done.progress).toBe(100);
    expect(done.finished).toBe(true);
    expect(done.completedChapterIds).toEqual([0, 1, 2]);
  });

  it("does not count a later chapter completed out of order", () => {
    const state = computeProgress(lessons, new Set([30, 31]));
    expect(state.progress).toBe(0);
    expect(state.completedChapterIds).toEqual([]);
  });

  it("is 0 for a course without published lessons", () => {
    expect(computeProgress([], new Set())).toMatchObject({ progress: 0, finished: false, chapters: [] });
  });
});

describe("navigation", () => {
  it("opens on the first not-completed lesson of the first open chapter not done", () => {
    expect(startingLesson(computeProgress(lessons, new Set()))?.id).toBe(10);
    expect(startingLesson(computeProgress(lessons, new Set([10])))?.id).toBe(11);
    expect(startingLesson(computeProgress(lessons, new Set([10, 11])))?.id).toBe(20);
    expect(startingLesson(computeProgress(lessons, new Set([10, 11, 20, 30, 31])))?.id).toBe(10);
  });

  it("moves to the next lesson, saying when it leaves the chapter; nothing after the last", () => {
    const state = computeProgress(lessons, new Set());
    expect(nextLesson(state, 10)).toMatchObject({ lesson: { id: 11 }, crossesChapter: false });
    expect(nextLesson(state, 11)).toMatchObject({ lesson: { id: 20 }, crossesChapter: true });
    expect(nextLesson(state, 30)).toBeNull();
    expect(nextLesson(state, 999)).toBeNull();
    expect(lessonKey({ chapterId: 2, lessonId: 1 })).toBe("2-1");
  });
});

describe("watch rule", () => {
  const served = new Date("2026-01-01T10:00:00Z");
  const video = (durationSeconds: number | null) => ({ hasVideo: true, durationSeconds });
  const at = (seconds: number) => new Date(served.getTime() + seconds * 1000);
  it("accepts a completion only after 90% of the video's duration", () => {
    expect(watchedLongEnough(served, video(100), new Date("2026-01-01T10:01:29Z"))).toBe(false);
    expect(watchedLongEnough(served, video(100), new Date("2026-01-01T10:01:30Z"))).toBe(true);
    expect(secondsUntilWatched(served, video(100), new Date("2026-01-01T10:01:00Z"))).toBe(30);
    expect(requiredWatchSeconds(video(5))).toBe(4.5);
  });
  it("never accepts an instant completion of a video whose length is unknown: a fixed wait applies", () => {
    expect(UNKNOWN_DURATION_WAIT_SECONDS).toBe(120);
    for (const unknown of [null, 0, -5, Number.NaN]) {
      expect(requiredWatchSeconds(video(unknown)), String(unknown)).toBe(UNKNOWN_DURATION_WAIT_SECONDS);
      expect(watchedLongEnough(served, video(unknown), served), String(unknown)).toBe(false);
      expect(watchedLongEnough(served, video(unknown), at(119)), String(unknown)).toBe(false);
      expect(watchedLongEnough(served, video(unknown), at(120)), String(unknown)).toBe(true);
    }
    expect(secondsUntilWatched(served, video(null), served)).toBe(120);
    expect(secondsUntilWatched(served, video(0), at(100))).toBe(20);
  });
  it("has no minimum for a lesson without a video", () => {
    expect(requiredWatchSeconds({ hasVideo: false, durationSeconds: null })).toBe(0);
    expect(requiredWatchSeconds({ hasVideo: false, durationSeconds: 300 })).toBe(0);
    expect(watchedLongEnough(served, { hasVideo: false, durationSeconds: null }, served)).toBe(true);
    expect(secondsUntilWatched(served, { hasVideo: false, durationSeconds: null }, served)).toBe(0);
  });
});

describe("player rules", () => {
  it("reads lesson keys chapterId-lessonId and finds only published lessons", () => {
    expect(parseLessonKey("2-1")).toEqual({ chapterId: 2, lessonId: 1 });
    for (const bad of ["", "2", "2-", "-1", "a-b", "2-1-3", "1e3-1", null, undefined]) expect(parseLessonKey(bad)).toBeNull();
    const state = computeProgress(lessons, new Set());
    expect(findLesson(state, "2-2")?.id).toBe(30);
    expect(findLesson(state, "2-3")).toBeNull();
    expect(findLesson(state, "9-1")).toBeNull();
  });

  it("opens a confirmed enrolment within its access days only; pending and the rest are closed", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(enrollmentAccess({ paymentStatus: "confirmed", accessUntil: null }, now)).toBe("open");
    expect(enrollmentAccess({ paymentStatus: "confirmed", accessUntil: new Date("2026-05-01T12:00:01Z") }, now)).toBe("open");
    expect(enrollmentAccess({ paymentStatus: "confirmed", accessUntil: new Date("2026-05-01T12:00:00Z") }, now)).toBe("expired");
    expect(enrollmentAccess({ paymentStatus: "confirmed", accessUntil: "2026-04-01T00:00:00Z" }, now)).toBe("expired");
    expect(enrollmentAccess({ paymentStatus: "pending", accessUntil: null }, now)).toBe("pending");
    expect(enrollmentAccess({ paymentStatus: "failed", accessUntil: null }, now)).toBe("closed");
    expect(enrollmentAccess({ paymentStatus: "refunded", accessUntil: null }, now)).toBe("closed");
  });

  it("accepts a completion only for an unlocked lesson after the watch rule, or one done before", () => {
    const served = new Date("2026-01-01T10:00:00Z");
    const at = (s: number) => new Date(served.getTime() + s * 1000);
    const state = computeProgress(lessons, new Set([10]));
    const lesson = (id: number) => state.chapters.flatMap((c) => c.lessons).find((l) => l.id === id)!;
    const video = { hasVideo: true, durationSeconds: 100 };
    expect(checkCompletion(state, lesson(20), { firstServedAt: served, ...video }, at(500))).toEqual({ ok: false, reason: "locked" });
    expect(checkCompletion(state, lesson(11), { firstServedAt: served, ...video }, at(10))).toEqual({ ok: false, reason: "too-early", seconds: 80 });
    expect(checkCompletion(state, lesson(11), { firstServedAt: served, ...video }, at(90))).toEqual({ ok: true });
    // Never served: the clock starts now, so nothing counts yet.
    expect(checkCompletion(state, lesson(11), { firstServedAt: null, ...video }, at(90))).toEqual({ ok: false, reason: "too-early", seconds: 90 });
    // A video of unknown length: the fixed wait, never an instant completion.
    expect(checkCompletion(state, lesson(11), { firstServedAt: null, hasVideo: true, durationSeconds: null }, at(0))).toEqual({ ok: false, reason: "too-early", seconds: 120 });
    expect(checkCompletion(state, lesson(11), { firstServedAt: served, hasVideo: true, durationSeconds: 0 }, at(30))).toEqual({ ok: false, reason: "too-early", seconds: 90 });
    expect(checkCompletion(state, lesson(11), { firstServedAt: served, hasVideo: true, durationSeconds: null }, at(120))).toEqual({ ok: true });
    // No video, or reviewing a completed lesson: no wait.
    expect(checkCompletion(state, lesson(11), { firstServedAt: null, hasVideo: false, durationSeconds: null }, at(0))).toEqual({ ok: true });
    expect(checkCompletion(state, lesson(10), { firstServedAt: served, ...video }, at(1))).toEqual({ ok: true });
  });

  it("keeps the player from seeking past the furthest point watched (half a second of slack)", () => {
    expect(allowedSeekTarget(30, 12)).toBe(12);
    expect(allowedSeekTarget(12.4, 12)).toBe(12.4);
    expect(allowedSeekTarget(5, 12)).toBe(5);
  });
});
