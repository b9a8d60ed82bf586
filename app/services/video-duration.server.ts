/**
 * The server measures a stored lesson video's length itself (docs/product.md §5 watch rule): the pure
 * header parser (~/lib/video-duration) reads through the storage backend's ranged reads, so only
 * the header's few kilobytes travel, wherever they sit in the file (local files: reads at an
 * offset; S3: GetObject with Range). Used when a lesson is saved and, if a lesson still has no
 * known length, when a student completes it (models/lesson*.server).
 */
import { readVideoDuration } from "~/lib/video-duration";
import { log } from "~/log.server";
import { getStorage, type StorageBackend } from "./storage.server";

/**
 * Whole seconds (at least 1) of a stored video, or null when it is missing, not a container we
 * read (MP4/MOV/M4V, Matroska/WebM), has no duration in its header, or storage fails (logged).
 */
export async function measureVideoDuration(key: string, storage: StorageBackend = getStorage()): Promise<number | null> {
  try {
    const stored = await storage.head(key);
    if (!stored || stored.size === 0) return null;
    let failure: unknown;
    const seconds = await readVideoDuration({
      size: stored.size,
      read: async (offset, length) => {
        try {
          return (await storage.readRange(key, offset, length)) ?? new Uint8Array();
        } catch (error) {
          failure = error;
          throw error;
        }
      },
    });
    if (failure) log.warn("video duration: reading the stored file failed", { key, error: failure });
    else if (seconds === null) log.warn("video duration: no duration in the file's header", { key });
    return seconds === null ? null : Math.max(1, Math.round(seconds));
  } catch (error) {
    log.warn("video duration: could not measure", { key, error });
    return null;
  }
}
