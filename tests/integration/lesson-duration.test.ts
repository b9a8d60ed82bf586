/**
 * The server knows each lesson video's length itself (docs/product.md §5 watch rule): measured from the
 * stored file's header with ranged reads when the admin saves the course (the length posted by
 * the browser only counts when the file cannot be read), measured again when a student
 * completes a lesson whose length is still unknown, and never an instant completion when it
 * stays unknown (a fixed wait). Local storage here; the S3 ranged reads are in uploads.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, enrollments, lessonProgress, lessons } from "../../db/schema";
import { createCourse, createUser } from "../helpers/factories";
import { cookiesFrom, get, post, run } from "../helpers/http";
import { UNKNOWN_DURATION_WAIT_SECONDS } from "~/lib/progress";
import { withMeasuredDurations } from "~/models/lesson-admin.server";
import { createSession } from "~/models/session.server";
import { action as playerAction, loader as playerLoader } from "~/routes/cursuri-online.curs.$id.lectie";
import { getStorage, localBackend, type StorageBackend } from "~/services/storage.server";
import { measureVideoDuration } from "~/services/video-duration.server";

const FIXTURES = path.resolve("tests/fixtures");
const mp4 = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "lectie.mp4"))); // 5 s, moov first
const mov = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "video/durata.mov"))); // 3.2 s, moov last
const webm = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "video/durata.webm"))); // 3.2 s
/** A valid WebM written as a live stream: its header has no duration. */
const unreadable = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "video/durata-flux.webm")));
const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };

let adminCookie = "";
let stamp = 1_735_689_600_000;

/** Stores bytes under a new videos/ key, as an upload would. */
async function storeVideo(bytes: Uint8Array, name: string, contentType = "video/mp4") {
  const key = `videos/${stamp++}_${name}`;
  await getStorage().put(key, bytes, contentType);
  return key;
}

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  adminCookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": await createSession(admin.id) } }));
});

// ─── Storage and measuring ───────────────────────────────────────────────────────────────────

describe("measuring a stored video", () => {
  it("the local backend reads byte ranges at an offset, short at the end, none past it, null when missing", async () => {
    const key = await storeVideo(mp4, "interval.mp4");
    expect(Buffer.from((await localBackend.readRange(key, 4, 4))!).toString()).toBe("ftyp");
    expect((await localBackend.readRange(key, mp4.length - 10, 100))!.length).toBe(10);
    expect((await localBackend.readRange(key, mp4.length + 5, 100))!.length).toBe(0);
    expect(await localBackend.readRange("videos/1_lipsa.mp4", 0, 10)).toBeNull();
    await expect(localBackend.readRange(key, -1, 10)).rejects.toThrow(RangeError);
    await expect(localBackend.readRange(key, 0, 0)).rejects.toThrow(RangeError);
    await expect(localBackend.readRange("../etc/passwd", 0, 10)).rejects.toThrow();
  });

  it("measures MP4, QuickTime with moov at the end and WebM in whole seconds; null for an unreadable or missing file", async () => {
    expect(await measureVideoDuration(await storeVideo(mp4, "a.mp4"))).toBe(5);
    expect(await measureVideoDuration(await storeVideo(mov, "b.mov", "video/quicktime"))).toBe(3);
    expect(await measureVideoDuration(await storeVideo(webm, "c.webm", "video/webm"))).toBe(3);
    expect(await measureVideoDuration(await storeVideo(unreadable, "d.mp4"))).toBeNull();
    expect(await measureVideoDuration("videos/1_nu-exista.mp4")).toBeNull();
  });

  it("reads only ranges, never the whole file, and survives a storage failure", async () => {
    const key = await storeVideo(mov, "e.mov", "video/quicktime");
    const calls: string[] = [];
    const spy: StorageBackend = {
      ...localBackend,
      readRange: async (k, offset, length) => (calls.push(`range ${offset}+${length}`), localBackend.readRange(k, offset, length)),
    };
    expect(await measureVideoDuration(key, spy)).toBe(3);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.startsWith("range "))).toBe(true);
    const broken: StorageBackend = { ...localBackend, readRange: () => Promise.reject(new Error("disc indisponibil")) };
    expect(await measureVideoDuration(key, broken)).toBeNull();
  });
});

// ─── Admin saves ─────────────────────────────────────────────────────────────────────────────

async function courseAction() {
  return (await import("~/routes/admin.cursuri-online.$id._index")).action;
}

function courseFields(title: string, lesson: Record<string, string>) {
  return {
    title,
    isPublished: "da",
    durationDays: "nelimitat",
    "prices[0].value": "Gratis",
    "prices[0].days": "nelimitat",
    "chapters[0].id": "0",
    "chapters[0].title": "Introducere",
    "chapters[0].details[0].id": "0",
    "chapters[0].details[0].text": "Bun venit",
    "lessons[0].chapterId": "0",
    "lessons[0].lessonId": "1",
    "lessons[0].title": "Prima lecție",
    "lessons[0].isPublished": "da",
    ...lesson,
  };
}

