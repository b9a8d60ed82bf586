/**
 * The storage backend interface (docs/architecture.md §7) and the small rules every backend shares: valid
 * keys, byte ranges, URL expiry. Implementations: ./local.server (files under DATA_DIR/uploads)
 * and ./s3.server (S3-compatible); ../storage.server picks one.
 */
import type { Readable } from "node:stream";
import { isValidStorageKey, type StorageFolder } from "~/lib/storage-keys";

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
  /**
   * The verified content type to serve (media_files); S3 signs it as a response override. The
   * local backend's /media route looks it up itself. null: unverified, served as a download.
   */
  contentType?: string | null;
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
   * expects exactly this many bytes. Unknown (docs/product.md's `{key, contentType}` requests): S3 signs no
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
  /** The whole object as a stream (backups); null if missing. */
  read(key: string): Promise<Readable | null>;
}

/** Signed upload URLs live this long: enough to start a large upload on a slow line. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
  }
}

export function assertKey(key: string) {
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
