/**
 * Browser side of a direct upload (JavaScript only): ask the app for a signed PUT URL, send the
 * file straight to storage with XMLHttpRequest (upload progress events: percent and speed;
 * abortable), then ask the app to check what arrived. Resolves with the storage key and the
 * proof that it was checked (it goes with the form, so the save does not check it again).
 *
 * S3 takes the file in one presigned PUT. The local storage goes through the app, whose server
 * ends a request after 5 minutes: there the file goes in chunks (`chunkSize` from the server,
 * halved after a slow one), each a PUT to the same signed URL with a Content-Range. A chunk lost
 * on the way is sent again; a 409 says from which byte to go on. Progress counts the whole file.
 * On cancel or failure the partly sent file is dropped (DELETE on the URL).
 */
import { formatContentRange } from "~/lib/http-range";
import type { StorageFolder } from "~/lib/storage-keys";

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
  /** Bytes per second, averaged since the start. */
  bytesPerSecond: number;
}

export class UploadError extends Error {}

interface UploadTarget {
  url: string;
  key: string;
  headers: Record<string, string>;
  chunkSize?: number;
}

/** A chunk that took longer than this halves the next ones (far below the 5-minute limit). */
const SLOW_CHUNK_MS = 60_000;
const MIN_CHUNK_BYTES = 1024 * 1024;
const MAX_RETRIES = 3;

async function postJson<T>(url: string, body: unknown, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new UploadError(data.error ?? "Încărcarea a eșuat. Încearcă din nou.");
  return data;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** One PUT; resolves with the status and the JSON answer (if any), rejects on a network error or abort. */
function send(url: string, body: Blob, headers: Record<string, string>, signal: AbortSignal, onLoaded: (bytes: number) => void) {
  return new Promise<{ status: number; data: { error?: string; offset?: number; received?: number; complete?: boolean } }>((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Încărcare anulată.", "AbortError"));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onLoaded(event.loaded);
    xhr.onload = () => {
      signal.removeEventListener("abort", abort);
      let data = {};
      try {
        data = JSON.parse(xhr.responseText || "{}") as object;
      } catch {
        // S3 answers XML or nothing
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => {
      signal.removeEventListener("abort", abort);
      reject(new UploadError("Încărcarea a eșuat: conexiunea s-a întrerupt."));
    };
    xhr.onabort = () => reject(new DOMException("Încărcare anulată.", "AbortError"));
    signal.addEventListener("abort", abort, { once: true });
    xhr.send(body);
  });
}

function failure(status: number, error?: string) {
  return new UploadError(error ?? (status === 413 ? "Fișierul este prea mare." : `Încărcarea a eșuat (cod ${status}).`));
}

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(new DOMException("Încărcare anulată.", "AbortError"))), { once: true });
  });
}

async function sendInChunks(target: UploadTarget & { chunkSize: number }, file: File, signal: AbortSignal, onLoaded: (bytes: number) => void) {
  let offset = 0;
  let chunkSize = target.chunkSize;
  let retries = 0;
  try {
    for (;;) {
      const end = Math.min(file.size, offset + chunkSize);
      const headers = { ...target.headers, "Content-Range": formatContentRange(offset, end, file.size) };
      const started = performance.now();
      const from = offset;
      let answer;
      try {
        answer = await send(target.url, file.slice(offset, end), headers, signal, (bytes) => onLoaded(from + bytes));
      } catch (error) {
        if (isAbort(error) || ++retries > MAX_RETRIES) throw error;
        await wait(1000 * retries, signal);
        continue; // the same chunk again (a 409 says if it had arrived after all)
      }
      const { status, data } = answer;
      if (status === 409 && typeof data.offset === "number" && data.offset >= 0 && data.offset <= file.size && ++retries <= MAX_RETRIES) {
        if (data.offset === file.size) return; // the last chunk had arrived; its answer was lost
        offset = data.offset;
        continue;
      }
      if (status < 200 || status >= 300) throw failure(status, data.error);
      retries = 0;
      offset = typeof data.received === "number" ? data.received : end;
      onLoaded(offset);
      if (data.complete || offset >= file.size) return;
      if (performance.now() - started > SLOW_CHUNK_MS) chunkSize = Math.max(MIN_CHUNK_BYTES, Math.floor(chunkSize / 2));
    }
  } catch (error) {
    // Nothing half-sent stays behind (else the sweep would remove it after a day).
    void fetch(target.url, { method: "DELETE", credentials: "same-origin", keepalive: true }).catch(() => {});
    throw error;
  }
}

export async function directUpload(
  file: File,
  folder: StorageFolder,
  signal: AbortSignal,
  onProgress: (p: UploadProgress) => void,
): Promise<{ key: string; proof: string | null }> {
  const contentType = file.type || "application/octet-stream";
  const target = await postJson<UploadTarget>("/api/admin/upload/upload-url", { folder, fileName: file.name, contentType, size: file.size }, signal);
  const started = performance.now();
  const report = (loaded: number) => {
    const seconds = Math.max(0.001, (performance.now() - started) / 1000);
    const total = file.size;
    onProgress({ loaded, total, percent: total ? Math.min(100, Math.floor((loaded / total) * 100)) : 0, bytesPerSecond: loaded / seconds });
  };
  report(0);
  if (target.chunkSize) {
    await sendInChunks({ ...target, chunkSize: target.chunkSize }, file, signal, report);
  } else {
    const { status, data } = await send(target.url, file, target.headers, signal, report);
    if (status < 200 || status >= 300) throw failure(status, data.error);
  }
  const checked = await postJson<{ key: string; proof?: string | null }>("/api/admin/upload/complete", { key: target.key }, signal);
  return { key: target.key, proof: checked.proof ?? null };
}

/**
 * The duration of a local video file in whole seconds, as the browser reads it (hidden <video>,
 * loadedmetadata): a hint for the form. The server measures the stored file itself
 * (`measureVideoDuration`, the container-header parser `readVideoDuration` in ~/lib).
 */
export function readVideoDurationInBrowser(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute("src");
      resolve(value);
    };
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? Math.round(video.duration) : null);
    video.onerror = () => done(null);
    setTimeout(() => done(null), 15_000);
    video.src = url;
  });
}

export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1024 * 1024) return `${(bytesPerSecond / (1024 * 1024)).toLocaleString("ro-RO", { maximumFractionDigits: 1 })} MB/s`;
  return `${Math.max(0, Math.round(bytesPerSecond / 1024))} KB/s`;
}
