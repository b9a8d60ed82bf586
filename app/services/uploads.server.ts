/**
 * Admin uploads (SPEC §5, §7 Media) on top of the storage backend, both ways:
 *
 * - With JavaScript: the browser asks for a signed upload URL (`issueUploadUrl`: type and size
 *   checked first), PUTs the file straight to storage, then asks us to check what arrived
 *   (`verifyUpload`: size by HEAD, real type by sniffing the first bytes; anything wrong is
 *   deleted). The key then travels in a hidden form field.
 * - Without JavaScript: the form is posted as multipart; `readAdminForm` streams each file part
 *   to a temporary file with a size cap (never into memory), sniffs it, stores it and puts its
 *   key in the form data in place of the file, so the action sees the same fields either way.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { getConfig } from "~/config.server";
import { isValidStorageKey, makeStorageKey, STORAGE_FOLDERS, type StorageFolder } from "~/lib/storage-keys";
import {
  folderFor,
  formatBytes,
  isAcceptedType,
  kindForFolder,
  kindOfType,
  SNIFF_BYTES,
  sniffType,
  UPLOAD_MESSAGES,
  type UploadKind,
} from "~/lib/upload-rules";
import { optimiseUploadedImage } from "./images.server";
import { log } from "./log.server";
import { getStorage, type UploadTarget } from "./storage.server";

export function maxBytesFor(kind: UploadKind | "form"): number {
  return getConfig().storage.maxBytes[kind];
}

/** The limits shown next to the file inputs. */
export function uploadLimits() {
  return {
    image: formatBytes(maxBytesFor("image")),
    pdf: formatBytes(maxBytesFor("pdf")),
    video: formatBytes(maxBytesFor("video")),
    form: formatBytes(maxBytesFor("form")),
  };
}

export type UploadResult<T> = ({ ok: true } & T) | { ok: false; error: string; status: number };

export interface UploadUrlRequest {
  /** Either an existing key (replace it) or a folder and a file name (a new key). */
  key?: string;
  folder?: string;
  fileName?: string;
  contentType: string;
  size: number;
}

/** Checks type and size, then a signed PUT URL for a new key (folder/timestamp_name). */
export async function issueUploadUrl(input: UploadUrlRequest): Promise<UploadResult<UploadTarget & { key: string; maxBytes: number }>> {
  let key: string;
  if (input.key) {
    if (!isValidStorageKey(input.key)) return { ok: false, error: "Cheie de fișier invalidă.", status: 400 };
    key = input.key;
  } else {
    const folder = input.folder as StorageFolder;
    if (!STORAGE_FOLDERS.includes(folder) || !input.fileName) return { ok: false, error: "Cerere de încărcare invalidă.", status: 400 };
    key = makeStorageKey(folder, input.fileName);
  }
  const kind = kindForFolder(key.split("/")[0] as StorageFolder);
  if (!isAcceptedType(kind, input.contentType)) return { ok: false, error: UPLOAD_MESSAGES.wrongType[kind], status: 415 };
  const maxBytes = maxBytesFor(kind);
  if (!Number.isSafeInteger(input.size) || input.size <= 0) return { ok: false, error: UPLOAD_MESSAGES.empty, status: 400 };
  if (input.size > maxBytes) return { ok: false, error: UPLOAD_MESSAGES.tooLarge(maxBytes), status: 413 };
  const contentType = input.contentType.split(";")[0].trim().toLowerCase();
  const target = await getStorage().createUploadUrl(key, { contentType, size: input.size, maxBytes });
  return { ok: true, key, maxBytes, ...target };
}

/**
 * After a direct upload: the object must exist, be within the size limit and really be of the
 * folder's kind (magic bytes). A wrong or oversize object is deleted.
 */
