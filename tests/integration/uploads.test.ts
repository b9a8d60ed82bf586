/**
 * Admin uploads (issue 8): type and size checks before and after storing, the local backend's
 * signed PUT URLs, the multipart form path (no JavaScript), and the S3 backend against an
 * S3-compatible server on loopback (s3rver): presigned PUT and signed GET round trips, ranged reads.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { courses, lessons, products } from "../../db/schema";
import { createProduct, createUser } from "../helpers/factories";
import { onlineCourseForm, postCourseForm, storedUploads } from "../helpers/course-form";
import { BASE, cookiesFrom, run } from "../helpers/http";
import { formatContentRange } from "~/lib/http-range";
import { variantKey } from "~/lib/images";
import { UPLOAD_CHUNK_BYTES, UPLOAD_MESSAGES, UPLOAD_PROOF_FIELD } from "~/lib/upload-rules";
import { createSession } from "~/models/session.server";
import { catalogueImage } from "~/services/images.server";
import { cancelLocalUpload, receiveLocalUpload } from "~/services/local-upload.server";
import { createS3Backend, createS3Client, presignWindow } from "~/services/storage/s3.server";
import { getStorage, localBackend, localPathForKey, URL_LIFETIMES } from "~/services/storage.server";
import { expiryFor } from "~/services/storage/backend.server";
import { issueUploadUrl, verifyUpload } from "~/services/uploads.server";
import { measureVideoDuration } from "~/services/video-duration.server";
import { resetEnvironment, useStorageBackend } from "~/test-support.server";

const FIXTURES = path.resolve("tests/fixtures");
const webp = fs.readFileSync(path.join(FIXTURES, "coperta.webp"));
const pdf = fs.readFileSync(path.join(FIXTURES, "fisa.pdf"));
const mp4 = fs.readFileSync(path.join(FIXTURES, "lectie.mp4"));
/** 3.2 s, QuickTime with moov after mdat (scripts/make-video-fixtures.sh). */
const mov = fs.readFileSync(path.join(FIXTURES, "video/durata.mov"));
/** A real file keeps to its container: extra bytes go in a `free` box (MP4) or before the end marker (PDF). */
const mp4With = (extra: Buffer) => Buffer.concat([mp4, Buffer.from([(extra.length + 8) >>> 24, ((extra.length + 8) >> 16) & 255, ((extra.length + 8) >> 8) & 255, (extra.length + 8) & 255]), Buffer.from("free"), extra]);
const pdfWith = (extra: Buffer) => Buffer.concat([pdf, Buffer.from("\n%"), extra, Buffer.from("\n%%EOF\n")]);
const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

let adminCookie = "";

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  adminCookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": await createSession(admin.id) } }));
});

async function localPut(url: string, body: Buffer, contentType: string, extra: Record<string, string> = {}) {
  const { action } = await import("~/routes/api.admin.upload.local");
  const request = new Request(`${BASE}${url}`, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "Content-Type": contentType, "Content-Length": String(body.byteLength), Cookie: adminCookie, Origin: BASE, ...extra },
  });
  return run(action, request);
}

type ChunkAnswer = { key?: string; received?: number; complete?: boolean; error?: string; offset?: number };

/** One chunk, bytes [start, end) of `file`, as the browser sends it. */
async function putChunk(url: string, file: Buffer, start: number, end: number, contentType: string) {
  const response = await localPut(url, file.subarray(start, end), contentType, { "Content-Range": formatContentRange(start, end, file.byteLength) });
  return { status: response.status, body: (await response.json()) as ChunkAnswer };
}

async function postJson(path: string, body: unknown) {
  const route = path.endsWith("upload-url") ? await import("~/routes/api.admin.upload.upload-url") : await import("~/routes/api.admin.upload.complete");
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: adminCookie, Origin: BASE },
  });
  const response = await run(route.action, request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const exists = (file: string) => fsp.stat(file).then(() => true, () => false);
const stored = async (key: string) => Buffer.from((await getStorage().readRange(key, 0, 64 * 1024 * 1024))!);

describe("upload URLs check type and size first", () => {
  it("refuses a type that does not belong in the folder, and an oversize file", async () => {
    expect(await issueUploadUrl({ folder: "courses", fileName: "x.html", contentType: "text/html", size: 10 })).toMatchObject({ ok: false, status: 415 });
    expect(await issueUploadUrl({ folder: "courses", fileName: "x.svg", contentType: "image/svg+xml", size: 10 })).toMatchObject({ ok: false, status: 415 });
    expect(await issueUploadUrl({ folder: "pdfs", fileName: "x.mp4", contentType: "video/mp4", size: 10 })).toMatchObject({ ok: false, status: 415 });
    expect(await issueUploadUrl({ folder: "courses", fileName: "x.webp", contentType: "image/webp", size: 11 * 1024 * 1024 })).toMatchObject({ ok: false, status: 413 });
    expect(await issueUploadUrl({ folder: "../etc", fileName: "x.webp", contentType: "image/webp", size: 10 })).toMatchObject({ ok: false, status: 400 });
    expect(await issueUploadUrl({ key: "courses/../../passwd", contentType: "image/webp", size: 10 })).toMatchObject({ ok: false, status: 400 });
  });

  it("the upload-url endpoint answers JSON with a key of the form folder/timestamp_filename", async () => {
    const { action } = await import("~/routes/api.admin.upload.upload-url");
    const request = new Request(`${BASE}/api/admin/upload/upload-url`, {
      method: "POST",
      body: JSON.stringify({ folder: "videos", fileName: "Lecția 1.MP4", contentType: "video/mp4", size: mp4.byteLength }),
      headers: { "Content-Type": "application/json", Cookie: adminCookie, Origin: BASE },
    });
    const response = await run(action, request);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; key: string; headers: Record<string, string> };
    expect(body.key).toMatch(/^videos\/\d+_lectia-1\.mp4$/);
    expect(body.headers).toEqual({ "Content-Type": "video/mp4" });
    expect(body.url).toMatch(/^\/api\/admin\/upload\/local\?/);
  });
});

