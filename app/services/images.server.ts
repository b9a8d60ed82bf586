/**
 * Catalogue images (SPEC: img key → imgUrl) with their 480px variant for srcset. Whether a key
 * has a variant is looked up in storage once and remembered: keys are immutable
 * (folder/timestamp_name), so a new upload always has a new key. Misses are re-checked after a
 * while, in case the variant is written after the main image.
 */
import { type ResponsiveImage, variantKey } from "~/lib/images";
import { isValidStorageKey } from "~/lib/storage-keys";
import { getStorage, imageUrl } from "./storage.server";

const MISS_RECHECK_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;
const variants = new Map<string, { exists: boolean; checkedAt: number }>();

async function hasVariant(key: string): Promise<boolean> {
  const cached = variants.get(key);
  const now = Date.now();
  if (cached && (cached.exists || now - cached.checkedAt < MISS_RECHECK_MS)) return cached.exists;
  const exists = (await getStorage().head(key).catch(() => null)) !== null;
  if (variants.size >= MAX_ENTRIES) variants.clear();
  variants.set(key, { exists, checkedAt: now });
  return exists;
}

/** Tests: forget what was looked up. */
export function clearImageVariantCache() {
  variants.clear();
}

export async function catalogueImage(key: string | null | undefined): Promise<ResponsiveImage | null> {
  if (!key || !isValidStorageKey(key)) return null;
  const small = variantKey(key);
  const [src, smallExists] = await Promise.all([imageUrl(key), hasVariant(small)]);
  if (!src) return null;
  return { src, small: smallExists ? await imageUrl(small) : null };
}
