/**
 * File storage (DESIGN §7). One interface, two backends:
 * - local (embedded default): files under DATA_DIR/uploads, handed out as app URLs
 *   `/media/<key>?e=<expiry>&s=<hmac>` that the media route checks;
 * - S3-compatible (AWS, R2, MinIO) when S3_BUCKET is set (storage-s3.server.ts): presigned GET
 *   URLs for reading, presigned PUT URLs for the browser's direct uploads.
 * Uploads from the browser go straight to storage: the local backend hands out the same kind of
 * signed PUT URL (HMAC over key, content type, size cap, declared size and expiry), answered by
 * the route /api/admin/upload/local, which takes the file in chunks (local-upload.server.ts).
 * Every URL is signed and expires. Public images get URLs that stay the same within a time
 * bucket, so pages and browsers can cache them; lesson media gets short-lived URLs per request.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getConfig } from "~/config.server";
import { contentTypeForKey, isValidStorageKey, type StorageFolder } from "~/lib/storage-keys";
import { UPLOAD_CHUNK_BYTES } from "~/lib/upload-rules";
import { createS3Backend } from "./storage-s3.server";

export interface UrlOptions {
  /** Minimum validity from now, in seconds. */
  ttlSeconds: number;
  /**
   * Round the expiry up to a multiple of this many seconds so the same URL is produced for a
   * while (cacheable HTML and images). Omit for per-request URLs.
   */
  stableForSeconds?: number;
  /** Ask the browser to download with this file name. */
  downloadName?: string;
}

export interface StoredObject {
  size: number;
  contentType: string;
  /** Changes whenever the object is written again (S3 ETag; local size, mtime and inode). */
  etag?: string;
}

/** Where and how the browser sends a file (a presigned PUT). */
export interface UploadTarget {
  url: string;
  method: "PUT";
  /** Headers the PUT must carry exactly (the content type is part of the signature). */
  headers: Record<string, string>;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * Local storage only: send the file in chunks of at most this many bytes, each a PUT to `url`
   * with a `Content-Range` header (a single request would hit the app's 5-minute timeout).
   */
  chunkSize?: number;
}

export interface UploadUrlOptions {
  contentType: string;
  /**
   * The declared size (already checked against maxBytes): S3 signs it as Content-Length; local
   * expects exactly this many bytes. Unknown (SPEC's `{key, contentType}` requests): S3 signs no
   * length and the check after the upload enforces the cap; local takes one PUT up to maxBytes.
   */
  size?: number;
  maxBytes: number;
  ttlSeconds?: number;
}

export interface StorageBackend {
  kind: "local" | "s3";
  /** `size` is required for streams on S3 (its PUT needs a length). */
  put(key: string, body: Uint8Array | Readable, contentType: string, size?: number): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  getUrl(key: string, options: UrlOptions): Promise<string>;
  /** A signed URL the browser PUTs the file to. */
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<UploadTarget>;
  /**
   * Up to `length` bytes from `offset` (fewer at the end, none past it), without reading the
   * rest of the object (a local file read at an offset, or an S3 ranged GET); null if missing.
   * From 0: sniffing an upload's real type, or a whole image to re-encode; elsewhere: a video's
   * header where it lies, e.g. a `moov` box at the end of a large file.
   */
  readRange(key: string, offset: number, length: number): Promise<Uint8Array | null>;
  /** Every valid key stored in a folder (for the sweep of unused uploads). */
  list(folder: StorageFolder): Promise<string[]>;
}

/** Signed upload URLs live this long: enough to start a large upload on a slow line. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
  }
}

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new InvalidKeyError(key);
}

/** Ranged reads are small (headers): at most 16 MiB at a time. */
export function assertRange(offset: number, length: number) {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length < 1) {
    throw new RangeError(`Invalid byte range: ${offset}+${length}`);
  }
}

export function expiryFor(options: UrlOptions, nowMs = Date.now()): number {
  const nowSec = Math.floor(nowMs / 1000);
  const min = nowSec + options.ttlSeconds;
  const bucket = options.stableForSeconds;
  return bucket ? Math.ceil(min / bucket) * bucket : min;
}

// ─── Local backend ───────────────────────────────────────────────────────────────────────────

function signingKey(): Buffer {
  return createHmac("sha256", getConfig().sessionSecret).update("storage-url-v1").digest();
}