describe("local direct uploads", () => {
  it("stores a real image and accepts it after sniffing", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "coperta.webp", contentType: "image/webp", size: webp.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await localPut(target.url, webp, "image/webp")).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: true, contentType: "image/webp" });
  });

  it("a phone photo is turned upright, resized to 960px, stripped of metadata and gets its 480px and 720px variants", async () => {
    // 3000×2000 as stored by a camera held upright (EXIF orientation 6: rotate 90° to view).
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#c0306a" } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Telefonul Anei" } } })
      .toBuffer();
    const target = await issueUploadUrl({ folder: "courses", fileName: "IMG_0001.JPG", contentType: "image/jpeg", size: photo.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await localPut(target.url, photo, "image/jpeg")).status).toBe(200);
    const check = await verifyUpload(target.key);
    expect(check).toMatchObject({ ok: true, contentType: "image/jpeg" });
    const large = await getStorage().readRange(target.key, 0, 10 * 1024 * 1024);
    const small = await getStorage().readRange(variantKey(target.key), 0, 10 * 1024 * 1024);
    const medium = await getStorage().readRange(variantKey(target.key, 720), 0, 10 * 1024 * 1024);
    const [largeMeta, smallMeta, mediumMeta] = await Promise.all([large, small, medium].map((bytes) => sharp(Buffer.from(bytes!)).metadata()));
    expect([largeMeta.width, largeMeta.height]).toEqual([960, 1440]);
    expect([smallMeta.width, smallMeta.height]).toEqual([480, 720]);
    expect([mediumMeta.width, mediumMeta.height]).toEqual([720, 1080]);
    expect(largeMeta.exif).toBeUndefined();
    expect(large!.byteLength).toBeLessThan(photo.byteLength);
    expect(check.ok && check.size).toBe(large!.byteLength);
    const image = await catalogueImage(target.key);
    expect(image?.small).toContain("-480.jpg");
    expect(image?.medium).toContain("-720.jpg");
  });

  it("refuses a file that starts like a JPEG but cannot be decoded, and deletes it", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
    const target = await issueUploadUrl({ folder: "courses", fileName: "stricat.jpg", contentType: "image/jpeg", size: broken.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await localPut(target.url, broken, "image/jpeg")).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: false, status: 415, error: UPLOAD_MESSAGES.unreadableImage });
    expect(await getStorage().head(target.key)).toBeNull();
    expect(await getStorage().head(variantKey(target.key))).toBeNull();
    expect(await getStorage().head(variantKey(target.key, 720))).toBeNull();
  });

  it("refuses an HTML file named .jpg after the upload and deletes it", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "poza.jpg", contentType: "image/jpeg", size: html.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await localPut(target.url, html, "image/jpeg")).status).toBe(200);
    const check = await verifyUpload(target.key);
    expect(check).toMatchObject({ ok: false, status: 415 });
    expect(await getStorage().head(target.key)).toBeNull();
  });

  it("refuses a tampered URL, another content type and a body over the signed cap", async () => {
    const target = await issueUploadUrl({ folder: "pdfs", fileName: "fisa.pdf", contentType: "application/pdf", size: pdf.byteLength });
    if (!target.ok) throw new Error(target.error);
    const tampered = target.url.replace(/m=\d+/, "m=999999999999");
    expect((await localPut(tampered, pdf, "application/pdf")).status).toBe(403);
    expect((await localPut(target.url, pdf, "text/html")).status).toBe(415);
    const small = await getStorage().createUploadUrl("pdfs/1_mic.pdf", { contentType: "application/pdf", size: 10, maxBytes: 100 });
    expect((await localPut(small.url, pdf, "application/pdf")).status).toBe(413);
    expect(await getStorage().head("pdfs/1_mic.pdf")).toBeNull();
  });

  it("a guest or a plain user cannot upload", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "a.webp", contentType: "image/webp", size: webp.byteLength });
    if (!target.ok) throw new Error(target.error);
    const { action } = await import("~/routes/api.admin.upload.local");
    const guest = await run(action, new Request(`${BASE}${target.url}`, { method: "PUT", body: webp, headers: { "Content-Type": "image/webp", Origin: BASE } }));
    expect(guest.status).toBe(401);
    const user = await createUser();
    const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": await createSession(user.id) } }));
    const plain = await run(action, new Request(`${BASE}${target.url}`, { method: "PUT", body: webp, headers: { "Content-Type": "image/webp", Origin: BASE, Cookie: cookie } }));
    expect(plain.status).toBe(403);
  });
});

