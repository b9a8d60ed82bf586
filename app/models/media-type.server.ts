/**
 * The verified content type of each stored file (table media_files, issue 14 finding 1). An
 * upload's type is recorded when it passes its check (uploads.server.ts); a file stored before
 * this table existed, or made by the server itself (image variants, video posters), is checked
 * with the same container check the first time it is served, and recorded. A file that fails the
 * check has no type: it is served as an attachment of type application/octet-stream.
 */
import { eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { mediaFiles } from "../../db/schema";
import { isVerifiedType, verifyContainer, type VerifiedType } from "~/lib/media-check";
import { log } from "~/log.server";
import { getStorage, storageReader, type UrlOptions } from "~/services/storage.server";

/** Keys are immutable (an upload never reuses a key), so a type once known stays true. */
const known = new Map<string, VerifiedType>();
const MAX_CACHED = 5000;

function remember(key: string, type: VerifiedType) {
  if (known.size >= MAX_CACHED) known.delete(known.keys().next().value as string);
  known.set(key, type);
}

export async function recordMediaType(key: string, contentType: VerifiedType): Promise<void> {
  await getDb()
    .insert(mediaFiles)
    .values({ key, contentType })
    .onConflictDoUpdate({ target: mediaFiles.key, set: { contentType, verifiedAt: new Date() } });
  remember(key, contentType);
}

export async function forgetMediaTypes(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  for (const key of keys) known.delete(key);
  await getDb().delete(mediaFiles).where(inArray(mediaFiles.key, keys));
}

/**
 * The type to serve `key` with: recorded, or established now by checking the stored bytes (and
 * recorded); null when the file is missing or is none of the allowed types.
 */
export async function mediaTypeOf(key: string): Promise<VerifiedType | null> {
  const cached = known.get(key);
  if (cached) return cached;
  const [row] = await getDb().select({ contentType: mediaFiles.contentType }).from(mediaFiles).where(eq(mediaFiles.key, key));
  if (row && isVerifiedType(row.contentType)) {
    remember(key, row.contentType);
    return row.contentType;
  }
  const storage = getStorage();
  const stored = await storage.head(key);
  if (!stored) return null;
  const type = await verifyContainer(storageReader(key, stored.size, storage));
  if (!type) {
    log.warn("media: a stored file is none of the allowed types; served as a download", { key });
    return null;
  }
  await recordMediaType(key, type);
  return type;
}

/**
 * A signed URL for a stored file that serves it with its verified type: S3 gets the type (or a
 * download of unknown bytes) as signed response overrides; the local /media route looks the type
 * up when it serves the file, so nothing is resolved here for it.
 */
export async function signedMediaUrl(key: string, options: UrlOptions): Promise<string> {
  const storage = getStorage();
  if (storage.kind === "local") return storage.getUrl(key, options);
  return storage.getUrl(key, { ...options, contentType: await mediaTypeOf(key) });
}