export async function verifyUpload(key: string): Promise<UploadResult<{ key: string; size: number; contentType: string }>> {
  if (!isValidStorageKey(key)) return { ok: false, error: "Cheie de fișier invalidă.", status: 400 };
  const kind = kindForFolder(key.split("/")[0] as StorageFolder);
  const storage = getStorage();
  const stored = await storage.head(key);
  if (!stored) return { ok: false, error: UPLOAD_MESSAGES.missing, status: 404 };
  const maxBytes = maxBytesFor(kind);
  const refuse = async (error: string, status: number) => {
    await storage.delete(key).catch((cause) => log.warn("upload: could not delete a refused object", { key, cause: String(cause) }));
    return { ok: false as const, error, status };
  };
  if (stored.size === 0) return refuse(UPLOAD_MESSAGES.empty, 400);
  if (stored.size > maxBytes) return refuse(UPLOAD_MESSAGES.tooLarge(maxBytes), 413);
  const start = await storage.readStart(key, SNIFF_BYTES);
  const sniffed = start ? sniffType(start) : null;
  if (kindOfType(sniffed) !== kind) return refuse(UPLOAD_MESSAGES.wrongType[kind], 415);
  const contentType = sniffed ?? stored.contentType;
  if (kind !== "image") return { ok: true, key, size: stored.size, contentType };
  const optimised = await optimiseUploadedImage(key, stored.size, contentType);
  if (!optimised.ok) return refuse(UPLOAD_MESSAGES.unreadableImage, 415);
  return { ok: true, key, size: optimised.size, contentType };
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
  /** The body was over UPLOAD_MAX_FORM_MB and was not read. */
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
  const sniffed = sniffType(spooled.head);
  if (!isAcceptedType(target.kind, declaredType) || kindOfType(sniffed) !== target.kind) {
    return { error: UPLOAD_MESSAGES.wrongType[target.kind] };
  }
  const key = makeStorageKey(target.folder, fileName);
  const contentType = sniffed ?? declaredType;
  await getStorage().put(key, fs.createReadStream(spooled.file), contentType, spooled.size);
  if (target.kind === "image" && !(await optimiseUploadedImage(key, spooled.size, contentType)).ok) {
    await getStorage().delete(key);
    return { error: UPLOAD_MESSAGES.unreadableImage };
  }
  return { key };
}

/**
 * Reads an admin form: multipart (files stored as they stream in) or urlencoded. `targetFor`
 * says which kind of file a field takes (null: not a file field).
 */
export async function readAdminForm(request: Request, targetFor: (field: string) => FileTarget | null): Promise<AdminForm> {
  const uploadErrors: Record<string, string[]> = {};
  const storedKeys = new Set<string>();
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { formData: await request.formData(), uploadErrors, storedKeys, tooLarge: false };
  }
  const formMax = maxBytesFor("form");
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > formMax + 1024 * 1024) {
    return { formData: new FormData(), uploadErrors, storedKeys, tooLarge: true };
  }
  const fileHandler = async (part: { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> }) => {
    if (!part.name.startsWith(FILE_FIELD_PREFIX)) return undefined;
    const field = part.name.slice(FILE_FIELD_PREFIX.length);
    const target = targetFor(field);
    if (!part.filename || !target) {
      for await (const _chunk of part.data) {
        // an empty file input (nothing chosen) or an unknown field: skip its bytes
      }
      return "";
    }
    const spooled = await spool(part.data, Math.min(maxBytesFor(target.kind), formMax));
    try {
      const result = await storeSpooled(spooled, target, part.filename, part.contentType);
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
  const parsed = await parseMultipartFormData(
    request,
    composeUploadHandlers(fileHandler, createMemoryUploadHandler({ maxPartSize: 2 * 1024 * 1024 })),
  );
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

/** Targets for the course form: cover image, lesson videos and PDFs. */
export function courseFileTarget(field: string): FileTarget | null {
  if (field === "imageKey") return { kind: "image", folder: folderFor("image") };
  if (/^lessons\[\d{1,3}\]\.videoKey$/.test(field)) return { kind: "video", folder: "videos" };
  if (/^lessons\[\d{1,3}\]\.pdfKey$/.test(field)) return { kind: "pdf", folder: "pdfs" };
  return null;
}

export function productFileTarget(field: string): FileTarget | null {
  return field === "imageKey" ? { kind: "image", folder: folderFor("image", "product") } : null;
}