describe("chunked uploads to the local storage (each request well under Node's 5-minute timeout)", () => {
  it("a video in 8 MB chunks is assembled to the same bytes, verified, and leaves no part file", async () => {
    // An MP4 with 19 MB more: three chunks of the size the server hands out.
    const video = mp4With(randomBytes(19 * 1024 * 1024));
    const issued = await postJson("/api/admin/upload/upload-url", { folder: "videos", fileName: "Lecție lungă.mp4", contentType: "video/mp4", size: video.byteLength });
    expect(issued.status).toBe(200);
    const target = issued.body as { url: string; key: string; chunkSize: number };
    expect(target.chunkSize).toBe(UPLOAD_CHUNK_BYTES);
    const answers: ChunkAnswer[] = [];
    for (let start = 0; start < video.byteLength; start += target.chunkSize) {
      const { status, body } = await putChunk(target.url, video, start, Math.min(video.byteLength, start + target.chunkSize), "video/mp4");
      expect(status, body.error).toBe(200);
      answers.push(body);
    }
    expect(answers.map((a) => [a.received, a.complete])).toEqual([
      [UPLOAD_CHUNK_BYTES, false],
      [2 * UPLOAD_CHUNK_BYTES, false],
      [video.byteLength, true],
    ]);
    expect((await stored(target.key)).equals(video)).toBe(true);
    expect(await exists(`${localPathForKey(target.key)}.part`)).toBe(false);
    const checked = await postJson("/api/admin/upload/complete", { key: target.key });
    expect(checked).toMatchObject({ status: 200, body: { key: target.key, size: video.byteLength, contentType: "video/mp4", proof: expect.stringContaining(`${target.key}:`) } });
  });

  it("an image in small chunks passes the same checks (sniffed, re-encoded); an HTML file in chunks is refused", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "coperta.webp", contentType: "image/webp", size: webp.byteLength });
    if (!target.ok) throw new Error(target.error);
    for (const [start, end] of [[0, 1000], [1000, 2000], [2000, webp.byteLength]]) expect((await putChunk(target.url, webp, start, end, "image/webp")).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: true, contentType: "image/webp" });
    expect(await getStorage().head(variantKey(target.key))).not.toBeNull();

    const fake = Buffer.concat([html, Buffer.alloc(3000, 32)]);
    const bad = await issueUploadUrl({ folder: "courses", fileName: "poza.jpg", contentType: "image/jpeg", size: fake.byteLength });
    if (!bad.ok) throw new Error(bad.error);
    for (const [start, end] of [[0, 2000], [2000, fake.byteLength]]) expect((await putChunk(bad.url, fake, start, end, "image/jpeg")).status).toBe(200);
    expect(await verifyUpload(bad.key)).toMatchObject({ ok: false, status: 415 });
    expect(await getStorage().head(bad.key)).toBeNull();
  });

  it("refuses chunks out of order (409 with the offset to resume from) and tampered ones, then resumes to the right bytes", async () => {
    const file = pdfWith(randomBytes(6000));
    const target = await issueUploadUrl({ folder: "pdfs", fileName: "fisa.pdf", contentType: "application/pdf", size: file.byteLength });
    if (!target.ok) throw new Error(target.error);
    const part = `${localPathForKey(target.key)}.part`;
    // The second chunk first: refused, nothing written.
    expect(await putChunk(target.url, file, 3000, 6000, "application/pdf")).toMatchObject({ status: 409, body: { offset: 0, error: UPLOAD_MESSAGES.outOfOrder } });
    expect(await exists(part)).toBe(false);
    expect(await putChunk(target.url, file, 0, 3000, "application/pdf")).toMatchObject({ status: 200, body: { received: 3000, complete: false } });
    // The same chunk again (a retry whose answer was lost) and a gap: refused, the part keeps 3000 bytes.
    expect(await putChunk(target.url, file, 0, 3000, "application/pdf")).toMatchObject({ status: 409, body: { offset: 3000 } });
    expect(await putChunk(target.url, file, 6000, file.byteLength, "application/pdf")).toMatchObject({ status: 409, body: { offset: 3000 } });

    // Tampered: another total than the signed size, a URL with another size, another type.
    const wrongTotal = await localPut(target.url, file.subarray(3000, 6000), "application/pdf", { "Content-Range": `bytes 3000-5999/${file.byteLength + 1}` });
    expect(wrongTotal.status).toBe(400);
    const otherSize = target.url.replace(/([?&]n=)\d+/, `$1${file.byteLength + 10}`);
    expect(otherSize).not.toBe(target.url);
    expect((await putChunk(otherSize, file, 3000, 6000, "application/pdf")).status).toBe(403);
    expect((await putChunk(target.url, file, 3000, 6000, "text/html")).status).toBe(415);
    // A body longer or shorter than its range: refused and undone.
    const longer = await localPut(target.url, file.subarray(3000, 6500), "application/pdf", { "Content-Range": "bytes 3000-5999/" + file.byteLength, "Content-Length": "3000" });
    expect(longer.status).toBe(413);
    const shorter = await localPut(target.url, file.subarray(3000, 5000), "application/pdf", { "Content-Range": "bytes 3000-5999/" + file.byteLength, "Content-Length": "3000" });
    expect(shorter.status).toBe(400);
    expect((await fsp.stat(part)).size).toBe(3000);

    expect(await putChunk(target.url, file, 3000, 6000, "application/pdf")).toMatchObject({ status: 200, body: { received: 6000 } });
    expect(await putChunk(target.url, file, 6000, file.byteLength, "application/pdf")).toMatchObject({ status: 200, body: { complete: true } });
    expect((await stored(target.key)).equals(file)).toBe(true);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: true, size: file.byteLength });
  });

  it("never writes over a stored file: a finished upload's URL cannot replace it", async () => {
    const target = await issueUploadUrl({ folder: "pdfs", fileName: "o-data.pdf", contentType: "application/pdf", size: pdf.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await localPut(target.url, pdf, "application/pdf")).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: true });
    const other = Buffer.concat([Buffer.from("%PDF-1.4 altceva"), Buffer.alloc(pdf.byteLength - 16, 65)]);
    const again = await putChunk(target.url, other, 0, 1000, "application/pdf");
    expect(again).toMatchObject({ status: 409, body: { error: UPLOAD_MESSAGES.exists, offset: pdf.byteLength } });
    expect((await localPut(target.url, other, "application/pdf")).status).toBe(409);
    expect((await stored(target.key)).equals(pdf)).toBe(true);
  });

  it("a cancelled upload leaves nothing behind; an expired URL may finish an upload it started but not start one", async () => {
    const file = mp4With(randomBytes(4000));
    const target = await issueUploadUrl({ folder: "videos", fileName: "anulat.mp4", contentType: "video/mp4", size: file.byteLength });
    if (!target.ok) throw new Error(target.error);
    const part = `${localPathForKey(target.key)}.part`;
    expect((await putChunk(target.url, file, 0, 8000, "video/mp4")).status).toBe(200);
    expect(await exists(part)).toBe(true);
    const { action } = await import("~/routes/api.admin.upload.local");
    const cancelled = await run(action, new Request(`${BASE}${target.url}`, { method: "DELETE", headers: { Cookie: adminCookie, Origin: BASE } }));
    expect(cancelled.status).toBe(200);
    expect(await exists(part)).toBe(false);
    expect(await getStorage().head(target.key)).toBeNull();

    // Past the URL's expiry (1 h): continuing a started upload works, starting one does not.
    const params = new URL(target.url, BASE).searchParams;
    const later = (target.expiresAt + 60) * 1000;
    const chunk = (start: number, end: number) => ({
      contentType: "video/mp4",
      contentRange: formatContentRange(start, end, file.byteLength),
      contentLength: String(end - start),
      body: new Response(new Uint8Array(file.subarray(start, end))).body,
    });
    expect(await receiveLocalUpload(params, chunk(0, 8000), later)).toMatchObject({ status: 403, body: { error: UPLOAD_MESSAGES.expired } });
    expect(await receiveLocalUpload(params, chunk(0, 8000))).toMatchObject({ status: 200 });
    expect(await receiveLocalUpload(params, chunk(8000, file.byteLength), later)).toMatchObject({ status: 200, body: { complete: true } });
    expect((await stored(target.key)).equals(file)).toBe(true);
    expect(await cancelLocalUpload(params)).toMatchObject({ status: 200 });
    expect(await getStorage().head(target.key)).not.toBeNull(); // cancelling after the end removes nothing
  });
});

