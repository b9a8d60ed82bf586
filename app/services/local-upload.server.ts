/**
 * The local storage's direct uploads (the counterpart of an S3 presigned PUT), answered by
 * /api/admin/upload/local. The app is served by @remix-run/serve, whose Node HTTP server ends a
 * request after 5 minutes (`requestTimeout`), so a large file comes in **chunks**, each a PUT of
 * its own to the same signed URL with `Content-Range: bytes first-last/total`:
 *
 * - the URL's signature binds the key, the content type, the size cap and the file's total size;
 *   every chunk must carry that type and that total, and start exactly where the file received so
 *   far ends (`<key>.part` next to the final file): a chunk out of order answers 409 with the
 *   offset to resume from, a chunk longer or shorter than its range is refused and undone;
 * - the last chunk moves the part to the key, never over an existing file (keys are immutable:
 *   a stored file is never replaced through an upload URL);
 * - the URL's expiry bounds the start; once started, an upload may go on after it (a 4 GB video
 *   takes hours on a slow line) until the sweep of unused uploads removes the part (a day);
 * - DELETE on the URL (the browser's "Anulează") removes the part at once.
 * What arrives is checked afterwards exactly like an S3 upload (`verifyUpload`: size cap, real
 * type by its first bytes, images re-encoded).
 * A single PUT without Content-Range is the whole file (small files; URLs issued without a size).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { parseContentRange } from "~/lib/http-range";
import { isValidStorageKey } from "~/lib/storage-keys";
import { MAX_UPLOAD_CHUNK_BYTES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { log } from "~/log.server";
import { localPathForKey, verifyLocalUpload } from "./storage.server";

export interface LocalUploadOutcome {
  status: number;
  body: { key?: string; received?: number; complete?: boolean; error?: string; offset?: number };
}

export interface LocalChunk {
  contentType: string | null;
  contentRange: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
}

class TooLarge extends Error {}

/**
 * A refused chunk's bytes are still read (and dropped), up to this many, so the browser gets
 * the answer (409 with the offset to resume from) rather than a reset connection: cancelling
 * the request body would destroy the socket.
 */
const DRAIN_LIMIT_BYTES = MAX_UPLOAD_CHUNK_BYTES + 1024 * 1024;

async function drain(body: Readable) {
  let read = 0;
  try {
    for await (const data of body) {
      read += (data as Buffer).length;
      if (read > DRAIN_LIMIT_BYTES) break; // leaving the loop destroys the stream
    }
  } catch {
    // the client went away
  }
}

const refuse = (status: number, error: string, offset?: number): LocalUploadOutcome => ({
  status,
  body: offset === undefined ? { error } : { error, offset },
});

/** The part file of an upload in progress: `<key>.part`, itself a valid key (so the sweep lists it). */
export function partKeyFor(key: string): string {
  return `${key}.part`;
}

