/**
 * Browser side of a direct upload (JavaScript only): ask the app for a signed PUT URL, send the
 * file straight to storage with XMLHttpRequest (upload progress events: percent and speed;
 * abortable), then ask the app to check what arrived. Resolves with the storage key.
 */
import type { StorageFolder } from "~/lib/storage-keys";

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
  /** Bytes per second, averaged since the start. */
  bytesPerSecond: number;
}

export class UploadError extends Error {}

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

function put(url: string, file: File, headers: Record<string, string>, signal: AbortSignal, onProgress: (p: UploadProgress) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const started = performance.now();
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      const seconds = Math.max(0.001, (performance.now() - started) / 1000);
      onProgress({ loaded: event.loaded, total, percent: total ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0, bytesPerSecond: event.loaded / seconds });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadError(xhr.status === 413 ? "Fișierul este prea mare." : `Încărcarea a eșuat (cod ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new UploadError("Încărcarea a eșuat: conexiunea s-a întrerupt."));
    xhr.onabort = () => reject(new DOMException("Încărcare anulată.", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export async function directUpload(
  file: File,
  folder: StorageFolder,
  signal: AbortSignal,
  onProgress: (p: UploadProgress) => void,
): Promise<{ key: string }> {
  const contentType = file.type || "application/octet-stream";
  const target = await postJson<{ url: string; key: string; headers: Record<string, string> }>(
    "/api/admin/upload/upload-url",
    { folder, fileName: file.name, contentType, size: file.size },
    signal,
  );
  onProgress({ loaded: 0, total: file.size, percent: 0, bytesPerSecond: 0 });
  await put(target.url, file, target.headers, signal, onProgress);
  await postJson("/api/admin/upload/complete", { key: target.key }, signal);
  return { key: target.key };
}

/** The duration of a local video file in whole seconds (hidden <video>, loadedmetadata). */
export function readVideoDuration(file: File): Promise<number | null> {
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