describe("the upload-url endpoint takes docs/product.md's {key, contentType} too", () => {
  it("keeps a sanitised key in an allowed folder, stamping it when its timestamp is missing or far off", async () => {
    const now = Date.now();
    const spec = await postJson("/api/admin/upload/upload-url", { key: `courses/${now}_Copertă Nouă.WEBP`, contentType: "image/webp" });
    expect(spec.status).toBe(200);
    expect(spec.body).toMatchObject({ key: `courses/${now}_coperta-noua.webp`, method: "PUT", url: expect.stringMatching(/^\/api\/admin\/upload\/local\?/) });
    // No size: one PUT capped by the folder's limit (no chunks), then the usual check.
    expect(spec.body.chunkSize).toBeUndefined();
    expect((await localPut(spec.body.url as string, webp, "image/webp")).status).toBe(200);
    expect(await verifyUpload(spec.body.key as string)).toMatchObject({ ok: true, contentType: "image/webp" });

    const unstamped = await postJson("/api/admin/upload/upload-url", { key: "pdfs/Fișa lecției.pdf", contentType: "application/pdf", size: pdf.byteLength });
    expect(unstamped.body.key).toMatch(/^pdfs\/\d{13}_fisa-lectiei\.pdf$/);
    expect(Math.abs(Number(String(unstamped.body.key).slice(5, 18)) - now)).toBeLessThan(60_000);
    const old = await postJson("/api/admin/upload/upload-url", { key: "videos/1_vechi.mp4", contentType: "video/mp4" });
    expect(old.body.key).toMatch(/^videos\/\d{13}_vechi\.mp4$/);
  });

  it("refuses another folder, a path, the wrong type and a size over the folder's limit", async () => {
    for (const key of ["etc/1_x.webp", "courses/../../passwd", "courses/a/b.webp", "courses", "/courses/1_x.webp"]) {
      expect((await postJson("/api/admin/upload/upload-url", { key, contentType: "image/webp" })).status, key).toBe(400);
    }
    expect((await postJson("/api/admin/upload/upload-url", { key: "pdfs/1_x.pdf", contentType: "text/html" })).status).toBe(415);
    expect((await postJson("/api/admin/upload/upload-url", { key: "courses/x.webp", contentType: "image/webp", size: 11 * 1024 * 1024 })).status).toBe(413);
    // Without a size the folder's limit caps the single PUT.
    const capped = await getStorage().createUploadUrl("pdfs/1_fara-marime.pdf", { contentType: "application/pdf", maxBytes: 1000 });
    expect(capped.chunkSize).toBeUndefined();
    expect((await localPut(capped.url, pdf, "application/pdf")).status).toBe(413);
    expect(await getStorage().head("pdfs/1_fara-marime.pdf")).toBeNull();
  });

  it("a key that holds a saved product's image gets a fresh key; a failed replacement never deletes the saved file", async () => {
    const key = `products/${Date.now()}_salvata.webp`;
    await getStorage().put(key, webp, "image/webp");
    await createProduct({ imageKey: key });
    const replacement = await postJson("/api/admin/upload/upload-url", { key, contentType: "image/webp", size: html.byteLength });
    expect(replacement.status).toBe(200);
    expect(replacement.body.key).not.toBe(key);
    expect(replacement.body.key).toMatch(/^products\/\d+_salvata\.webp$/);
    // The replacement is HTML: refused and deleted, the saved image untouched.
    expect((await localPut(replacement.body.url as string, html, "image/webp")).status).toBe(200);
    expect((await postJson("/api/admin/upload/complete", { key: replacement.body.key })).status).toBe(415);
    expect(await getStorage().head(replacement.body.key as string)).toBeNull();
    expect((await stored(key)).equals(webp)).toBe(true);

    // Even if bad bytes reach a saved key some other way (an S3 URL used twice), the check
    // reports it but does not delete a file a saved product points at.
    await getStorage().put(key, html, "image/webp");
    expect(await verifyUpload(key)).toMatchObject({ ok: false, status: 415 });
    expect(await getStorage().head(key)).not.toBeNull();
  });
});

