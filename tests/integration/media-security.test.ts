/**
 * Issue 14 finding 1, reproduced as the attack run did it: an admin asks for
 * `videos/<ts>_clip.svg` with `contentType: video/mp4`, PUTs an SVG whose bytes 4–7 read "ftyp",
 * completes the upload — which is now refused and deleted. A real video stored under a `.svg`
 * key is served as the type it was verified as, with a sandbox CSP; a file that was never
 * verified and is not an allowed type is only offered as a download. S3 download URLs carry the
 * verified type as a signed response override.
 */
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../helpers/factories";
import { BASE, cookiesFrom, run } from "../helpers/http";
import { recordMediaType, signedMediaUrl } from "~/models/media-type.server";
import { createSession } from "~/models/session.server";
import { loader as media } from "~/routes/media.$";
import { createS3Backend, createS3Client } from "~/services/storage/s3.server";
import { getStorage } from "~/services/storage.server";
import { issueUploadUrl, readAdminForm, courseFileTarget } from "~/services/uploads.server";
import { useStorageBackend } from "~/test-support.server";

const POLYGLOT = '<!--ftypisom--><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const MP4 = fs.readFileSync("tests/fixtures/lectie.mp4");

let adminCookie = "";
beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  adminCookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": await createSession(admin.id) } }));
});

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

async function upload(bytes: Uint8Array<ArrayBuffer>, key: string, contentType: string) {
  const issued = await postJson("/api/admin/upload/upload-url", { key, contentType, size: bytes.byteLength });
  expect(issued.status).toBe(200);
  const target = issued.body as { url: string; key: string };
  const { action } = await import("~/routes/api.admin.upload.local");
  const put = await run(
    action,
    new Request(`${BASE}${target.url}`, {
      method: "PUT",
      body: bytes,
      headers: { "Content-Type": contentType, "Content-Length": String(bytes.byteLength), Cookie: adminCookie, Origin: BASE },
    }),
  );
  expect(put.status).toBe(200);
  return target.key;
}

async function serve(key: string) {
  const url = new URL(await getStorage().getUrl(key, { ttlSeconds: 600 }), BASE);
  return media({ request: new Request(url), params: { "*": key }, context: {} });
}

describe("script through an uploaded media file (finding 1)", () => {
  it("the SVG polyglot declared as video/mp4 is refused at completion and deleted", async () => {
    const key = await upload(new TextEncoder().encode(POLYGLOT), `videos/${Date.now()}_clip.svg`, "video/mp4");
    expect(key.endsWith(".svg")).toBe(true);
    const completed = await postJson("/api/admin/upload/complete", { key });
    expect(completed.status).toBe(415);
    expect(await getStorage().head(key)).toBeNull();
  });

  it("SVG is refused before any upload URL is issued", async () => {
    const result = await issueUploadUrl({ folder: "courses", fileName: "logo.svg", contentType: "image/svg+xml" });
    expect(result).toMatchObject({ ok: false, status: 415 });
  });

  it("without JavaScript the polyglot is refused too (multipart form)", async () => {
    const body = new FormData();
    body.set("lessons[0].videoKey", "");
    body.set("file:lessons[0].videoKey", new File([POLYGLOT], "clip.mp4", { type: "video/mp4" }));
    const form = await readAdminForm(new Request(`${BASE}/admin/cursuri-online/nou`, { method: "POST", body }), courseFileTarget);
    expect(form.uploadErrors["lessons[0].videoKey"]?.[0]).toMatch(/video/);
    expect(form.storedKeys.size).toBe(0);
  });

  it("a verified video under a .svg key is served as video/mp4 with the sandbox CSP and nosniff", async () => {
    const key = await upload(new Uint8Array(MP4), `videos/${Date.now()}_clip.svg`, "video/mp4");
    expect((await postJson("/api/admin/upload/complete", { key })).status).toBe(200);
    const response = await serve(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("a stored file that was never verified and is not an allowed type is a sandboxed download, never image/svg+xml", async () => {
    const key = `courses/${Date.now()}_vechi.svg`;
    await getStorage().put(key, new TextEncoder().encode(POLYGLOT), "image/svg+xml");
    const response = await serve(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("Content-Disposition")).toBe("attachment");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });

  it("a file stored before types were recorded is verified on first serve (and its type recorded)", async () => {
    const key = `videos/${Date.now()}_vechi.mp4`;
    await getStorage().put(key, new Uint8Array(MP4), "video/mp4");
    expect((await serve(key)).headers.get("Content-Type")).toBe("video/mp4");
  });
});

describe("S3 download URLs carry the verified type", () => {
  afterEach(() => useStorageBackend(undefined));

  it("signs response-content-type from media_files, or a download for unknown bytes", async () => {
    const settings = { bucket: "media", region: "eu-central-1", endpoint: "http://127.0.0.1:9", accessKeyId: "AK", secretAccessKey: "SK", forcePathStyle: true };
    useStorageBackend(createS3Backend(settings, createS3Client(settings)));
    const key = `videos/${Date.now()}_clip.svg`;
    await recordMediaType(key, "video/mp4");
    const url = new URL(await signedMediaUrl(key, { ttlSeconds: 600 }));
    expect(url.searchParams.get("response-content-type")).toBe("video/mp4");
  });
});