async function saveNew(title: string, lesson: Record<string, string>) {
  const response = await run(await courseAction(), post("/admin/cursuri-online/nou", courseFields(title, lesson), { cookie: adminCookie }), { id: "nou" });
  expect(response.status, title).toBe(302);
  const [course] = await getDb().select().from(courses).where(eq(courses.title, title));
  const [row] = await getDb().select().from(lessons).where(eq(lessons.courseId, course.id));
  return { course, lesson: row };
}

async function saveAgain(courseId: number, title: string, lesson: Record<string, string>) {
  const response = await run(await courseAction(), post(`/admin/cursuri-online/${courseId}`, courseFields(title, lesson), { cookie: adminCookie }), { id: String(courseId) });
  expect(response.status).toBe(302);
  const [row] = await getDb().select().from(lessons).where(eq(lessons.courseId, courseId));
  return row;
}

describe("saving a lesson measures its video on the server", () => {
  it("stores the measured length when no duration is posted (an admin without JavaScript)", async () => {
    const key = await storeVideo(mp4, "fara-durata.mp4");
    const { lesson } = await saveNew("Curs fără durată trimisă", { "lessons[0].videoKey": key });
    expect(lesson.videoKey).toBe(key);
    expect(lesson.videoDurationSeconds).toBe(5);
  });

  it("the measured length wins over a wrong posted one; the posted one counts only for an unreadable file", async () => {
    // QuickTime is no longer accepted (issue 14): a WebM whose header gives 3.2 s.
    const readable = await storeVideo(webm, "gresit.webm", "video/webm");
    expect((await saveNew("Curs cu durată greșită", { "lessons[0].videoKey": readable, "lessons[0].videoDurationSeconds": "1" })).lesson.videoDurationSeconds).toBe(3);
    const unknown = await storeVideo(unreadable, "necitibil.webm", "video/webm");
    expect((await saveNew("Curs cu video necitibil", { "lessons[0].videoKey": unknown, "lessons[0].videoDurationSeconds": "300" })).lesson.videoDurationSeconds).toBe(300);
    expect((await saveNew("Curs cu video necitibil, fără durată", { "lessons[0].videoKey": unknown })).lesson.videoDurationSeconds).toBeNull();
  });

  it("a new video key is measured again; an unchanged one keeps its stored length unless the field was edited", async () => {
    const title = "Curs cu video înlocuit";
    const first = await storeVideo(mp4, "prima.mp4");
    const { course, lesson } = await saveNew(title, { "lessons[0].videoKey": first });
    expect(lesson.videoDurationSeconds).toBe(5);
    const same = { "lessons[0].id": String(lesson.id), "lessons[0].videoKey": first, "lessons[0].videoDurationSeconds": "5" };
    // The file disappears: an unchanged save does not need it.
    await getStorage().delete(first);
    expect((await saveAgain(course.id, title, same)).videoDurationSeconds).toBe(5);
    // The admin edits the field while the file cannot be read: the edit counts.
    expect((await saveAgain(course.id, title, { ...same, "lessons[0].videoDurationSeconds": "42" })).videoDurationSeconds).toBe(42);
    // A new video (the browser still posts the old length): measured.
    const second = await storeVideo(webm, "a-doua.webm", "video/webm");
    const replaced = await saveAgain(course.id, title, { ...same, "lessons[0].videoKey": second, "lessons[0].videoDurationSeconds": "42" });
    expect(replaced).toMatchObject({ id: lesson.id, videoKey: second, videoDurationSeconds: 3 });
  });

  it("measures each distinct video once, a few at a time", async () => {
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    const measure = async (key: string) => {
      seen.push(key);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return key.endsWith("mp4") ? 10 : null;
    };
    const lesson = (n: number, videoKey: string | null, videoDurationSeconds: number | null = null) => ({
      id: null, chapterId: 0, lessonId: n, title: `L${n}`, explanation: "", isPublished: true, videoKey, pdfKey: null, videoDurationSeconds,
    });
    const input = [lesson(1, "videos/1_a.mp4"), lesson(2, "videos/1_a.mp4", 99), lesson(3, "videos/1_b.webm", 77), lesson(4, null, 12), ...Array.from({ length: 8 }, (_, i) => lesson(5 + i, `videos/${i}_x.mp4`))];
    const result = await withMeasuredDurations(input, [], measure);
    expect(seen.filter((k) => k === "videos/1_a.mp4")).toHaveLength(1);
    expect(seen).toHaveLength(10);
    expect(most).toBeLessThanOrEqual(4);
    expect(result.slice(0, 4).map((l) => l.videoDurationSeconds)).toEqual([10, 10, 77, 12]);
  });
});

// ─── Completing ──────────────────────────────────────────────────────────────────────────────

const playerUrl = (id: number, key = "0-1") => `/cursuri-online/curs/${id}/lectie?lectie=${key}`;