describe("a stored file is checked (and an image re-encoded) once", () => {
  /** A camera photo: the first check shrinks it and writes its 480px variant. */
  const photo = () =>
    sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#c0306a" } })
      .jpeg({ quality: 95 })
      .toBuffer();

  async function uploadWithJs(bytes: Buffer, folder: "products" | "courses", fileName: string, type: string) {
    const issued = await postJson("/api/admin/upload/upload-url", { folder, fileName, contentType: type, size: bytes.byteLength });
    const target = issued.body as { url: string; key: string };
    expect((await localPut(target.url, bytes, type)).status).toBe(200);
    return target.key;
  }

  async function saveProduct(fields: Record<string, string>) {
    const { action } = await import("~/routes/admin.produse.$id._index");
    const body = new URLSearchParams({ title: "Produs cu poză", price: "29,90", isPublished: "da", ...fields });
    const request = new Request(`${BASE}/admin/produse/nou`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie, Origin: BASE } });
    return run(action, request, { id: "nou" });
  }

  const fingerprint = async (key: string) => [(await getStorage().head(key))?.etag, (await getStorage().head(variantKey(key)))?.etag];

  it("with JavaScript: the save takes the proof from the check after the upload and leaves the bytes alone", async () => {
    const key = await uploadWithJs(await photo(), "products", "foto.jpg", "image/jpeg");
    const checked = await postJson("/api/admin/upload/complete", { key });
    expect(checked.status).toBe(200);
    const proof = checked.body.proof as string;
    const bytes = await stored(key);
    const before = await fingerprint(key);
    expect(before.every(Boolean)).toBe(true);

    const response = await saveProduct({ title: "Produs JS o singură verificare", imageKey: key, [UPLOAD_PROOF_FIELD]: proof });
    expect(response.status).toBe(302);
    const [row] = await getDb().select().from(products).where(eq(products.title, "Produs JS o singură verificare"));
    expect(row.imageKey).toBe(key);
    // Neither the image nor its variant was written again.
    expect(await fingerprint(key)).toEqual(before);
    expect((await stored(key)).equals(bytes)).toBe(true);
  });

  it("a key without a valid proof is checked at the save: a forged proof or a file written again after its check does not pass", async () => {
    // Never checked, with a made-up proof: checked now, and refused (HTML named .jpg).
    const unchecked = await uploadWithJs(html, "products", "poza.jpg", "image/jpeg");
    const forged = await saveProduct({ title: "Produs cu dovadă falsă", imageKey: unchecked, [UPLOAD_PROOF_FIELD]: `${unchecked}:${"A".repeat(43)}` });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { result: { error: Record<string, string[]> } }).result.error.imageKey).toEqual([UPLOAD_MESSAGES.wrongType.image]);
    expect(await getStorage().head(unchecked)).toBeNull();

    // Checked, then replaced by other bytes (its proof no longer matches): checked again.
    const key = await uploadWithJs(webp, "products", "schimbata.webp", "image/webp");
    const { body } = await postJson("/api/admin/upload/complete", { key });
    await getStorage().put(key, html, "image/webp");
    const replaced = await saveProduct({ title: "Produs cu fișier schimbat", imageKey: key, [UPLOAD_PROOF_FIELD]: body.proof as string });
    expect(replaced.status).toBe(400);
    expect(await getDb().select().from(products).where(eq(products.title, "Produs cu fișier schimbat"))).toHaveLength(0);

    // A proof for one key does not vouch for another.
    const other = await uploadWithJs(html, "products", "alta.jpg", "image/jpeg");
    const borrowed = await saveProduct({ title: "Produs cu dovadă împrumutată", imageKey: other, [UPLOAD_PROOF_FIELD]: `${other}:${String(body.proof).split(":")[1]}` });
    expect(borrowed.status).toBe(400);
  });

  it("without JavaScript: a file stored by a post that comes back with an error is not checked again when re-posted", async () => {
    const { action } = await import("~/routes/admin.produse.$id._index");
    const form = new FormData();
    form.set("title", "Produs fără JS, a doua trimitere");
    form.set("price", "o sută"); // invalid: the form comes back
    form.set("isPublished", "da");
    form.set("file:imageKey", new File([new Uint8Array(await photo())], "foto-telefon.jpg", { type: "image/jpeg" }));
    const first = await run(action, new Request(`${BASE}/admin/produse/nou`, { method: "POST", body: form, headers: { Cookie: adminCookie, Origin: BASE } }), { id: "nou" });
    expect(first.status).toBe(400);
    const reply = (await first.json()) as { result: { initialValue: { imageKey: string } }; proofs: Record<string, string> };
    const key = reply.result.initialValue.imageKey;
    expect(key).toMatch(/^products\/\d+_foto-telefon\.jpg$/);
    expect(reply.proofs[key]).toMatch(new RegExp(`^${key.replace(/\./g, "\\.")}:`));
    const before = await fingerprint(key);
    const bytes = await stored(key);

    const again = await saveProduct({ title: "Produs fără JS, a doua trimitere", imageKey: key, [UPLOAD_PROOF_FIELD]: reply.proofs[key] });
    expect(again.status).toBe(302);
    expect(await fingerprint(key)).toEqual(before);
    expect((await stored(key)).equals(bytes)).toBe(true);
  });
});

