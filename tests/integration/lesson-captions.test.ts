/**
 * Issue 19 item 5 (WCAG 1.2.2): lesson captions and transcripts. The admin attaches a WebVTT
 * file to a lesson (a form post without JavaScript, or a direct upload checked afterwards); a
 * file that is not WebVTT (SRT, HTML renamed .vtt) is refused with a Romanian message. The
 * captions are served as text/vtt (the verified type) only to an enrolled student; the player
 * renders them as a <track> and the transcript under the video.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, enrollments, lessons, mediaFiles } from "../../db/schema";
import { cookieFor, createUser } from "../helpers/factories";
import { onlineCourseForm, postCourseForm, storedUploads } from "../helpers/course-form";
import { BASE, get, run } from "../helpers/http";
import { TRANSCRIPT_MAX_LENGTH } from "~/lib/validation/admin-course";
import { WEBVTT_MESSAGES } from "~/lib/webvtt";
import { mediaTypeOf } from "~/models/media-type.server";
import { loader as mediaFileLoader } from "~/routes/media.$";
import { loader as lessonMediaLoader } from "~/routes/cursuri-online.curs.$id.lectie_.media";
import { getStorage } from "~/services/storage.server";
import { issueUploadUrl, verifyUpload } from "~/services/uploads.server";

const VTT = "\uFEFFWEBVTT\n\n00:00.000 --> 00:03.500\nBună ziua și bine ați venit!\n\n00:00:03.500 --> 00:00:07.000\nAstăzi pregătim unghia.\n";
const SRT = "1\n00:00:01,000 --> 00:00:04,000\nBună ziua\n\n2\n00:00:04,000 --> 00:00:07,000\nPregătim unghia.\n";
const HTML = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
const TRANSCRIPT = "Bună ziua și bine ați venit!\n\nAstăzi pregătim unghia: pilim, curățăm cuticulele.";

let adminCookie = "";

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  adminCookie = await cookieFor(admin.id);
});

const vttFile = (text: string, name: string, type = "text/vtt") => new File([new TextEncoder().encode(text)], name, { type });

/** The admin's course editor post, as a browser without JavaScript sends it (multipart). */
const postCourse = (form: FormData) => postCourseForm(form, adminCookie);

async function lessonOf(title: string) {
  const [course] = await getDb().select().from(courses).where(eq(courses.title, title));
  if (!course) return null;
  const [lesson] = await getDb().select().from(lessons).where(eq(lessons.courseId, course.id));
  return { course, lesson };
}

describe("the admin attaches captions and a transcript to a lesson (no JavaScript)", () => {
  it("stores a WebVTT file and the transcript on the lesson; the file's verified type is text/vtt", async () => {
    const title = "Curs cu subtitrări";
    const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].captionsKey": vttFile(VTT, "Lecția 1.vtt"), "lessons[0].transcript": TRANSCRIPT }));
    expect(response.status).toBe(302);
    const saved = await lessonOf(title);
    expect(saved!.lesson.captionsKey).toMatch(/^captions\/\d+_lectia-1\.vtt$/);
    expect(saved!.lesson.transcript).toBe(TRANSCRIPT);
    const stored = await getStorage().readRange(saved!.lesson.captionsKey!, 0, 1024 * 1024);
    expect(Buffer.from(stored!).toString("utf8")).toBe(VTT);
    const [row] = await getDb().select().from(mediaFiles).where(eq(mediaFiles.key, saved!.lesson.captionsKey!));
    expect(row.contentType).toBe("text/vtt");
  });

  it("accepts a .vtt whose browser sent no type (or text/plain): the content decides", async () => {
    const title = "Curs cu subtitrări fără tip";
    const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].captionsKey": vttFile(VTT, "fara-tip.vtt", "application/octet-stream") }));
    expect(response.status).toBe(302);
    expect((await lessonOf(title))!.lesson.captionsKey).toMatch(/^captions\/\d+_fara-tip\.vtt$/);
  });

  it.each([
    ["an SRT file", SRT, "subtitrari-srt.vtt", WEBVTT_MESSAGES.srt],
    ["an HTML file renamed .vtt", HTML, "pagina-html.vtt", WEBVTT_MESSAGES.signature],
    ["a WebVTT file with a broken timing", "WEBVTT\n\n00:00:01,000 --> 00:00:04,000\nText\n", "timp-gresit.vtt", WEBVTT_MESSAGES.timing(3)],
  ])("refuses %s with a Romanian field message; nothing is stored or saved", async (_label, text, name, message) => {
    const title = `Curs cu ${name}`;
    const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].captionsKey": vttFile(text, name) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error["lessons[0].captionsKey"]).toEqual([message]);
    expect(await storedUploads("captions", name.replace(".vtt", ""))).toEqual([]);
    expect(await lessonOf(title)).toBeNull();
  });

  it("refuses a transcript over the limit with a Romanian message", async () => {
    const title = "Curs cu transcriere prea lungă";
    const response = await postCourse(onlineCourseForm(title, { "lessons[0].transcript": "a".repeat(TRANSCRIPT_MAX_LENGTH + 1) }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error["lessons[0].transcript"]).toEqual(["Transcrierea poate avea cel mult 100.000 de caractere."]);
    expect(await lessonOf(title)).toBeNull();
  });
});

