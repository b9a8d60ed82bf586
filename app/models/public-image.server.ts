/**
 * Public catalogue images (issue 20 item 9): the image of a published course or product, and
 * its 480px and 720px variants, is served at a stable address `/img/<key>` (routes/img.$.ts) that never
 * expires, so shared previews (og:image), JSON-LD and image search keep working and pages and
 * browsers can cache it for a year (upload keys are unique: `folder/timestamp_name`). Anything
 * else in storage (lesson videos, PDFs, captions, posters, images of unpublished items) is only
 * reachable through signed /media URLs.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, products } from "../../db/schema";
import { baseImageKey } from "~/lib/images";
import { isValidStorageKey } from "~/lib/storage-keys";
import { cachedCatalogue } from "~/services/catalogue-cache.server";

/** Folders that hold catalogue images; nothing outside them is ever public. */
const PUBLIC_FOLDERS = ["courses/", "products/"];

/** The image keys of every published course and product (one catalogue version). */
function publishedImageKeys(): Promise<Set<string>> {
  return cachedCatalogue("public-image-keys", async () => {
    const db = getDb();
    const [courseRows, productRows] = await Promise.all([
      db.select({ key: courses.imageKey }).from(courses).where(and(eq(courses.isPublished, true), isNotNull(courses.imageKey))),
      db.select({ key: products.imageKey }).from(products).where(and(eq(products.isPublished, true), isNotNull(products.imageKey))),
    ]);
    return new Set([...courseRows, ...productRows].map((row) => row.key!));
  });
}

/**
 * True when `key` is the image of a published course or product, or one of its variants. Keys
 * that are not storage keys (path traversal, other folders) are refused before any lookup.
 */
export async function isPublicImageKey(key: string): Promise<boolean> {
  if (!isValidStorageKey(key) || !PUBLIC_FOLDERS.some((folder) => key.startsWith(folder))) return false;
  const keys = await publishedImageKeys();
  if (keys.has(key)) return true;
  const base = baseImageKey(key);
  return base !== null && keys.has(base);
}