describe("form uploads without JavaScript", () => {
  async function postProduct(file: { name: string; type: string; bytes: Buffer }) {
    const { action } = await import("~/routes/admin.produse.$id._index");
    const form = new FormData();
    form.set("title", `Produs ${file.name}`);
    form.set("price", "49,90");
    form.set("isPublished", "da");
    form.set("file:imageKey", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const request = new Request(`${BASE}/admin/produse/nou`, { method: "POST", body: form, headers: { Cookie: adminCookie, Origin: BASE } });
    return run(action, request, { id: "nou" });
  }

  it("stores a real image from a multipart post and saves its key", async () => {
    const response = await postProduct({ name: "ulei.webp", type: "image/webp", bytes: webp });
    expect(response.status).toBe(302);
    const [row] = await getDb().select().from(products).where((await import("drizzle-orm")).eq(products.title, "Produs ulei.webp"));
    expect(row.imageKey).toMatch(/^products\/\d+_ulei\.webp$/);
    expect(await getStorage().head(row.imageKey!)).toMatchObject({ contentType: "image/webp" });
    const variant = await getStorage().readRange(variantKey(row.imageKey!), 0, 1024 * 1024);
    expect((await sharp(Buffer.from(variant!)).metadata()).width).toBe(480);
  });

  it("refuses an HTML file named .jpg with a field message and saves nothing", async () => {
    const before = (await fsp.readdir(path.join(process.env.DATA_DIR!, "uploads", "products")).catch(() => [])).length;
    const response = await postProduct({ name: "poza.jpg", type: "image/jpeg", bytes: html });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.imageKey).toEqual([expect.stringContaining("Fișierul trebuie să fie o imagine")]);
    const after = (await fsp.readdir(path.join(process.env.DATA_DIR!, "uploads", "products")).catch(() => [])).length;
    expect(after).toBe(before);
    const rows = await getDb().select().from(products).where((await import("drizzle-orm")).eq(products.title, "Produs poza.jpg"));
    expect(rows).toHaveLength(0);
  });
});

describe("course form without JavaScript: lesson videos and PDFs, size limits", () => {
  const postCourse = (form: FormData, options?: { stream?: boolean }) => postCourseForm(form, adminCookie, options);

  const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
  const courseCount = async (title: string) => (await getDb().select().from(courses).where(eq(courses.title, title))).length;

  it("stores a lesson's video and PDF from a multipart post and saves their keys", async () => {
    const title = "Curs fără JS cu video și PDF";
    const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].videoKey": file(mp4, "Lecția 1.mp4", "video/mp4"), "file:lessons[0].pdfKey": file(pdf, "Fișa 1.pdf", "application/pdf") }));
    expect(response.status).toBe(302);
    const [course] = await getDb().select().from(courses).where(eq(courses.title, title));
    const [lesson] = await getDb().select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(lesson.videoKey).toMatch(/^videos\/\d+_lectia-1\.mp4$/);
    expect(lesson.pdfKey).toMatch(/^pdfs\/\d+_fisa-1\.pdf$/);
    expect((await stored(lesson.videoKey!)).equals(mp4)).toBe(true);
    expect((await stored(lesson.pdfKey!)).equals(pdf)).toBe(true);
  });

  it("a wrong file for a lesson's video gets a field message; the good PDF of the same post comes back with its proof", async () => {
    const title = "Curs fără JS cu video greșit";
    const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].videoKey": file(pdf, "nu-e-video.mp4", "video/mp4"), "file:lessons[0].pdfKey": file(pdf, "fisa-buna.pdf", "application/pdf") }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: { lessons: Array<{ pdfKey?: string; videoKey?: string }> } }; proofs: Record<string, string> };
    expect(body.result.error["lessons[0].videoKey"]).toEqual([UPLOAD_MESSAGES.wrongType.video]);
    const pdfKey = body.result.initialValue.lessons[0].pdfKey!;
    expect(pdfKey).toMatch(/^pdfs\/\d+_fisa-buna\.pdf$/);
    expect(body.proofs[pdfKey]).toBeTruthy();
    expect(body.result.initialValue.lessons[0].videoKey ?? "").toBe("");
    expect(await storedUploads("videos", "nu-e-video")).toEqual([]);
    expect(await courseCount(title)).toBe(0);
  });

  describe("with small limits (UPLOAD_MAX_FORM_MB=2, UPLOAD_MAX_PDF_MB=1)", () => {
    beforeAll(() => {
      process.env.UPLOAD_MAX_FORM_MB = "2";
      process.env.UPLOAD_MAX_PDF_MB = "1";
      resetEnvironment();
    });
    afterAll(() => {
      delete process.env.UPLOAD_MAX_FORM_MB;
      delete process.env.UPLOAD_MAX_PDF_MB;
      resetEnvironment();
    });

    const big = (head: Buffer, megabytes: number) => Buffer.concat([head, Buffer.alloc(Math.round(megabytes * 1024 * 1024), 1)]);

    it("a file over its type's limit gets a field message and nothing is saved", async () => {
      const title = "Curs cu PDF prea mare";
      const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].pdfKey": file(big(pdf, 1.5), "pdf-prea-mare.pdf", "application/pdf") }));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error["lessons[0].pdfKey"]).toEqual(["Fișierul este prea mare (maximum 1 MB)."]);
      expect(await storedUploads("pdfs", "pdf-prea-mare")).toEqual([]);
      expect(await courseCount(title)).toBe(0);
    });

    it("a form over UPLOAD_MAX_FORM_MB gets a clear Romanian message and nothing is saved or stored", async () => {
      const title = "Curs cu formular prea mare";
      // 4 MB with its Content-Length: refused before the body is read.
      const response = await postCourse(onlineCourseForm(title, { "file:lessons[0].videoKey": file(big(mp4, 4), "video-prea-mare.mp4", "video/mp4") }));
      expect(response.status).toBe(413);
      const body = (await response.json()) as { formError: string; result: null };
      expect(body.formError).toBe(UPLOAD_MESSAGES.formTooLarge("2 MB"));
      expect(body.formError).toMatch(/^Fișierele trimise depășesc 2 MB pe formular\..*5 minute.*JavaScript/);
      expect(await storedUploads("videos", "video-prea-mare")).toEqual([]);
      expect(await courseCount(title)).toBe(0);
    });

    it("without a Content-Length the limit holds too: files stored before it was reached are removed", async () => {
      const title = "Curs cu formular prea mare, fără lungime";
      const form = onlineCourseForm(title, {
        "file:imageKey": file(webp, "coperta-inainte-de-limita.webp", "image/webp"),
        "file:lessons[0].videoKey": file(big(mp4, 2.5), "video-fara-lungime.mp4", "video/mp4"),
      });
      const response = await postCourse(form, { stream: true });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { formError: string }).formError).toBe(UPLOAD_MESSAGES.formTooLarge("2 MB"));
      expect(await storedUploads("courses", "coperta-inainte-de-limita")).toEqual([]);
      expect(await storedUploads("videos", "video-fara-lungime")).toEqual([]);
      expect(await courseCount(title)).toBe(0);
    });
  });
});

