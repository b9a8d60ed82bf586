/**
 * Admin uploads (docs/product.md §5, §7 Media) on top of the storage backend, both ways:
 *
 * - With JavaScript: the browser asks for a signed upload URL (`issueUploadUrl`: type and size
 *   checked first), PUTs the file straight to storage (S3: one presigned PUT; local storage: in
 *   chunks, local-upload.server.ts), then asks us to check what arrived (`verifyUpload`: size by
 *   HEAD, real type by sniffing the first bytes, images re-encoded; anything wrong is deleted).
 *   The key then travels in a hidden form field, with a proof that it was checked.
 * - Without JavaScript: the form is posted as multipart; `readAdminForm` parses it with
 *   @remix-run/form-data-parser (one part in memory at a time, each capped at the form's limit),
 *   copies each file to a temporary file with its kind's size cap, sniffs it, stores it and puts
 *   its key in the form data in place of the file, so the action sees the same fields either way.
 *   The whole post must arrive within Node's 5-minute request timeout: UPLOAD_MAX_FORM_MB.
 * Each stored file is checked once: saving a form checks only keys without a valid proof
 * (`verifyFormMedia`).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { getConfig } from "~/config.server";
import { isValidStorageKey, makeStorageKey, STORAGE_FOLDERS, type StorageFolder } from "~/lib/storage-keys";
import {
  folderFor,
  formatBytes,
  isAcceptedType,
  kindForFolder,
  parseUploadProof,
  SNIFF_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_PROOF_FIELD,
  type UploadKind,
} from "~/lib/upload-rules";
import { readFormData } from "~/lib/form-input";
import { variantKeys } from "~/lib/images";
import { kindOfVerifiedType, verifyContainer, type ByteReader, type VerifiedType } from "~/lib/media-check";
import { checkWebVtt, WEBVTT_MAX_BYTES } from "~/lib/webvtt";
import { optimiseUploadedImage } from "./images.server";
import { log } from "~/log.server";
import { getStorage, storageReader, type UploadTarget } from "./storage.server";

/**
 * What uploads need from the media records (models/media.server.ts, models/media-type.server.ts):
 * which keys a saved course or product still references, freeing the ones no longer used, and
 * recording a checked file's type. Handed in by the composition root (app/composition.server.ts),
 * so this adapter does not import models.
 */
export interface UploadMediaRecords {
  referencedKeys(keys: string[]): Promise<Set<string>>;
  removeUnusedMedia(keys: string[]): Promise<unknown>;
  recordMediaType(key: string, contentType: VerifiedType): Promise<void>;
}

let media: UploadMediaRecords | undefined;

export function setUploadMediaRecords(records: UploadMediaRecords): void {
  media = records;
}

function mediaRecords(): UploadMediaRecords {
  if (!media) throw new Error("uploads: the media records are not wired (app/composition.server.ts)");
  return media;
}

export function maxBytesFor(kind: UploadKind | "form"): number {
  return getConfig().storage.maxBytes[kind];
}

/** The limits shown next to the file inputs. */
export function uploadLimits() {
  return {
    image: formatBytes(maxBytesFor("image")),
    pdf: formatBytes(maxBytesFor("pdf")),
    captions: formatBytes(maxBytesFor("captions")),
    video: formatBytes(maxBytesFor("video")),
    form: formatBytes(maxBytesFor("form")),
  };
}

export type UploadResult<T> = ({ ok: true } & T) | { ok: false; error: string; status: number };

export interface UploadUrlRequest {
  /**
   * docs/product.md §7: the key the browser proposes, `folder/timestamp_filename` (the file name is
   * sanitised; a missing or far-off timestamp is replaced by the server's). Or folder + fileName.
   */
  key?: string;
  folder?: string;
  fileName?: string;
  contentType: string;
  /** Bytes. Without it the upload is capped by the folder's limit (checked after the upload). */
  size?: number;
}

/** A proposed key's timestamp is kept when within this of the server's clock (the sweep's grace counts from it). */
const KEY_STAMP_TOLERANCE_MS = 3600_000;

