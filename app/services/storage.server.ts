/**
 * File storage (docs/architecture.md §7): picks the backend and re-exports the storage API, so callers import
 * one module. The parts: ./storage/backend.server (the interface), ./storage/local.server,
 * ./storage/s3.server, ./storage/signing.server (the local backend's signed URLs). One
 * interface, two backends:
 * - local (embedded default): files under DATA_DIR/uploads, handed out as app URLs
 *   `/media/<key>?e=<expiry>&s=<hmac>` that the media route checks;
 * - S3-compatible (AWS, R2, MinIO) when S3_BUCKET is set (storage/s3.server.ts): presigned GET
 *   URLs for reading, presigned PUT URLs for the browser's direct uploads.
 * Uploads from the browser go straight to storage: the local backend hands out the same kind of
 * signed PUT URL (HMAC over key, content type, size cap, declared size and expiry), answered by
 * the route /api/admin/upload/local, which takes the file in chunks (local-upload.server.ts).
 * Every storage URL is signed and expires. Signed images (admin previews, the cart, lesson
 * posters) get URLs that stay the same within a time bucket, so pages and browsers can cache
 * them; lesson media gets short-lived URLs per request. The images of published courses and
 * products are not signed at all: they have stable public addresses `/img/<key>` (routes/img.$,
 * models/public-image.server) for og:image, JSON-LD and the catalogue pages.
 */
import { getConfig } from "~/config.server";
import type { ByteReader } from "~/lib/media-check";
import { isValidStorageKey } from "~/lib/storage-keys";
import type { StorageBackend, UrlOptions } from "./storage/backend.server";
import { localBackend } from "./storage/local.server";
import { createS3Backend } from "./storage/s3.server";
import { registerStorageSeam } from "../test-support.server";

export * from "./storage/backend.server";
export { localBackend, localPathForKey } from "./storage/local.server";
export { LOCAL_UPLOAD_PATH, verifyLocalUpload, verifyLocalUrl, type LocalUploadCheck, type LocalUrlCheck } from "./storage/signing.server";

let backend: StorageBackend | undefined;

/** The S3 backend when S3_BUCKET is configured, otherwise local files. */
export function getStorage(): StorageBackend {
  if (!backend) {
    const s3 = getConfig().storage.s3;
    backend = s3 ? createS3Backend(s3) : localBackend;
  }
  return backend;
}

registerStorageSeam((next) => {
  backend = next as StorageBackend | undefined;
});

/** A reader over a stored object (ranged reads), for `verifyContainer`. */
export function storageReader(key: string, size: number, storage: StorageBackend = getStorage()): ByteReader {
  return {
    size,
    async read(offset, length) {
      const clamped = Math.max(0, Math.min(length, size - offset));
      if (clamped === 0) return new Uint8Array(0);
      return (await storage.readRange(key, offset, clamped)) ?? new Uint8Array(0);
    },
  };
}

/** Lifetimes of signed URLs, in seconds. */
export const URL_LIFETIMES = {
  /** Signed images (admin, cart, posters): valid at least a day, stable for 6 hours. */
  publicImage: { ttlSeconds: 24 * 3600, stableForSeconds: 6 * 3600 },
  /**
   * Lesson video: valid at least 4 hours (a long lesson watched with pauses); if it runs out
   * mid-lesson, the player asks for a fresh one and resumes. The same URL comes back for 10
   * minutes, so a lesson page reopened within them is the same page and the page cache keeps it
   * (before, every visit signed a new URL and the player was rendered again each time).
   */
  lessonVideo: { ttlSeconds: 4 * 3600, stableForSeconds: 10 * 60 },
  /** Lesson PDF: the page links to a checked app URL that signs a 15-minute URL per click. */
  lessonPdf: { ttlSeconds: 15 * 60 },
} satisfies Record<string, UrlOptions>;

/** Resolves an image key to a URL (docs/product.md: img → imgUrl); null when there is no image. */
export async function imageUrl(key: string | null | undefined): Promise<string | null> {
  if (!key || !isValidStorageKey(key)) return null;
  return getStorage().getUrl(key, URL_LIFETIMES.publicImage);
}
