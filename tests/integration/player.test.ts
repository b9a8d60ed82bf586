/**
 * The online course player on the server (docs/product.md §2, §4, §5, §8; docs/architecture.md §8): access by enrolment
 * state, chapter locks on pages, media and completions, the watch rule, progress computed and
 * stored on the enrolment, and the diploma issued once at 100%.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { diplomas, enrollments, lessonProgress, lessons } from "../../db/schema";
import { PLAYER_MESSAGES } from "~/lib/player";
import { completeLesson } from "~/models/lesson.server";
import { action as playerAction, loader as playerLoader } from "~/routes/cursuri-online.curs.$id.lectie";
import { loader as mediaLoader } from "~/routes/cursuri-online.curs.$id.lectie_.media";
import { action as progressAction } from "~/routes/cursuri-online.curs.$id.lectie_.progres";
import { URL_LIFETIMES, verifyLocalUrl } from "~/services/storage.server";
import { expiryFor } from "~/services/storage/backend.server";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { get, post, run, toastOf } from "../helpers/http";

const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };
const VIDEO = "videos/1735689600000_lectie-demo.mp4";
const PDF = "pdfs/1735689600000_fisa-lectie.pdf";

/** A course with chapters 0 (2 lessons), 1 (1 lesson, PDF) and 2 (1 lesson), videos of 100 s. */
async function courseWithLessons(overrides: { isPublished?: boolean } = {}) {
  const { course } = await createCourse("online", {
    content: { chapters: [{ id: 0, title: "Ignorat", details: [] }, { id: 1, title: "Pregătirea unghiei", details: [] }], days: [] },
    ...overrides,
  });
  const rows = await getDb()
    .insert(lessons)
    .values([
      { courseId: course.id, chapterId: 0, lessonId: 1, title: "Bun venit", videoKey: VIDEO, videoDurationSeconds: 100, isPublished: true },
      { courseId: course.id, chapterId: 0, lessonId: 2, title: "Materiale", videoKey: VIDEO, videoDurationSeconds: 100, isPublished: true },
      { courseId: course.id, chapterId: 1, lessonId: 1, title: "Pregătire", videoKey: VIDEO, pdfKey: PDF, videoDurationSeconds: 100, isPublished: true },
      { courseId: course.id, chapterId: 2, lessonId: 1, title: "Finisaj", videoKey: VIDEO, videoDurationSeconds: 100, isPublished: true },
      { courseId: course.id, chapterId: 2, lessonId: 2, title: "Nepublicată", videoKey: VIDEO, videoDurationSeconds: 100, isPublished: false },
    ])
    .returning();
  return { course, lessons: rows };
}

async function enrol(userId: string, courseId: number, values: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(enrollments)
    .values({ userId, courseId, courseType: "online", optionSnapshot: snapshot, paymentStatus: "confirmed", confirmedAt: new Date(), ...values })
    .returning();
  return row;
}

async function student(values: Partial<typeof enrollments.$inferInsert> = {}) {
  const user = await createUser({ name: "Ștefania Țurcanu" });
  const setup = await courseWithLessons();
  const enrollment = await enrol(user.id, setup.course.id, values);
  return { user, ...setup, enrollment, cookie: await cookieFor(user.id), id: String(setup.course.id) };
}

const playerUrl = (id: string, key?: string) => `/cursuri-online/curs/${id}/lectie${key ? `?lectie=${key}` : ""}`;