/** Folder, file name and timestamp of the key asked for; null when the request names no allowed folder. */
function requestedKey(input: UploadUrlRequest, now: number): { folder: StorageFolder; fileName: string; stamp: number } | null {
  if (input.key !== undefined) {
    const slash = input.key.indexOf("/");
    const folder = input.key.slice(0, slash) as StorageFolder;
    const rest = input.key.slice(slash + 1);
    if (slash <= 0 || !STORAGE_FOLDERS.includes(folder) || /[\\/]|\.\./.test(rest)) return null;
    const stamped = /^([0-9]{1,16})_(.+)$/.exec(rest);
    const stamp = stamped && Math.abs(Number(stamped[1]) - now) <= KEY_STAMP_TOLERANCE_MS ? Number(stamped[1]) : now;
    const fileName = stamped ? stamped[2] : rest;
    return fileName.trim() ? { folder, fileName, stamp } : null;
  }
  const folder = input.folder as StorageFolder;
  if (!STORAGE_FOLDERS.includes(folder) || !input.fileName) return null;
  return { folder, fileName: input.fileName, stamp: now };
}

/**
 * Checks type and size, then a signed PUT URL (S3 presigned, or the local backend's chunked
 * one). The answer's `key` is the one to use. Keys are immutable: an upload never goes to a key
 * that already holds a file (a saved course may point at it); such a request gets a fresh key.
 */
export async function issueUploadUrl(input: UploadUrlRequest): Promise<UploadResult<UploadTarget & { key: string; maxBytes: number }>> {
  const now = Date.now();
  const wanted = requestedKey(input, now);
  if (!wanted) return { ok: false, error: "Cerere de încărcare invalidă.", status: 400 };
  const kind = kindForFolder(wanted.folder);
  if (!isAcceptedType(kind, input.contentType)) return { ok: false, error: UPLOAD_MESSAGES.wrongType[kind], status: 415 };
  const maxBytes = maxBytesFor(kind);
  if (input.size !== undefined) {
    if (!Number.isSafeInteger(input.size) || input.size <= 0) return { ok: false, error: UPLOAD_MESSAGES.empty, status: 400 };
    if (input.size > maxBytes) return { ok: false, error: UPLOAD_MESSAGES.tooLarge(maxBytes), status: 413 };
  }
  const storage = getStorage();
  let key = makeStorageKey(wanted.folder, wanted.fileName, wanted.stamp);
  for (let attempt = 1; (await storage.head(key)) !== null; attempt++) {
    if (attempt > 5) return { ok: false, error: UPLOAD_MESSAGES.exists, status: 409 };
    key = makeStorageKey(wanted.folder, wanted.fileName, Math.max(Date.now(), wanted.stamp) + attempt);
  }
  const contentType = input.contentType.split(";")[0].trim().toLowerCase();
  const target = await storage.createUploadUrl(key, { contentType, size: input.size, maxBytes });
  return { ok: true, key, maxBytes, ...target };
}

// ─── Proofs: a file is checked once ───────────────────────────────────────────────────────────

function proofSignature(key: string, etag: string): string {
  const secret = createHmac("sha256", getConfig().sessionSecret).update("upload-proof-v1").digest();
  return createHmac("sha256", secret).update(`${key}\n${etag}`).digest("base64url");
}

/**
 * `key:signature`: this key, as stored now (its ETag), passed `verifyUpload`. A form carries it
 * in a hidden field so the save does not check (and re-encode) the file a second time; writing
 * the object again (another ETag) voids it. Null when the backend gives no ETag.
 */
export async function uploadProof(key: string): Promise<string | null> {
  const stored = await getStorage().head(key);
  return stored?.etag ? `${key}:${proofSignature(key, stored.etag)}` : null;
}