// One chunk at a time per key in this process (the browser sends them one after another; a
// retry racing its own first attempt must not write twice).
const locks = new Map<string, Promise<void>>();
async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  locks.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (locks.get(key) === tail) locks.delete(key);
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    const stat = await fsp.stat(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/** Undoes a chunk: the part goes back to the bytes it had before (or away if it was new). */
async function undo(part: string, first: number, created: boolean) {
  try {
    if (created) await fsp.rm(part, { force: true });
    else await fsp.truncate(part, first);
  } catch (error) {
    log.warn("upload: could not undo a chunk", { error: String(error) });
  }
}

export async function receiveLocalUpload(params: URLSearchParams, chunk: LocalChunk, nowMs = Date.now()): Promise<LocalUploadOutcome> {
  const check = verifyLocalUpload(params, nowMs, { allowExpired: true });
  if (!check.ok) return refuse(403, "Adresă de încărcare invalidă sau expirată.");
  const type = (chunk.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== check.contentType) return refuse(415, "Tipul fișierului nu corespunde.");

  // The bytes this request carries: a chunk of a known total, or the whole file.
  let first = 0;
  let expected: number | null = check.size; // exact length of this body, when known
  let total: number | null = check.size;
  if (chunk.contentRange !== null) {
    const range = parseContentRange(chunk.contentRange);
    if (check.size === null || !range || range.total !== check.size) return refuse(400, UPLOAD_MESSAGES.badChunk);
    first = range.first;
    expected = range.last - range.first + 1;
    total = range.total;
    if (expected > MAX_UPLOAD_CHUNK_BYTES) return refuse(413, UPLOAD_MESSAGES.tooLarge(MAX_UPLOAD_CHUNK_BYTES));
  }
  const cap = expected ?? check.maxBytes;
  const declared = chunk.contentLength === null ? null : Number(chunk.contentLength);
  if (declared !== null && declared > cap) return refuse(413, chunk.contentRange === null ? UPLOAD_MESSAGES.tooLarge(cap) : UPLOAD_MESSAGES.badChunk);
  if (declared !== null && expected !== null && declared !== expected) return refuse(400, UPLOAD_MESSAGES.badChunk);
  if (!chunk.body) return refuse(400, UPLOAD_MESSAGES.empty);
  if (!isValidStorageKey(partKeyFor(check.key))) return refuse(400, "Cheie de fișier invalidă.");

  const file = localPathForKey(check.key);
  const part = localPathForKey(partKeyFor(check.key));
  const body = Readable.fromWeb(chunk.body as NodeReadableStream<Uint8Array>);

  return withLock(check.key, async () => {
    // Never over a stored file: the offset tells a retried last chunk that the file is complete.
    const stored = await sizeOf(file);
    if (stored !== null) {
      await drain(body);
      return refuse(409, UPLOAD_MESSAGES.exists, stored);
    }
    const current = await sizeOf(part);
    if (check.expired && current === null) {
      await drain(body);
      return refuse(403, UPLOAD_MESSAGES.expired);
    }
    if (first !== (current ?? 0)) {
      await drain(body);
      return refuse(409, UPLOAD_MESSAGES.outOfOrder, current ?? 0);
    }
    await fsp.mkdir(path.dirname(part), { recursive: true });
    const created = current === null;
    let received = 0;
    const counter = new Transform({
      transform(data: Buffer, _encoding, callback) {
        received += data.length;
        if (received <= cap) callback(null, data);
        else if (received > cap + DRAIN_LIMIT_BYTES) callback(new TooLarge()); // not worth reading on
        else callback(); // past the cap: read and dropped; the chunk is refused and undone below
      },
    });
    try {
      // Positional write: the chunk lands at `first` whatever happened before.
      await pipeline(body, counter, fs.createWriteStream(part, { flags: created ? "wx" : "r+", start: first }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return refuse(409, UPLOAD_MESSAGES.outOfOrder, (await sizeOf(part)) ?? 0);
      await undo(part, first, created);
      if (error instanceof TooLarge) return refuse(413, chunk.contentRange === null ? UPLOAD_MESSAGES.tooLarge(cap) : UPLOAD_MESSAGES.badChunk);
      log.warn("upload: a chunk did not arrive whole", { key: check.key, error: String(error) });
      return refuse(400, UPLOAD_MESSAGES.failed);
    }
    if (received > cap) {
      await undo(part, first, created);
      return refuse(413, chunk.contentRange === null ? UPLOAD_MESSAGES.tooLarge(cap) : UPLOAD_MESSAGES.badChunk);
    }
    if (expected !== null && received !== expected) {
      await undo(part, first, created);
      return refuse(400, UPLOAD_MESSAGES.badChunk);
    }
    const end = first + received;
    if (total !== null && end < total) return { status: 200, body: { key: check.key, received: end, complete: false } };
    // Complete: the part becomes the file, unless a file appeared at the key meanwhile.
    try {
      await fsp.link(part, file);
    } catch (error) {
      await fsp.rm(part, { force: true });
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return refuse(409, UPLOAD_MESSAGES.exists, (await sizeOf(file)) ?? 0);
      throw error;
    }
    await fsp.rm(part, { force: true });
    return { status: 200, body: { key: check.key, received: end, complete: true } };
  });
}

/** DELETE on the upload URL: the browser cancelled; the part goes now rather than at the sweep. */
export async function cancelLocalUpload(params: URLSearchParams, nowMs = Date.now()): Promise<LocalUploadOutcome> {
  const check = verifyLocalUpload(params, nowMs, { allowExpired: true });
  if (!check.ok) return refuse(403, "Adresă de încărcare invalidă sau expirată.");
  if (!isValidStorageKey(partKeyFor(check.key))) return refuse(400, "Cheie de fișier invalidă.");
  const part = localPathForKey(partKeyFor(check.key));
  await withLock(check.key, () => fsp.rm(part, { force: true }));
  return { status: 200, body: { key: check.key, received: 0, complete: false } };
}