describe("direct uploads of captions (JavaScript)", () => {
  async function uploadDirect(text: string, fileName: string, contentType: string) {
    const bytes = new TextEncoder().encode(text);
    const target = await issueUploadUrl({ folder: "captions", fileName, contentType, size: bytes.byteLength });
    if (!target.ok) throw new Error(target.error);
    await getStorage().put(target.key, bytes, contentType, bytes.byteLength); // the browser's PUT
    return target.key;
  }

  it("a WebVTT file passes its check as text/vtt", async () => {
    const key = await uploadDirect(VTT, "direct.vtt", "text/vtt");
    expect(key).toMatch(/^captions\/\d+_direct\.vtt$/);
    const checked = await verifyUpload(key);
    expect(checked).toMatchObject({ ok: true, contentType: "text/vtt" });
  });

  it("an HTML file declared text/vtt is refused with the reason and deleted", async () => {
    const key = await uploadDirect(HTML, "atac.vtt", "text/vtt");
    expect(await verifyUpload(key)).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature, status: 415 });
    expect(await getStorage().head(key)).toBeNull();
  });

  it("an HTML or SVG type is refused before any upload URL is issued", async () => {
    expect(await issueUploadUrl({ folder: "captions", fileName: "x.vtt", contentType: "text/html", size: 10 })).toMatchObject({ ok: false, status: 415 });
    expect(await issueUploadUrl({ folder: "captions", fileName: "x.svg", contentType: "image/svg+xml", size: 10 })).toMatchObject({ ok: false, status: 415 });
  });

  it("a file over 1 MB is refused before the upload", async () => {
    expect(await issueUploadUrl({ folder: "captions", fileName: "mare.vtt", contentType: "text/vtt", size: 1024 * 1024 + 1 })).toMatchObject({ ok: false, status: 413 });
  });
});