/** Moves a lesson's first-served time back, as if the student had been watching for `seconds`. */
async function backdate(enrollmentId: string, lessonRowId: number, seconds: number) {
  await getDb()
    .update(lessonProgress)
    .set({ firstServedAt: sql`${lessonProgress.firstServedAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(lessonProgress.enrollmentId, enrollmentId), eq(lessonProgress.lessonId, lessonRowId)));
}

async function enrollmentRow(id: string) {
  const [row] = await getDb().select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

/** Serves a lesson page, waits out the watch rule, posts "Continuă" without JavaScript. */
async function watchAndContinue(s: Awaited<ReturnType<typeof student>>, key: string, lessonRowId: number) {
  expect((await run(playerLoader, get(playerUrl(s.id, key), { cookie: s.cookie }), { id: s.id })).status).toBe(200);
  await backdate(s.enrollment.id, lessonRowId, 91);
  return run(playerAction, post(playerUrl(s.id, key), { lectie: key, inscriere: s.enrollment.id, intent: "continue" }, { cookie: s.cookie }), { id: s.id });
}

describe("who may open the player", () => {
  it("sends a guest to the login page and back", async () => {
    const { course } = await courseWithLessons();
    const response = await run(playerLoader, get(playerUrl(String(course.id), "1-1")), { id: String(course.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/autentificare?redirectTo=${encodeURIComponent(`/cursuri-online/curs/${course.id}/lectie?lectie=1-1`)}`);
  });

  it("sends a user without an enrolment to /cursuri-online; unknown or unpublished courses are 404", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course } = await courseWithLessons();
    const response = await run(playerLoader, get(playerUrl(String(course.id)), { cookie }), { id: String(course.id) });
    expect(response.headers.get("Location")).toBe("/cursuri-online");
    const hidden = await courseWithLessons({ isPublished: false });
    await enrol(user.id, hidden.course.id);
    expect((await run(playerLoader, get(playerUrl(String(hidden.course.id)), { cookie }), { id: String(hidden.course.id) })).status).toBe(404);
    expect((await run(playerLoader, get(playerUrl("987654"), { cookie }), { id: "987654" })).status).toBe(404);
    expect((await run(playerLoader, get(playerUrl("abc"), { cookie }), { id: "abc" })).status).toBe(404);
  });

  it("sends a pending enrolment back to the course page with the waiting message", async () => {
    const s = await student({ paymentStatus: "pending", confirmedAt: null });
    const response = await run(playerLoader, get(playerUrl(s.id), { cookie: s.cookie }), { id: s.id });
    expect(response.headers.get("Location")).toBe(`/cursuri-online/curs/${s.id}`);
    expect(await toastOf(response)).toBe("Se așteaptă confirmarea plății");
  });

  it("closes the lessons and their media to a refunded enrolment", async () => {
    const s = await student();
    expect((await run(playerLoader, get(playerUrl(s.id), { cookie: s.cookie }), { id: s.id })).status).toBe(200);
    await getDb().update(enrollments).set({ paymentStatus: "refunded" }).where(eq(enrollments.id, s.enrollment.id));
    const page = await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    expect(page.headers.get("Location")).toBe(`/cursuri-online/curs/${s.id}`);
    expect(await toastOf(page)).toBe(PLAYER_MESSAGES.noAccess);
    const media = await run(mediaLoader, get(`/cursuri-online/curs/${s.id}/lectie/media?lectie=0-1&tip=video`, { cookie: s.cookie }), { id: s.id });
    expect(media.status).toBe(403);
    await backdate(s.enrollment.id, s.lessons[0].id, 500);
    const save = await run(playerAction, post(playerUrl(s.id, "0-1"), { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(save.headers.get("Location")).toBe(`/cursuri-online/curs/${s.id}`);
    expect((await enrollmentRow(s.enrollment.id)).progress).toBe(0);
  });

  it("shows an expired enrolment the expiry page, keeping its progress, and refuses lessons and media", async () => {
    const s = await student({ accessUntil: new Date(Date.now() - 86_400_000), progress: 33, completedChapters: [0] });
    await getDb().insert(lessonProgress).values([
      { enrollmentId: s.enrollment.id, lessonId: s.lessons[0].id, completedAt: new Date() },
      { enrollmentId: s.enrollment.id, lessonId: s.lessons[1].id, completedAt: new Date() },
    ]);
    const response = await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data).toMatchObject({ view: "expired", lesson: null, progress: 33 });
    expect(new Date(data.accessUntil).getTime()).toBeLessThan(Date.now());
    const media = await run(mediaLoader, get(`/cursuri-online/curs/${s.id}/lectie/media?lectie=0-1&tip=video`, { cookie: s.cookie, }), { id: s.id });
    expect(media.status).toBe(403);
    const save = await run(playerAction, post(playerUrl(s.id, "1-1"), { lectie: "1-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(save.headers.get("Location")).toBe(playerUrl(s.id));
  });
});

describe("the player page", () => {
  it("opens the first lesson, lists chapters in order with their titles and locks, and records when it was served", async () => {
    const s = await student();
    const response = await run(playerLoader, get(playerUrl(s.id), { cookie: s.cookie }), { id: s.id });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await response.json();
    expect(data.view).toBe("lesson");
    expect(data.lesson).toMatchObject({ key: "0-1", title: "Bun venit", completed: false, pdfHref: null });
    expect(data.lesson.videoUrl).toMatch(/^\/media\/videos\//);
    expect(data.chapters.map((c: { title: string; unlocked: boolean }) => [c.title, c.unlocked])).toEqual([
      ["Introducere", true],
      ["Pregătirea unghiei", false],
      ["Capitol 2", false],
    ]);
    // The unpublished lesson is not listed.
    expect(data.chapters[2].lessons.map((l: { key: string }) => l.key)).toEqual(["2-1"]);
    const [served] = await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, s.enrollment.id));
    expect(served).toMatchObject({ lessonId: s.lessons[0].id, completedAt: null });
  });

  it("signs the video for at least four hours, with the same URL for 10 minutes (the page can be kept)", async () => {
    const s = await student();
    const load = async () => (await (await run(playerLoader, get(playerUrl(s.id), { cookie: s.cookie }), { id: s.id })).json()).lesson.videoUrl as string;
    const before = Date.now();
    const [first, second] = [await load(), await load()];
    const after = Date.now();
    const url = new URL(first, "http://localhost:3000");
    expect(verifyLocalUrl(VIDEO, url.searchParams).ok).toBe(true);
    const lifetime = Number(url.searchParams.get("e")) - after / 1000;
    expect(lifetime).toBeGreaterThan(4 * 3600 - 60);
    expect(lifetime).toBeLessThanOrEqual(4 * 3600 + 600 + 1);
    // Unless a 10-minute window ended between the two loads, both got the very same URL.
    if (expiryFor(URL_LIFETIMES.lessonVideo, before) === expiryFor(URL_LIFETIMES.lessonVideo, after)) expect(second).toBe(first);
  });

  it("refuses a locked lesson's page (403) and answers 404 for an unknown or unpublished one", async () => {
    const s = await student();
    expect((await run(playerLoader, get(playerUrl(s.id, "1-1"), { cookie: s.cookie }), { id: s.id })).status).toBe(403);
    expect((await run(playerLoader, get(playerUrl(s.id, "9-9"), { cookie: s.cookie }), { id: s.id })).status).toBe(404);
    expect((await run(playerLoader, get(playerUrl(s.id, "2-2"), { cookie: s.cookie }), { id: s.id })).status).toBe(404);
    expect((await run(playerLoader, get(playerUrl(s.id, "x"), { cookie: s.cookie }), { id: s.id })).status).toBe(404);
  });
});

describe("media", () => {
  it("hands a fresh signed URL to the owner of an unlocked lesson, and 403 for a locked one", async () => {
    const s = await student();
    const media = (key: string, tip: string, accept = "application/json") =>
      run(mediaLoader, new Request(`http://localhost:3000/cursuri-online/curs/${s.id}/lectie/media?lectie=${key}&tip=${tip}`, { headers: { Cookie: s.cookie, Accept: accept } }), { id: s.id });
    const ok = await media("0-1", "video");
    expect(ok.status).toBe(200);
    const { url } = await ok.json();
    expect(verifyLocalUrl(VIDEO, new URL(url, "http://localhost:3000").searchParams).ok).toBe(true);
    expect((await media("1-1", "video")).status).toBe(403);
    expect((await media("1-1", "pdf")).status).toBe(403);
    expect((await media("1-1", "pdf", "text/html")).status).toBe(403);
    expect((await media("0-1", "pdf")).status).toBe(404);
    // Another user gets nothing either.
    const other = await createUser();
    const foreign = await run(mediaLoader, new Request(`http://localhost:3000/cursuri-online/curs/${s.id}/lectie/media?lectie=0-1&tip=video`, { headers: { Cookie: await cookieFor(other.id), Accept: "application/json" } }), { id: s.id });
    expect(foreign.status).toBe(403);
  });

  it("redirects the PDF link to a 15-minute signed download once the chapter is open", async () => {
    const s = await student();
    await getDb().insert(lessonProgress).values([
      { enrollmentId: s.enrollment.id, lessonId: s.lessons[0].id, completedAt: new Date() },
      { enrollmentId: s.enrollment.id, lessonId: s.lessons[1].id, completedAt: new Date() },
    ]);
    const response = await run(mediaLoader, get(`/cursuri-online/curs/${s.id}/lectie/media?lectie=1-1&tip=pdf`, { cookie: s.cookie }), { id: s.id });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("Location")!, "http://localhost:3000");
    expect(target.pathname).toBe(`/media/${PDF}`);
    expect(target.searchParams.get("d")).toBe("fisa-pregatire.pdf");
    expect(Number(target.searchParams.get("e")) - Date.now() / 1000).toBeLessThanOrEqual(15 * 60 + 1);
  });
});

describe("completing lessons", () => {
  it("refuses a completion posted right after the lesson was served, with the seconds left", async () => {
    const s = await student();
    await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    const response = await run(playerAction, post(playerUrl(s.id, "0-1"), { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/^Mai vizionați lecția încă (89|90) de secunde\.$/);
    const rows = await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, s.enrollment.id));
    expect(rows[0].completedAt).toBeNull();
    // Never served at all (asked for directly): nothing could have been watched.
    const json = await run(progressAction, post(`/cursuri-online/curs/${s.id}/lectie/progres`, { lectie: "0-2" }, { cookie: s.cookie }), { id: s.id });
    expect(json.status).toBe(409);
  });

  it("accepts one posted after 90% of the duration, ignores posted progress, stores the computed one and moves on", async () => {
    const s = await student();
    await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    await backdate(s.enrollment.id, s.lessons[0].id, 89);
    const early = await run(playerAction, post(playerUrl(s.id, "0-1"), { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("Mai vizionați lecția încă 1 secundă.");
    await backdate(s.enrollment.id, s.lessons[0].id, 1);
    const response = await run(
      playerAction,
      post(playerUrl(s.id, "0-1"), { lectie: "0-1", inscriere: s.enrollment.id, progress: "100", totalChapters: "1", chapterId: "2", completed: "true" }, { cookie: s.cookie }),
      { id: s.id },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(playerUrl(s.id, "0-2"));
    expect(await enrollmentRow(s.enrollment.id)).toMatchObject({ progress: 0, completedChapters: [], completedAt: null });

    // The second lesson completes the first chapter: 1 of 3 chapters, and chapter 1 opens.
    const next = await watchAndContinue(s, "0-2", s.lessons[1].id);
    expect(next.headers.get("Location")).toBe(playerUrl(s.id, "1-1"));
    expect(await enrollmentRow(s.enrollment.id)).toMatchObject({ progress: 33, completedChapters: [0] });
    expect((await run(playerLoader, get(playerUrl(s.id, "1-1"), { cookie: s.cookie }), { id: s.id })).status).toBe(200);
  });

  it("uses the server's clock: the model accepts at 90% of the duration, not before", async () => {
    const s = await student();
    const served = new Date("2026-03-01T10:00:00Z");
    await getDb().insert(lessonProgress).values({ enrollmentId: s.enrollment.id, lessonId: s.lessons[0].id, firstServedAt: served });
    const at = (seconds: number) => new Date(served.getTime() + seconds * 1000);
    expect(await completeLesson({ userId: s.user.id, courseId: s.course.id, lessonKey: "0-1", now: at(89) })).toEqual({ ok: false, reason: "too-early", seconds: 1 });
    expect(await completeLesson({ userId: s.user.id, courseId: s.course.id, lessonKey: "0-1", now: at(90) })).toMatchObject({ ok: true, nextKey: "0-2" });
  });

  it("refuses to complete a locked lesson (403), even after waiting", async () => {
    const s = await student();
    await getDb().insert(lessonProgress).values({ enrollmentId: s.enrollment.id, lessonId: s.lessons[2].id, firstServedAt: new Date(Date.now() - 3_600_000) });
    const page = await run(playerAction, post(playerUrl(s.id, "1-1"), { lectie: "1-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(page.status).toBe(403);
    const json = await run(progressAction, post(`/cursuri-online/curs/${s.id}/lectie/progres`, { lectie: "1-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(json.status).toBe(403);
    const [row] = await getDb().select().from(lessonProgress).where(eq(lessonProgress.lessonId, s.lessons[2].id));
    expect(row.completedAt).toBeNull();
  });

  it("cannot advance another user's enrolment (404)", async () => {
    const s = await student();
    await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    await backdate(s.enrollment.id, s.lessons[0].id, 500);
    // Another student, enrolled in the same course, posts with the first one's enrolment id.
    const other = await createUser();
    const otherEnrollment = await enrol(other.id, s.course.id);
    const otherCookie = await cookieFor(other.id);
    const fields = { lectie: "0-1", inscriere: s.enrollment.id };
    expect((await run(playerAction, post(playerUrl(s.id, "0-1"), fields, { cookie: otherCookie }), { id: s.id })).status).toBe(404);
    expect((await run(progressAction, post(`/cursuri-online/curs/${s.id}/lectie/progres`, fields, { cookie: otherCookie }), { id: s.id })).status).toBe(404);
    // A user who is not enrolled at all.
    const stranger = await cookieFor((await createUser()).id);
    expect((await run(playerAction, post(playerUrl(s.id, "0-1"), fields, { cookie: stranger }), { id: s.id })).status).toBe(404);
    const rows = await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, s.enrollment.id));
    expect(rows.every((r) => r.completedAt === null)).toBe(true);
    expect(await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, otherEnrollment.id))).toHaveLength(0);
  });

  it("answers the JavaScript save with JSON: next lesson, or the wait message", async () => {
    const s = await student();
    await run(playerLoader, get(playerUrl(s.id, "0-1"), { cookie: s.cookie }), { id: s.id });
    const early = await run(progressAction, post(`/cursuri-online/curs/${s.id}/lectie/progres`, { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ ok: false, message: expect.stringMatching(/^Mai vizionați lecția încă/) });
    await backdate(s.enrollment.id, s.lessons[0].id, 95);
    const ok = await run(progressAction, post(`/cursuri-online/curs/${s.id}/lectie/progres`, { lectie: "0-1", inscriere: s.enrollment.id }, { cookie: s.cookie }), { id: s.id });
    expect(await ok.json()).toEqual({ ok: true, next: playerUrl(s.id, "0-2"), progress: 0, finished: false });
  });

  it("finishes the course at 100%: completion date, the congratulations view, one diploma", async () => {
    const s = await student();
    const steps: Array<[string, number, string]> = [
      ["0-1", 0, playerUrl(s.id, "0-2")],
      ["0-2", 1, playerUrl(s.id, "1-1")],
      ["1-1", 2, playerUrl(s.id, "2-1")],
      ["2-1", 3, playerUrl(s.id)],
    ];
    for (const [key, index, location] of steps) {
      const response = await watchAndContinue(s, key, s.lessons[index].id);
      expect(response.headers.get("Location"), key).toBe(location);
    }
    const row = await enrollmentRow(s.enrollment.id);
    expect(row).toMatchObject({ progress: 100, completedChapters: [0, 1, 2] });
    expect(row.completedAt).not.toBeNull();
    const data = await (await run(playerLoader, get(playerUrl(s.id), { cookie: s.cookie }), { id: s.id })).json();
    expect(data).toMatchObject({ view: "finished", finished: true, progress: 100 });
    // Reviewing a lesson and pressing Continuă again changes nothing and issues no second diploma.
    await watchAndContinue(s, "2-1", s.lessons[3].id);
    const issued = await getDb().select().from(diplomas).where(eq(diplomas.enrollmentId, s.enrollment.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ holderName: "Ștefania Țurcanu", courseTitle: s.course.title });
    expect(issued[0].code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect((await enrollmentRow(s.enrollment.id)).completedAt).toEqual(row.completedAt);
  });
});
