/**
 * The local storage backend (embedded default): files under DATA_DIR/uploads, written through a
 * temporary file and renamed; read by offset; handed out as signed app URLs (./signing.server).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getConfig } from "~/config.server";
import { contentTypeForKey, isValidStorageKey } from "~/lib/storage-keys";
import { UPLOAD_CHUNK_BYTES } from "~/lib/upload-rules";
import { assertKey, assertRange, expiryFor, UPLOAD_URL_TTL_SECONDS, type StorageBackend } from "./backend.server";
import { LOCAL_UPLOAD_PATH, localSignature, uploadSignature } from "./signing.server";

export function localPathForKey(key: string, uploadsDir = getConfig().storage.uploadsDir): string {
  assertKey(key);
  return path.join(uploadsDir, ...key.split("/"));
}

/**
 * Files under `uploadsDir` (default DATA_DIR/uploads, read when called). Another folder: a
 * restore into a fresh data folder (the backup drill).
 */
export function createLocalBackend(uploadsDir?: string): StorageBackend {
  const root = () => uploadsDir ?? getConfig().storage.uploadsDir;
  const localPathForKey = (key: string) => localPathForKeyIn(key, root());
  return {
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
    const names = await fsp.readdir(path.join(root(), folder)).catch(() => [] as string[]);
    return names.map((name) => `${folder}/${name}`).filter(isValidStorageKey);
  },
  async read(key) {
    const file = localPathForKey(key);
    try {
      const handle = await fsp.open(file, "r");
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
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
}

const localPathForKeyIn = localPathForKey;

export const localBackend: StorageBackend = createLocalBackend();
