/**
 * Lesson video posters: a still frame stored next to the video ("…_lectie.mp4" →
 * "…_lectie-poster.webp"). Whether one exists is looked up once per key and remembered (keys
 * are immutable); misses are re-checked after a while. Posters are not secret: they get the
 * cacheable URLs of public images. A video without a frame of its own shows the course's cover
 * (`fallbackImageKey`) rather than a dark empty box before its first frame.
 */
import { isValidStorageKey } from "~/lib/storage-keys";
import { posterKeyFor } from "~/lib/player";
import { getStorage, imageUrl } from "./storage.server";

const MISS_RECHECK_MS = 5 * 60_000;
const known = new Map<string, { exists: boolean; checkedAt: number }>();

export async function lessonPosterUrl(videoKey: string, fallbackImageKey: string | null = null): Promise<string | null> {
  const fallback = fallbackImageKey && isValidStorageKey(fallbackImageKey) ? imageUrl(fallbackImageKey) : null;
  const key = posterKeyFor(videoKey);
  if (!isValidStorageKey(key)) return fallback;
  const cached = known.get(key);
  const now = Date.now();
  let exists = cached?.exists ?? false;
  if (!cached || (!cached.exists && now - cached.checkedAt >= MISS_RECHECK_MS)) {
    exists = (await getStorage().head(key).catch(() => null)) !== null;
    if (known.size > 5_000) known.clear();
    known.set(key, { exists, checkedAt: now });
  }
  return exists ? imageUrl(key) : fallback;
}
