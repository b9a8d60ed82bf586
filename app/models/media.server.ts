/**
 * Stored media and what points at it: course and product images, lesson videos, PDFs and captions.
 * A file nothing references is deleted — right after an admin change replaced or deleted it
 * (`removeUnusedMedia`), and by a periodic sweep for uploads that never made it into a saved
 * form, e.g. an admin who uploaded a video and closed the page (`sweepUnusedUploads`). The same
 * job gives catalogue images uploaded before a picture width existed their missing variants
 * (`backfillImageVariants`).
 */
import { inArray, isNotNull, or } from "drizzle-orm";
import { getDatabaseHandle, getDb } from "../../db/client";
import { LOCK_IDS } from "../../db/locks";
import { courses, lessons, products } from "../../db/schema";
import { VARIANT_WIDTHS, variantKeys } from "~/lib/images";
import { posterKeyFor } from "~/lib/player";
import { STORAGE_FOLDERS } from "~/lib/storage-keys";
import { forgetMediaTypes } from "~/models/media-type.server";
import { log } from "~/log.server";
import { announceCatalogueChange } from "~/services/catalogue-cache.server";
import { addMissingVariants } from "~/services/images.server";
import { every } from "~/services/schedule.server";
import { getStorage, type StorageBackend } from "~/services/storage.server";

/** The subset of `keys` that a course, lesson or product points at. */
export async function referencedKeys(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const db = getDb();
  const [courseRefs, lessonRefs, productRefs] = await Promise.all([
    db.select({ key: courses.imageKey }).from(courses).where(inArray(courses.imageKey, keys)),
    db
      .select({ video: lessons.videoKey, pdf: lessons.pdfKey, captions: lessons.captionsKey })
      .from(lessons)
      .where(or(inArray(lessons.videoKey, keys), inArray(lessons.pdfKey, keys), inArray(lessons.captionsKey, keys))),
    db.select({ key: products.imageKey }).from(products).where(inArray(products.imageKey, keys)),
  ]);
  const used = [...courseRefs.map((r) => r.key), ...lessonRefs.flatMap((r) => [r.video, r.pdf, r.captions]), ...productRefs.map((r) => r.key)];
  return new Set(used.filter((key): key is string => Boolean(key)));
}

async function deleteWithCompanions(storage: StorageBackend, key: string) {
  await storage.delete(key);
  await forgetMediaTypes([key, ...variantKeys(key)]).catch(() => {});
  if (key.startsWith("courses/") || key.startsWith("products/")) {
    for (const variant of variantKeys(key)) await storage.delete(variant).catch(() => {});
  }
  if (key.startsWith("videos/")) await storage.delete(posterKeyFor(key)).catch(() => {});
}

/** Deletes stored files (and their image variants or posters) that nothing points at. */
export async function removeUnusedMedia(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    const used = await referencedKeys(keys);
    for (const key of keys.filter((k) => !used.has(k))) await deleteWithCompanions(getStorage(), key);
  } catch (error) {
    // Leftover files cost storage, not correctness: log and go on.
    log.warn("media cleanup failed", { error: String(error) });
  }
}

const VARIANT = new RegExp(`-(?:${VARIANT_WIDTHS.join("|")})(\\.[a-z0-9]+)$`);
const POSTER = /-poster\.webp$/;
const PART = /\.part$/;

/** Uploads are left alone this long: an admin may still be filling in the form. */
export const SWEEP_GRACE_MS = 24 * 3600_000;

const stampOf = (key: string) => Number(key.slice(key.indexOf("/") + 1).split("_")[0]);

/**
 * Deletes uploads older than the grace period (by the timestamp in their key) that nothing
 * references, with their variants and posters; also variants and posters whose file is gone
 * and interrupted local writes (`.part`). Safe to run from several processes at once.
 */
export async function sweepUnusedUploads({
  now = Date.now(),
  graceMs = SWEEP_GRACE_MS,
  storage = getStorage(),
}: { now?: number; graceMs?: number; storage?: StorageBackend } = {}): Promise<{ checked: number; deleted: number }> {
  const cutoff = now - graceMs;
  let checked = 0;
  let deleted = 0;
  for (const folder of STORAGE_FOLDERS) {
    const keys = (await storage.list(folder)).filter((key) => stampOf(key) < cutoff);
    const files = keys.filter((key) => !VARIANT.test(key) && !POSTER.test(key) && !PART.test(key));
    checked += files.length;
    const gone = new Set<string>();
    for (let i = 0; i < files.length; i += 500) {
      const batch = files.slice(i, i + 500);
      const used = await referencedKeys(batch);
      for (const key of batch.filter((k) => !used.has(k))) {
        await deleteWithCompanions(storage, key);
        gone.add(key);
        deleted += 1;
      }
    }
    const remaining = new Set(files.filter((key) => !gone.has(key)));
    for (const key of keys) {
      const variantOwner = VARIANT.test(key) ? key.replace(VARIANT, "$1") : null;
      const posterStem = POSTER.test(key) ? key.replace(POSTER, "") : null;
      const orphan =
        PART.test(key) ||
        (variantOwner !== null && !remaining.has(variantOwner) && !gone.has(variantOwner)) ||
        (posterStem !== null && ![...remaining].some((k) => k.startsWith(`${posterStem}.`)) && ![...gone].some((k) => k.startsWith(`${posterStem}.`)));
      if (orphan) {
        await storage.delete(key).catch(() => {});
        deleted += 1;
      }
    }
  }
  return { checked, deleted };
}

/**
 * Catalogue images (courses', products') that lack a variant of VARIANT_WIDTHS get it, made from
 * the stored image: an image uploaded before the 720px width existed otherwise sent a phone the
 * 960px file. When any was made the catalogue change is announced (announceCatalogueChange), so
 * every process reads the images again and pages offer the new width.
 */
export async function backfillImageVariants(): Promise<{ checked: number; made: number }> {
  const db = getDb();
  const [courseKeys, productKeys] = await Promise.all([
    db.select({ key: courses.imageKey }).from(courses).where(isNotNull(courses.imageKey)),
    db.select({ key: products.imageKey }).from(products).where(isNotNull(products.imageKey)),
  ]);
  const keys = [...new Set([...courseKeys, ...productKeys].map((row) => row.key).filter((key): key is string => Boolean(key)))];
  let made = 0;
  for (const key of keys) made += (await addMissingVariants(key)).length;
  // No catalogue row changed, so no trigger told the processes: this does.
  if (made > 0) await announceCatalogueChange();
  return { checked: keys.length, made };
}

/**
 * Every 6 hours (first run 5 minutes after start), in the background: the sweep in every
 * process (safe), the variants in one (advisory lock: encoding is the costly part).
 */
export function startMediaSweep(intervalMs = 6 * 3600_000): () => void {
  return every("media sweep", intervalMs, 5 * 60_000, async () => {
    const result = await sweepUnusedUploads();
    if (result.deleted > 0) log.info("removed unused uploads", result);
    const variants = await getDatabaseHandle()?.tryWithLock(LOCK_IDS.imageVariants, () => backfillImageVariants());
    if (variants?.made) log.info("made missing image variants", variants);
  });
}