// ─── S3 against s3rver on loopback ───────────────────────────────────────────────────────────

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("S3 backend (s3rver on loopback)", () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;

  beforeAll(async () => {
    directory = await fsp.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
    const port = await freePort();
    server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: "academie-test", configs: [] }] });
    await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    useStorageBackend(
      createS3Backend({ bucket: "academie-test", region: "us-east-1", endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true }),
    );
  });

  afterAll(async () => {
    useStorageBackend(localBackend);
    await server?.close();
    await fsp.rm(directory, { recursive: true, force: true });
  });

  it("a presigned PUT from the browser's point of view, then a signed GET, round-trip the bytes", async () => {
    const target = await issueUploadUrl({ folder: "videos", fileName: "lectie.mp4", contentType: "video/mp4", size: mp4.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect(target.url.startsWith(`${endpoint}/academie-test/videos/`)).toBe(true);
    expect(target.url).not.toContain("x-amz-checksum");
    const put = await fetch(target.url, { method: "PUT", body: mp4, headers: target.headers });
    expect(put.status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: true, size: mp4.byteLength, contentType: "video/mp4" });

    const url = await getStorage().getUrl(target.key, { ttlSeconds: 600, downloadName: "Lecția 1.mp4" });
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await get.arrayBuffer()).equals(mp4)).toBe(true);
    expect(await getStorage().head(target.key)).toMatchObject({ size: mp4.byteLength });
  });

  it("the signature binds the content type and the declared size (SignedHeaders), so AWS, R2 and MinIO refuse another type or length", async () => {
    const target = await issueUploadUrl({ folder: "pdfs", fileName: "fisa.pdf", contentType: "application/pdf", size: pdf.byteLength });
    if (!target.ok) throw new Error(target.error);
    const url = new URL(target.url);
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(["content-length", "content-type", "host"]);
    // The same key, type and time with one byte more is another signature: the size is signed.
    const options = { contentType: "application/pdf", maxBytes: 50 * 1024 * 1024, ttlSeconds: 600 };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2031, 0, 1) });
    try {
      const [same, again, bigger] = await Promise.all([
        getStorage().createUploadUrl("pdfs/1_x.pdf", { ...options, size: 1000 }),
        getStorage().createUploadUrl("pdfs/1_x.pdf", { ...options, size: 1000 }),
        getStorage().createUploadUrl("pdfs/1_x.pdf", { ...options, size: 1001 }),
      ]);
      const signature = (u: string) => new URL(u).searchParams.get("X-Amz-Signature");
      expect(signature(same.url)).toBe(signature(again.url));
      expect(signature(bigger.url)).not.toBe(signature(same.url));
    } finally {
      vi.useRealTimers();
    }
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(target.headers).toEqual({ "Content-Type": "application/pdf" });
    // s3rver does not check V4 signatures, so the refusal itself is only visible on a real
    // service; what reaches storage with a wrong type is caught by the sniffing check:
    expect((await fetch(target.url, { method: "PUT", body: html, headers: { "Content-Type": "text/html" } })).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: false, status: 415 });
    expect(await getStorage().head(target.key)).toBeNull();
  });

  it("S3 keeps one presigned PUT (no chunks); docs/product.md's {key, contentType} without a size signs only the type, the check after it caps the size", async () => {
    const sized = await issueUploadUrl({ folder: "videos", fileName: "lectie.mp4", contentType: "video/mp4", size: mp4.byteLength });
    if (!sized.ok) throw new Error(sized.error);
    expect(sized.chunkSize).toBeUndefined();
    const target = await issueUploadUrl({ key: `pdfs/${Date.now()}_fara-marime.pdf`, contentType: "application/pdf" });
    if (!target.ok) throw new Error(target.error);
    expect(new URL(target.url).searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(["content-type", "host"]);
    expect((await fetch(target.url, { method: "PUT", body: pdf, headers: target.headers })).status).toBe(200);
    const checked = await verifyUpload(target.key);
    expect(checked).toMatchObject({ ok: true, size: pdf.byteLength, proof: expect.stringContaining(`${target.key}:`) });
  });

  it("an HTML file uploaded as an image is found by its first bytes and deleted", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "poza.jpg", contentType: "image/jpeg", size: html.byteLength });
    if (!target.ok) throw new Error(target.error);
    expect((await fetch(target.url, { method: "PUT", body: html, headers: target.headers })).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: false, status: 415 });
    expect(await getStorage().head(target.key)).toBeNull();
  });

  it("an object larger than the folder's limit is deleted after the upload", async () => {
    const target = await issueUploadUrl({ folder: "courses", fileName: "mare.webp", contentType: "image/webp", size: webp.byteLength });
    if (!target.ok) throw new Error(target.error);
    // s3rver does not check signatures; AWS/R2/MinIO would refuse this PUT (its length is signed).
    // Whatever reaches storage over the limit anyway is caught after the upload.
    const big = Buffer.concat([webp, Buffer.alloc(11 * 1024 * 1024)]);
    expect((await fetch(target.url, { method: "PUT", body: big, headers: target.headers })).status).toBe(200);
    expect(await verifyUpload(target.key)).toMatchObject({ ok: false, status: 413 });
    expect(await getStorage().head(target.key)).toBeNull();
  });

  it("reads byte ranges with ranged GETs, and measures a video whose moov is at the end without reading it whole", async () => {
    const settings = { bucket: "academie-test", region: "us-east-1", endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true };
    const client = createS3Client(settings);
    const ranges: Array<string | undefined> = [];
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { method?: string; headers?: Record<string, string> };
        if (request.method === "GET") ranges.push(request.headers?.range ?? request.headers?.Range);
        return next(args);
      },
      { step: "finalizeRequest" },
    );
    const storage = createS3Backend(settings, client);
    const key = "videos/1700000000000_durata.mov";
    await storage.put(key, mov, "video/quicktime");
    expect(Buffer.from((await storage.readRange(key, 4, 4))!).toString()).toBe("ftyp");
    expect(Buffer.from((await storage.readRange(key, mov.length - 10, 100))!).equals(mov.subarray(mov.length - 10))).toBe(true);
    expect((await storage.readRange(key, mov.length + 5, 10))!.length).toBe(0);
    expect(await storage.readRange("videos/1_lipsa.mov", 0, 10)).toBeNull();
    ranges.length = 0;
    expect(await measureVideoDuration(key, storage)).toBe(3);
    expect(ranges).toEqual([`bytes=0-${mov.length - 1}`]);

    // The same video with 2 MB more media data before its moov: two ranged reads of 64 KiB at
    // most (the start, then the moov), nothing of the media data in between.
    const mdatAt = 28; // ftyp (20) + wide (8), as ffmpeg writes it
    expect(mov.subarray(mdatAt + 4, mdatAt + 8).toString()).toBe("mdat");
    const padding = 2 * 1024 * 1024;
    const big = Buffer.concat([mov.subarray(0, mdatAt + 8), Buffer.alloc(padding), mov.subarray(mdatAt + 8)]);
    big.writeUInt32BE(mov.readUInt32BE(mdatAt) + padding, mdatAt);
    const bigKey = "videos/1700000000001_durata-mare.mov";
    await storage.put(bigKey, big, "video/quicktime");
    ranges.length = 0;
    expect(await measureVideoDuration(bigKey, storage)).toBe(3);
    expect(ranges).toHaveLength(2);
    expect(ranges[0]).toBe("bytes=0-65535");
    const [from, to] = ranges[1]!.slice("bytes=".length).split("-").map(Number);
    expect(from).toBeGreaterThan(mdatAt + padding);
    expect(to).toBe(big.length - 1);
  });

  it("lists a folder's keys (for the sweep of unused uploads)", async () => {
    const storage = getStorage();
    for (let i = 0; i < 3; i++) await storage.put(`pdfs/170000000000${i}_lista.pdf`, pdf, "application/pdf");
    const keys = await storage.list("pdfs");
    expect(keys).toEqual(expect.arrayContaining(["pdfs/1700000000000_lista.pdf", "pdfs/1700000000001_lista.pdf", "pdfs/1700000000002_lista.pdf"]));
    expect(keys.every((key) => key.startsWith("pdfs/"))).toBe(true);
  });

  it("image URLs are stable within their window (cacheable) and valid at least the requested time", async () => {
    await getStorage().put("courses/1_stabil.webp", webp, "image/webp");
    const options = { ttlSeconds: 24 * 3600, stableForSeconds: 6 * 3600 };
    const [a, b] = [await getStorage().getUrl("courses/1_stabil.webp", options), await getStorage().getUrl("courses/1_stabil.webp", options)];
    expect(a).toBe(b);
    expect((await fetch(a)).status).toBe(200);
    const now = Date.UTC(2030, 0, 1, 7, 30);
    const { signingDate, expiresIn } = presignWindow(options, now);
    expect(signingDate.getTime()).toBe(Date.UTC(2030, 0, 1, 6, 0));
    expect(signingDate.getTime() / 1000 + expiresIn).toBeGreaterThanOrEqual(now / 1000 + 24 * 3600);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it("a lesson video's URL is the same for 10 minutes (the player page can be kept) and valid at least 4 hours", async () => {
    await getStorage().put("videos/1_lectie.mp4", Buffer.from("video"), "video/mp4");
    const options = URL_LIFETIMES.lessonVideo;
    const [a, b] = [await getStorage().getUrl("videos/1_lectie.mp4", options), await getStorage().getUrl("videos/1_lectie.mp4", options)];
    expect(a).toBe(b);
    const start = Date.UTC(2030, 0, 1, 7, 30, 1);
    for (const later of [0, 60_000, 599_000]) expect(expiryFor(options, start + later)).toBe(expiryFor(options, start));
    expect(expiryFor(options, start + 600_000)).toBeGreaterThan(expiryFor(options, start));
    for (const at of [start, start + 599_000]) expect(expiryFor(options, at)).toBeGreaterThanOrEqual(at / 1000 + 4 * 3600);
    const { signingDate, expiresIn } = presignWindow(options, start + 5 * 60_000);
    expect(signingDate.getTime()).toBe(Date.UTC(2030, 0, 1, 7, 30));
    expect(signingDate.getTime() / 1000 + expiresIn).toBeGreaterThanOrEqual((start + 5 * 60_000) / 1000 + 4 * 3600);
  });
});