describe("serving captions and the player", () => {
  /** A published course whose lesson 0-1 has a video, captions and a transcript, saved by the admin's form. */
  async function courseWithCaptions() {
    const title = `Curs redat ${Date.now()}`;
    const video = new File([new Uint8Array(fs.readFileSync("tests/fixtures/lectie.mp4"))], "lectie.mp4", { type: "video/mp4" });
    const files = { "file:lessons[0].videoKey": video, "file:lessons[0].captionsKey": vttFile(VTT, "redat.vtt"), "lessons[0].transcript": TRANSCRIPT };
    expect((await postCourse(onlineCourseForm(title, files))).status).toBe(302);
    return (await lessonOf(title))!;
  }

  async function enrolled(courseId: number) {
    const user = await createUser({ name: "Ioana Știrbu" });
    await getDb().insert(enrollments).values({
      userId: user.id,
      courseId,
      courseType: "online",
      optionSnapshot: { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 },
      paymentStatus: "confirmed",
      confirmedAt: new Date(),
    });
    return cookieFor(user.id);
  }

  const captionsUrl = (courseId: number) => `/cursuri-online/curs/${courseId}/lectie/media?lectie=0-1&tip=subtitrari`;

  it("serves the captions as text/vtt to an enrolled student only", async () => {
    const { course } = await courseWithCaptions();
    const id = String(course.id);
    const student = await run(lessonMediaLoader, get(captionsUrl(course.id), { cookie: await enrolled(course.id) }), { id });
    expect(student.status).toBe(200);
    expect(student.headers.get("Content-Type")).toBe("text/vtt");
    expect(student.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(student.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await student.arrayBuffer()).equals(Buffer.from(VTT, "utf8"))).toBe(true);

    const stranger = await createUser();
    const refused = await run(lessonMediaLoader, get(captionsUrl(course.id), { cookie: await cookieFor(stranger.id) }), { id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("WEBVTT");

    const guest = await run(lessonMediaLoader, get(captionsUrl(course.id)), { id });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/autentificare\?redirectTo=/);
  });

  it("the signed /media URL (the admin's link) serves the verified type text/vtt, never the extension's guess", async () => {
    const { lesson } = await courseWithCaptions();
    const key = lesson.captionsKey!;
    const url = new URL(await getStorage().getUrl(key, { ttlSeconds: 600 }), BASE);
    const served = await mediaFileLoader({ request: new Request(url), params: { "*": key }, context: {} });
    expect(served.headers.get("Content-Type")).toBe("text/vtt");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");

    // An HTML file sitting under a .vtt key (never checked) is a download, not text/vtt.
    const planted = `captions/${Date.now()}_plantat.vtt`;
    await getStorage().put(planted, new TextEncoder().encode(HTML), "text/vtt");
    expect(await mediaTypeOf(planted)).toBeNull();
    const plantedUrl = new URL(await getStorage().getUrl(planted, { ttlSeconds: 600 }), BASE);
    const download = await mediaFileLoader({ request: new Request(plantedUrl), params: { "*": planted }, context: {} });
    expect(download.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(download.headers.get("Content-Disposition")).toBe("attachment");
  });

  it("the lesson page renders the captions track inside the video and the transcript", async () => {
    const { course } = await courseWithCaptions();
    const cookie = await enrolled(course.id);
    const page = await import("~/routes/cursuri-online.curs.$id.lectie");
    const unwrap = (value: unknown) =>
      typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit" ? (value as { data: unknown }).data : value;
    const routes: RouteObject[] = [
      {
        id: "lectie",
        path: "/cursuri-online/curs/:id/lectie",
        loader: async (args) => unwrap(await page.loader({ ...args, context: {} } as never)) as never,
        Component: page.default,
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(get(`/cursuri-online/curs/${course.id}/lectie?lectie=0-1`, { cookie }));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));

    const video = /<video[^>]*data-testid="lesson-video"[^>]*>([\s\S]*?)<\/video>/.exec(html);
    expect(video).not.toBeNull();
    const track = /<track [^>]*>/.exec(video![1])?.[0] ?? "";
    expect(track).toContain('kind="captions"');
    expect(track).toContain('srcLang="ro"');
    expect(track).toContain('label="Română"');
    expect(track).toContain(`src="${captionsUrl(course.id).replace(/&/g, "&amp;")}"`);
    expect(track).toMatch(/\bdefault=""/);

    expect(html).toContain("<summary class=\"player-transcript__summary\">Transcriere</summary>");
    expect(html).toContain("<p>Bună ziua și bine ați venit!</p>");
    expect(html).toContain("<p>Astăzi pregătim unghia: pilim, curățăm cuticulele.</p>");
  });

  it("a lesson without captions or transcript renders neither", async () => {
    const title = `Curs fără subtitrări ${Date.now()}`;
    expect((await postCourse(onlineCourseForm(title, {}))).status).toBe(302);
    const { course } = (await lessonOf(title))!;
    const cookie = await enrolled(course.id);
    const { loader } = await import("~/routes/cursuri-online.curs.$id.lectie");
    const response = await run(loader, get(`/cursuri-online/curs/${course.id}/lectie?lectie=0-1`, { cookie }), { id: String(course.id) });
    const body = (await response.json()) as { lesson: { captionsSrc: string | null; transcript: string } };
    expect(body.lesson).toMatchObject({ captionsSrc: null, transcript: "" });
    const media = await run(lessonMediaLoader, get(captionsUrl(course.id), { cookie }), { id: String(course.id) });
    expect(media.status).toBe(404);
  });
});