async function studentOf(courseId: number) {
  const user = await createUser();
  const [enrollment] = await getDb()
    .insert(enrollments)
    .values({ userId: user.id, courseId, courseType: "online", optionSnapshot: snapshot, paymentStatus: "confirmed", confirmedAt: new Date() })
    .returning();
  return { user, enrollment, cookie: (await createSession(user.id)).split(";")[0] };
}

async function backdate(enrollmentId: string, lessonRowId: number, seconds: number) {
  await getDb()
    .update(lessonProgress)
    .set({ firstServedAt: sql`${lessonProgress.firstServedAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(lessonProgress.enrollmentId, enrollmentId), eq(lessonProgress.lessonId, lessonRowId)));
}

/** A course with one published lesson whose video has no stored length. */
async function courseWithUnmeasuredLesson(videoKey: string) {
  const { course } = await createCourse("online");
  const [lesson] = await getDb().insert(lessons).values({ courseId: course.id, chapterId: 0, lessonId: 1, title: "Lecția", videoKey, isPublished: true }).returning();
  return { course, lesson };
}

async function complete(courseId: number, s: Awaited<ReturnType<typeof studentOf>>) {
  return run(playerAction, post(playerUrl(courseId), { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: String(courseId) });
}

describe("completing a lesson whose length the server measured", () => {
  it("refuses an immediate completion of a lesson saved without a posted duration", async () => {
    const key = await storeVideo(mp4, "salvata-fara-durata.mp4");
    const { course, lesson } = await saveNew("Curs salvat fără durată, apoi vizionat", { "lessons[0].videoKey": key });
    expect(lesson.videoDurationSeconds).toBe(5);
    const s = await studentOf(course.id);
    expect((await run(playerLoader, get(playerUrl(course.id), { cookie: s.cookie }), { id: String(course.id) })).status).toBe(200);
    const early = await complete(course.id, s);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/^Mai vizionați lecția încă [45] secunde\.$/);
    await backdate(s.enrollment.id, lesson.id, 5);
    const done = await complete(course.id, s);
    expect(done.status).toBe(302);
    expect((await getDb().select().from(enrollments).where(eq(enrollments.id, s.enrollment.id)))[0].progress).toBe(100);
  });

  it("measures a lesson with no stored length at completion time, stores it, and applies it", async () => {
    const key = await storeVideo(mp4, "nemasurata.mp4");
    const { course, lesson } = await courseWithUnmeasuredLesson(key);
    const s = await studentOf(course.id);
    await run(playerLoader, get(playerUrl(course.id), { cookie: s.cookie }), { id: String(course.id) });
    const early = await complete(course.id, s);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/^Mai vizionați lecția încă [45] secunde\.$/);
    expect((await getDb().select().from(lessons).where(eq(lessons.id, lesson.id)))[0].videoDurationSeconds).toBe(5);
    await backdate(s.enrollment.id, lesson.id, 5);
    expect((await complete(course.id, s)).status).toBe(302);
  });

  it("a video whose length cannot be read is never completed instantly: the fixed wait applies", async () => {
    const key = await storeVideo(unreadable, "fara-antet.mp4");
    const { course, lesson } = await courseWithUnmeasuredLesson(key);
    const s = await studentOf(course.id);
    await run(playerLoader, get(playerUrl(course.id), { cookie: s.cookie }), { id: String(course.id) });
    const early = await complete(course.id, s);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/^Mai vizionați lecția încă (120 de secunde|119 secunde)\.$/);
    await backdate(s.enrollment.id, lesson.id, UNKNOWN_DURATION_WAIT_SECONDS - 2);
    expect((await complete(course.id, s)).status).toBe(409);
    expect((await getDb().select().from(lessons).where(eq(lessons.id, lesson.id)))[0].videoDurationSeconds).toBeNull();
    await backdate(s.enrollment.id, lesson.id, 2);
    expect((await complete(course.id, s)).status).toBe(302);
    const [progress] = await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, s.enrollment.id));
    expect(progress.completedAt).not.toBeNull();
  });

  it("a missing video file gets the fixed wait too; a lesson without a video has none", async () => {
    const { course } = await courseWithUnmeasuredLesson("videos/1_sters.mp4");
    const s = await studentOf(course.id);
    await run(playerLoader, get(playerUrl(course.id), { cookie: s.cookie }), { id: String(course.id) });
    expect((await complete(course.id, s)).status).toBe(409);
    const { course: textOnly } = await createCourse("online");
    await getDb().insert(lessons).values({ courseId: textOnly.id, chapterId: 0, lessonId: 1, title: "Doar text", isPublished: true });
    const t = await studentOf(textOnly.id);
    await run(playerLoader, get(playerUrl(textOnly.id), { cookie: t.cookie }), { id: String(textOnly.id) });
    expect((await complete(textOnly.id, t)).status).toBe(302);
  });
});