function localSignature(key: string, expires: number, downloadName: string): string {
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
function uploadSignature(key: string, contentType: string, maxBytes: number, size: string, expires: number): string {
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

export function localPathForKey(key: string): string {
  assertKey(key);
  return path.join(getConfig().storage.uploadsDir, ...key.split("/"));
}

export const localBackend: StorageBackend = {
  kind: "local",
  async put(key, body, _contentType) {
    const file = localPathForKey(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      if (body instanceof Readable) {
        await pipeline(body, fs.createWriteStream(temp));
      } else {
        await fsp.writeFile(temp, body);
      }
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  },
  async head(key) {
    try {
      const stat = await fsp.stat(localPathForKey(key));
      return stat.isFile() ? { size: stat.size, contentType: contentTypeForKey(key), etag: `${stat.size}-${stat.mtimeMs}-${stat.ino}` } : null;
    } catch {
      return null;
    }
  },
  async delete(key) {
    await fsp.rm(localPathForKey(key), { force: true });
  },
  async list(folder) {
    const names = await fsp.readdir(path.join(getConfig().storage.uploadsDir, folder)).catch(() => [] as string[]);
    return names.map((name) => `${folder}/${name}`).filter(isValidStorageKey);
  },
  async createUploadUrl(key, { contentType, size, maxBytes, ttlSeconds = UPLOAD_URL_TTL_SECONDS }) {
    assertKey(key);
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const sizeText = size === undefined ? "" : String(size);
    const params = new URLSearchParams({ k: key, t: contentType, m: String(maxBytes), n: sizeText, e: String(expires) });
    params.set("s", uploadSignature(key, contentType, maxBytes, sizeText, expires));
    return {
      url: `${LOCAL_UPLOAD_PATH}?${params}`,
      method: "PUT",
      headers: { "Content-Type": contentType },
      expiresAt: expires,
      // Chunks need the total size; without it the file goes in one PUT.
      ...(size === undefined ? {} : { chunkSize: UPLOAD_CHUNK_BYTES }),
    };
  },
  async readRange(key, offset, length) {
    assertRange(offset, length);
    let handle: fsp.FileHandle | undefined;
    try {
      handle = await fsp.open(localPathForKey(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      // Never allocate more than the file holds past `offset`.
      const available = Math.max(0, Math.min(length, (await handle.stat()).size - offset));
      if (available === 0) return new Uint8Array();
      const buffer = Buffer.alloc(available);
      const { bytesRead } = await handle.read(buffer, 0, available, offset);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  },
  async getUrl(key, options) {
    assertKey(key);
    const expires = expiryFor(options);
    const downloadName = options.downloadName ?? "";
    const params = new URLSearchParams({ e: String(expires) });
    if (downloadName) params.set("d", downloadName);
    params.set("s", localSignature(key, expires, downloadName));
    return `/media/${key}?${params}`;
  },
};

// ─── Selection ───────────────────────────────────────────────────────────────────────────────

let backend: StorageBackend | undefined;

/** The S3 backend when S3_BUCKET is configured, otherwise local files. */
export function getStorage(): StorageBackend {
  if (!backend) {
    const s3 = getConfig().storage.s3;
    backend = s3 ? createS3Backend(s3) : localBackend;
  }
  return backend;
}

/** Tests: use another backend (e.g. S3 against a loopback server). */
export function setStorageForTests(next: StorageBackend | undefined) {
  backend = next;
}

/** Lifetimes of signed URLs, in seconds. */
export const URL_LIFETIMES = {
  /** Catalogue images: valid at least a day, stable for 6 hours (cacheable pages). */
  publicImage: { ttlSeconds: 24 * 3600, stableForSeconds: 6 * 3600 },
  /**
   * Lesson video: signed each time the lesson is served, valid 4 hours (a long lesson watched
   * with pauses). If it runs out mid-lesson, the player asks for a fresh one and resumes.
   */
  lessonVideo: { ttlSeconds: 4 * 3600 },
  /** Lesson PDF: the page links to a checked app URL that signs a 15-minute URL per click. */
  lessonPdf: { ttlSeconds: 15 * 60 },
} satisfies Record<string, UrlOptions>;

/** Resolves an image key to a URL (SPEC: img → imgUrl); null when there is no image. */
export async function imageUrl(key: string | null | undefined): Promise<string | null> {
  if (!key || !isValidStorageKey(key)) return null;
  return getStorage().getUrl(key, URL_LIFETIMES.publicImage);
}