async function proofHolds(key: string, signature: string): Promise<boolean> {
  const stored = await getStorage().head(key);
  if (!stored?.etag) return false;
  const expected = Buffer.from(proofSignature(key, stored.etag));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The proofs posted with a form (hidden `uploadProof` fields): key → signature. Unchecked. */
export function readUploadProofs(formData: FormData): Map<string, string> {
  const proofs = new Map<string, string>();
  for (const value of formData.getAll(UPLOAD_PROOF_FIELD)) {
    const parsed = typeof value === "string" ? parseUploadProof(value) : null;
    if (parsed && isValidStorageKey(parsed.key)) proofs.set(parsed.key, parsed.signature);
  }
  return proofs;
}

/**
 * The proofs a form that comes back (validation error, list intent) should carry again: for the
 * files this request stored (no JavaScript) and those posted with it (checked when it is saved).
 */
export async function proofsToKeep(keys: Iterable<string>, storedKeys: Set<string>, posted: Map<string, string>): Promise<Record<string, string>> {
  const proofs: Record<string, string> = {};
  for (const key of new Set(keys)) {
    if (storedKeys.has(key)) {
      const proof = await uploadProof(key).catch(() => null);
      if (proof) proofs[key] = proof;
    } else if (posted.has(key)) {
      proofs[key] = `${key}:${posted.get(key)}`;
    }
  }
  return proofs;
}

/**
 * After a direct upload: the object must exist, be within the size limit and really be of the
 * folder's kind (magic bytes); images are then re-encoded (images.server.ts). A wrong or oversize
 * object is deleted — unless a saved course, lesson or product points at it: such a file was
 * checked when it was saved and is never deleted or re-encoded here (the check still answers).
 */
export async function verifyUpload(key: string): Promise<UploadResult<{ key: string; size: number; contentType: string; proof: string | null }>> {
  if (!isValidStorageKey(key)) return { ok: false, error: "Cheie de fișier invalidă.", status: 400 };
  const kind = kindForFolder(key.split("/")[0] as StorageFolder);
  const storage = getStorage();
  const stored = await storage.head(key);
  if (!stored) return { ok: false, error: UPLOAD_MESSAGES.missing, status: 404 };
  const inUse = (await mediaRecords().referencedKeys([key])).has(key);
  const maxBytes = maxBytesFor(kind);
  const refuse = async (error: string, status: number) => {
    if (inUse) log.warn("upload: a file in use failed its check; kept", { key });
    else await storage.delete(key).catch((cause) => log.warn("upload: could not delete a refused object", { key, cause: String(cause) }));
    return { ok: false as const, error, status };
  };
  if (stored.size === 0) return refuse(UPLOAD_MESSAGES.empty, 400);
  if (stored.size > maxBytes) return refuse(UPLOAD_MESSAGES.tooLarge(maxBytes), 413);
  // The whole container header, not a few magic bytes (lib/media-check.ts).
  const reader = storageReader(key, stored.size, storage);
  const contentType = await verifyContainer(reader);
  if (!contentType || kindOfVerifiedType(contentType) !== kind) return refuse(await wrongTypeMessage(kind, reader), 415);
  let size = stored.size;
  if (kind === "image" && !inUse) {
    const optimised = await optimiseUploadedImage(key, stored.size, contentType);
    if (!optimised.ok) return refuse(UPLOAD_MESSAGES.unreadableImage, 415);
    size = optimised.size;
  }
  await recordVerified(key, contentType);
  return { ok: true, key, size, contentType, proof: await uploadProof(key) };
}

/**
 * Before a form is saved: every media key in it must have been checked — once per stored file.
 * - `known`: keys the record already had, and files stored by this very request (no JavaScript);
 * - a key a saved course, lesson or product points at was checked when that was saved;
 * - a key with a valid proof whose object has not been written since: one HEAD, no re-check;
 * - anything else is checked now (`verifyUpload`; a refused, unused file is deleted).
 * Returns field errors (none: all good) and the proofs to send back with the form.
 */
export async function verifyFormMedia(
  fields: Array<{ name: string; key: string }>,
  { known, proofs }: { known: Set<string>; proofs: Map<string, string> },
): Promise<{ errors: Record<string, string[]>; proofs: Record<string, string> }> {
  const errors: Record<string, string[]> = {};
  const kept: Record<string, string> = {};
  const unknown = [...new Set(fields.map((f) => f.key).filter((key) => !known.has(key)))];
  const inUse = await mediaRecords().referencedKeys(unknown);
  const outcome = new Map<string, string | null>(); // key → error (null: fine)
  for (const key of unknown) {
    if (inUse.has(key)) {
      outcome.set(key, null);
      continue;
    }
    const signature = proofs.get(key);
    if (signature && (await proofHolds(key, signature))) {
      outcome.set(key, null);
      kept[key] = `${key}:${signature}`;
      continue;
    }
    const check = await verifyUpload(key);
    outcome.set(key, check.ok ? null : check.error);
    if (check.ok && check.proof) kept[key] = check.proof;
  }
  for (const { name, key } of fields) {
    const error = outcome.get(key);
    if (error) errors[name] = [error];
  }
  return { errors, proofs: kept };
}

/**
 * Why a file is not of its kind: for captions the WebVTT check says what is wrong (an SRT file,
 * no "WEBVTT" line, the line of a bad timing…); for the other kinds the kind's message.
 */
async function wrongTypeMessage(kind: UploadKind, reader: ByteReader): Promise<string> {
  if (kind !== "captions" || reader.size > WEBVTT_MAX_BYTES) return UPLOAD_MESSAGES.wrongType[kind];
  const check = checkWebVtt(await reader.read(0, reader.size));
  return check.ok ? UPLOAD_MESSAGES.wrongType[kind] : check.error;
}

/** The type a file passed its check as is the type it is served with (media_files). */
async function recordVerified(key: string, contentType: VerifiedType) {
  await mediaRecords().recordMediaType(key, contentType);
  // An image's variants are re-encoded by us in the same format.
  if (kindOfVerifiedType(contentType) !== "image") return;
  for (const variant of variantKeys(key)) {
    if (await getStorage().head(variant)) await mediaRecords().recordMediaType(variant, contentType);
  }
}

/** Ranged reads of a temporary file (a form upload before it is stored). */
function fileReader(file: string, size: number): ByteReader {
  return {
    size,
    async read(offset, length) {
      const handle = await fsp.open(file, "r");
      try {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

// ─── Multipart form posts (no JavaScript) ─────────────────────────────────────────────────────

/** Names of file inputs: `file:<field>` (the field then receives the stored key). */
export const FILE_FIELD_PREFIX = "file:";

export interface FileTarget {
  kind: UploadKind;
  folder: StorageFolder;
}

export interface AdminForm {
  formData: FormData;
  /** Per field: why its file was refused. */
  uploadErrors: Record<string, string[]>;
  /** Keys stored by this request (already checked; no need to verify them again). */
  storedKeys: Set<string>;
  /** The body was over UPLOAD_MAX_FORM_MB: nothing from it is kept (files stored before it got there are removed). */
  tooLarge: boolean;
}

interface Spooled {
  file: string;
  size: number;
  head: Uint8Array;
  overflow: boolean;
}

/** Streams a part to a temporary file, stopping (and draining) past `cap` bytes. */
async function spool(data: AsyncIterable<Uint8Array>, cap: number): Promise<Spooled> {
  const file = path.join(os.tmpdir(), `upload-${process.pid}-${randomBytes(8).toString("hex")}`);
  const out = fs.createWriteStream(file);
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  let size = 0;
  let overflow = false;
  try {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (overflow) continue; // drain the rest so the next parts can be read
      if (size > cap) {
        overflow = true;
        continue;
      }
      if (headLength < SNIFF_BYTES) {
        const take = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.set(take, headLength);
        headLength += take.byteLength;
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  return { file, size, head: head.subarray(0, headLength), overflow };
}

async function storeSpooled(spooled: Spooled, target: FileTarget, fileName: string, declaredType: string): Promise<{ key: string } | { error: string }> {
  const maxBytes = maxBytesFor(target.kind);
  if (spooled.overflow) return { error: UPLOAD_MESSAGES.tooLarge(Math.min(maxBytes, maxBytesFor("form"))) };
  if (spooled.size === 0) return { error: UPLOAD_MESSAGES.empty };
  // A .vtt file's declared type varies by system (text/vtt, text/plain, none): captions are judged by their content only.
  const reader = fileReader(spooled.file, spooled.size);
  const declaredOk = target.kind === "captions" || isAcceptedType(target.kind, declaredType);
  const contentType = declaredOk ? await verifyContainer(reader) : null;
  if (!contentType || kindOfVerifiedType(contentType) !== target.kind) {
    return { error: declaredOk ? await wrongTypeMessage(target.kind, reader) : UPLOAD_MESSAGES.wrongType[target.kind] };
  }
  const key = makeStorageKey(target.folder, fileName);
  await getStorage().put(key, fs.createReadStream(spooled.file), contentType, spooled.size);
  if (target.kind === "image" && !(await optimiseUploadedImage(key, spooled.size, contentType)).ok) {
    await getStorage().delete(key);
    return { error: UPLOAD_MESSAGES.unreadableImage };
  }
  await recordVerified(key, contentType);
  return { key };
}

/** Course forms have a video, a PDF and a captions input per lesson (up to 1000 lessons) and a cover. */
const MAX_FORM_FILES = 3001;
const MAX_FORM_PARTS = 20_000;

/**
 * Reads an admin form: multipart (files stored as they stream in) or urlencoded. `targetFor`
 * says which kind of file a field takes (null: not a file field).
 */
export async function readAdminForm(request: Request, targetFor: (field: string) => FileTarget | null): Promise<AdminForm> {
  const uploadErrors: Record<string, string[]> = {};
  const storedKeys = new Set<string>();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { formData: await readFormData(request), uploadErrors, storedKeys, tooLarge: false };
  }
  const formMax = maxBytesFor("form");
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > formMax + 1024 * 1024) {
    return { formData: new FormData(), uploadErrors, storedKeys, tooLarge: true };
  }
  // Without a Content-Length (or with a false one) the files' bytes are counted as they come.
  let fileBytes = 0;
  let tooLarge = false;
  const fileHandler = async (file: FileUpload): Promise<File | string> => {
    if (!file.fieldName.startsWith(FILE_FIELD_PREFIX)) return file;
    const field = file.fieldName.slice(FILE_FIELD_PREFIX.length);
    const target = targetFor(field);
    // an empty file input (nothing chosen), an unknown field, or past the form's limit: skipped
    if (!file.name || !target || tooLarge) return "";
    const remaining = Math.max(0, formMax - fileBytes);
    const spooled = await spool(file.stream() as unknown as AsyncIterable<Uint8Array>, Math.min(maxBytesFor(target.kind), remaining));
    fileBytes += spooled.size;
    if (spooled.overflow && remaining < maxBytesFor(target.kind)) {
      tooLarge = true;
      await fsp.rm(spooled.file, { force: true });
      return "";
    }
    try {
      const result = await storeSpooled(spooled, target, file.name, file.type);
      if ("error" in result) {
        uploadErrors[field] = [result.error];
        return "";
      }
      storedKeys.add(result.key);
      return result.key;
    } catch (error) {
      log.error("upload: storing a form file failed", { field, error: String(error) });
      uploadErrors[field] = [UPLOAD_MESSAGES.failed];
      return "";
    } finally {
      await fsp.rm(spooled.file, { force: true });
    }
  };
  // The parser holds one part at a time in memory, so no part may exceed the form's limit
  // (and the whole body not much more); the per-kind limits are checked on each file above.
  let parsed = new FormData();
  try {
    parsed = await parseFormData(
      request,
      { maxFileSize: formMax, maxTotalSize: formMax + 1024 * 1024, maxFiles: MAX_FORM_FILES, maxParts: MAX_FORM_PARTS },
      fileHandler,
    );
  } catch (error) {
    if (!(error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)) throw error;
    tooLarge = true;
  }
  if (tooLarge) {
    await mediaRecords().removeUnusedMedia([...storedKeys]); // with their image variants
    return { formData: new FormData(), uploadErrors: {}, storedKeys: new Set(), tooLarge: true };
  }
  // The stored key replaces the file: `file:imageKey` → `imageKey`.
  const formData = new FormData();
  const keys = new Map<string, string>();
  for (const [name, value] of parsed) {
    if (name.startsWith(FILE_FIELD_PREFIX)) {
      if (typeof value === "string" && value) keys.set(name.slice(FILE_FIELD_PREFIX.length), value);
      continue;
    }
    formData.append(name, value);
  }
  for (const [field, key] of keys) formData.set(field, key);
  return { formData, uploadErrors, storedKeys, tooLarge: false };
}

/** Targets for the course form: cover image, lesson videos, PDFs and captions. */
export function courseFileTarget(field: string): FileTarget | null {
  if (field === "imageKey") return { kind: "image", folder: folderFor("image") };
  if (/^lessons\[\d{1,3}\]\.videoKey$/.test(field)) return { kind: "video", folder: "videos" };
  if (/^lessons\[\d{1,3}\]\.pdfKey$/.test(field)) return { kind: "pdf", folder: "pdfs" };
  if (/^lessons\[\d{1,3}\]\.captionsKey$/.test(field)) return { kind: "captions", folder: "captions" };
  return null;
}

export function productFileTarget(field: string): FileTarget | null {
  return field === "imageKey" ? { kind: "image", folder: folderFor("image", "product") } : null;
}
