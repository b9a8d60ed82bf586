/**
 * Signed URLs of the local backend (HMAC with a key derived from SESSION_SECRET): reading
 * `/media/<key>?e=&s=&d=` (checked by the media route) and uploading
 * `PUT /api/admin/upload/local?k=&t=&m=&n=&e=&s=` (checked by local-upload.server).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config.server";
import { isValidStorageKey } from "~/lib/storage-keys";

function signingKey(): Buffer {
  return createHmac("sha256", getConfig().sessionSecret).update("storage-url-v1").digest();
}

export function localSignature(key: string, expires: number, downloadName: string): string {
  return createHmac("sha256", signingKey())
    .update(`${key}\n${expires}\n${downloadName}`)
    .digest("base64url");
}

export type LocalUrlCheck =
  | { ok: true }
  | { ok: false; reason: "invalid-key" | "expired" | "bad-signature" };

/** Checks a `/media/<key>?e=&s=&d=` request of the local backend. */
export function verifyLocalUrl(
  key: string,
  params: URLSearchParams,
  nowMs = Date.now(),
): LocalUrlCheck {
  if (!isValidStorageKey(key)) return { ok: false, reason: "invalid-key" };
  const expires = Number(params.get("e"));
  const signature = params.get("s") ?? "";
  const downloadName = params.get("d") ?? "";
  const expected = Buffer.from(localSignature(key, expires, downloadName));
  const given = Buffer.from(signature);
  if (!Number.isInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "bad-signature" };
  }
  if (expires * 1000 < nowMs) return { ok: false, reason: "expired" };
  return { ok: true };
}

// Local upload URLs: PUT /api/admin/upload/local?k=&t=&m=&n=&e=&s=
export function uploadSignature(key: string, contentType: string, maxBytes: number, size: string, expires: number): string {
  return createHmac("sha256", signingKey())
    .update(`upload-v2\n${key}\n${contentType}\n${maxBytes}\n${size}\n${expires}`)
    .digest("base64url");
}

export const LOCAL_UPLOAD_PATH = "/api/admin/upload/local";

export type LocalUploadCheck =
  | { ok: true; key: string; contentType: string; maxBytes: number; size: number | null; expired: boolean }
  | { ok: false; reason: "invalid-key" | "expired" | "bad-signature" };

/**
 * Checks the query of a local upload URL (key, content type, size cap, declared size and expiry
 * are signed). An expired URL is refused unless `allowExpired` (the caller then only lets it
 * continue an upload started in time).
 */
export function verifyLocalUpload(params: URLSearchParams, nowMs = Date.now(), { allowExpired = false } = {}): LocalUploadCheck {
  const key = params.get("k") ?? "";
  const contentType = params.get("t") ?? "";
  const maxBytes = Number(params.get("m"));
  const sizeText = params.get("n") ?? "";
  const expires = Number(params.get("e"));
  if (!isValidStorageKey(key)) return { ok: false, reason: "invalid-key" };
  const size = sizeText === "" ? null : Number(sizeText);
  if (!Number.isSafeInteger(maxBytes) || !Number.isInteger(expires) || (size !== null && !(Number.isSafeInteger(size) && size > 0 && size <= maxBytes))) {
    return { ok: false, reason: "bad-signature" };
  }
  const expected = Buffer.from(uploadSignature(key, contentType, maxBytes, sizeText, expires));
  const given = Buffer.from(params.get("s") ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad-signature" };
  const expired = expires * 1000 < nowMs;
  if (expired && !allowExpired) return { ok: false, reason: "expired" };
  return { ok: true, key, contentType, maxBytes, size, expired };
}
