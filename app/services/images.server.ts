/**
 * Catalogue images (docs/product.md: img key → imgUrl) with their 480px and 720px variants for srcset.
 * Whether a key has a variant is looked up in storage once and remembered: keys are immutable
 * (folder/timestamp_name), so a new upload always has a new key. Misses are re-checked after a
 * while, in case the variant is written after the main image, and whenever the catalogue changes
 * (a variant made for an older image comes with a catalogue change: models/media.server.ts).
 */
import { IMAGE_WIDTH, MEDIUM_WIDTH, publicImagePath, type ResponsiveImage, SMALL_WIDTH, VARIANT_WIDTHS, variantKey } from "~/lib/images";
import { isValidStorageKey } from "~/lib/storage-keys";
import { log } from "~/log.server";
import { type CatalogueCache, processCatalogueCache } from "./catalogue-cache.server";
import { getStorage, imageUrl } from "./storage.server";

const MISS_RECHECK_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;
const variants = new Map<string, { exists: boolean; checkedAt: number }>();
/** The catalogue cache whose changes drop the remembered misses (the process's; tests replace it). */
let watched: CatalogueCache | undefined;

async function hasVariant(key: string): Promise<boolean> {
  const catalogue = processCatalogueCache();
  if (catalogue && catalogue !== watched) {
    watched = catalogue;
    catalogue.onChange(() => {
      for (const [variant, entry] of variants) if (!entry.exists) variants.delete(variant);
    });
  }
  const cached = variants.get(key);
  const now = Date.now();
  if (cached && (cached.exists || now - cached.checkedAt < MISS_RECHECK_MS)) return cached.exists;
  const exists = (await getStorage().head(key).catch(() => null)) !== null;
  if (variants.size >= MAX_ENTRIES) variants.clear();
  variants.set(key, { exists, checkedAt: now });
  return exists;
}

/**
 * Signed URLs (they expire): images of items that may not be published, e.g. the admin lists.
 */
export async function catalogueImage(key: string | null | undefined): Promise<ResponsiveImage | null> {
  if (!key || !isValidStorageKey(key)) return null;
  const small = variantKey(key, SMALL_WIDTH);
  const medium = variantKey(key, MEDIUM_WIDTH);
  const [src, smallExists, mediumExists] = await Promise.all([imageUrl(key), hasVariant(small), hasVariant(medium)]);
  if (!src) return null;
  const [smallUrl, mediumUrl] = await Promise.all([smallExists ? imageUrl(small) : null, mediumExists ? imageUrl(medium) : null]);
  return { src, small: smallUrl, medium: mediumUrl };
}

/**
 * Stable public addresses (`/img/<key>`, never expiring) for the image of a published course or
 * product: the catalogue pages, og:image and JSON-LD. The route serves only such images
 * (models/public-image.server), so callers must pass only published items' keys.
 */
export async function publicCatalogueImage(key: string | null | undefined): Promise<ResponsiveImage | null> {
  if (!key || !isValidStorageKey(key)) return null;
  const small = variantKey(key, SMALL_WIDTH);
  const medium = variantKey(key, MEDIUM_WIDTH);
  const [smallExists, mediumExists] = await Promise.all([hasVariant(small), hasVariant(medium)]);
  return { src: publicImagePath(key), small: smallExists ? publicImagePath(small) : null, medium: mediumExists ? publicImagePath(medium) : null };
}

// ─── Uploaded images: resized on the server ──────────────────────────────────────────────────

/** Decompression-bomb guard: a 48-megapixel photo is the most a phone camera sends. */
const MAX_INPUT_PIXELS = 50_000_000;

type OutputFormat = "jpeg" | "png" | "webp" | "avif";
const FORMAT_OF_TYPE: Record<string, OutputFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
};

async function encode(input: Buffer, width: number, format: OutputFormat): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate() // apply the EXIF orientation of phone photos, then drop the metadata (GPS too)
    .resize({ width, withoutEnlargement: true });
  if (format === "jpeg") return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  if (format === "png") return image.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 78 }).toBuffer();
  return image.avif({ quality: 55 }).toBuffer();
}

/**
 * After an image upload was checked (size, magic bytes): the stored object is replaced by a copy
 * at most IMAGE_WIDTH wide (orientation applied, metadata stripped) and its variants (VARIANT_WIDTHS)
 * are stored next to it, so phones download a few dozen KB instead of a camera's megabytes. Same
 * format as uploaded; a GIF is kept as it is (it may be animated). An image the decoder cannot
 * read is refused: it would show as a broken picture.
 */
export async function optimiseUploadedImage(key: string, size: number, contentType: string): Promise<{ ok: true; size: number } | { ok: false }> {
  const format = FORMAT_OF_TYPE[contentType];
  if (!format) return { ok: true, size };
  const storage = getStorage();
  // The whole object (images are capped at a few MB).
  const original = await storage.readRange(key, 0, size);
  if (!original) return { ok: false };
  let large: Buffer;
  let narrower: Buffer[];
  try {
    const input = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
    [large, ...narrower] = await Promise.all([encode(input, IMAGE_WIDTH, format), ...VARIANT_WIDTHS.map((width) => encode(input, width, format))]);
  } catch {
    return { ok: false };
  }
  // Keep the original when re-encoding would not make it smaller (already optimised).
  const keep = large.byteLength >= original.byteLength;
  if (!keep) await storage.put(key, large, contentType);
  await putVariants(key, VARIANT_WIDTHS, narrower, contentType);
  return { ok: true, size: keep ? original.byteLength : large.byteLength };
}

/**
 * Makes the variants a stored catalogue image lacks (an image uploaded before a width was added
 * to VARIANT_WIDTHS) from the stored image, and returns their widths. None for an image that is
 * gone, a format without variants (GIF) or a file the decoder cannot read (logged).
 */
export async function addMissingVariants(key: string): Promise<number[]> {
  const storage = getStorage();
  const missing: number[] = [];
  for (const width of VARIANT_WIDTHS) if (!(await storage.head(variantKey(key, width)))) missing.push(width);
  if (missing.length === 0) return [];
  const stored = await storage.head(key);
  const format = stored ? FORMAT_OF_TYPE[stored.contentType] : undefined;
  if (!stored || !format) return [];
  const original = await storage.readRange(key, 0, stored.size);
  if (!original) return [];
  let encoded: Buffer[];
  try {
    const input = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
    encoded = await Promise.all(missing.map((width) => encode(input, width, format)));
  } catch (error) {
    log.warn("image variants not made", { key, error: String(error) });
    return [];
  }
  await putVariants(key, missing, encoded, stored.contentType);
  return missing;
}

/** Stores an image's variants (`files[i]` is `widths[i]` wide) and forgets what was known of them. */
async function putVariants(key: string, widths: readonly number[], files: Buffer[], contentType: string) {
  for (const [i, width] of widths.entries()) {
    await getStorage().put(variantKey(key, width), files[i], contentType);
    variants.delete(variantKey(key, width));
  }
}
