/**
 * What the admin may upload (docs/product.md §5 uploads, §7 Media): images for course covers and
 * products, videos, PDFs and WebVTT captions for lessons. Pure and shared: the browser uploader checks the
 * declared type before asking for an upload URL, the server checks it again and verifies the
 * container of what was actually stored (lib/media-check.ts: a declared type is only a claim).
 */
import type { StorageFolder } from "./storage-keys";

export const UPLOAD_KINDS = ["image", "video", "pdf", "captions"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The folder of each kind; product images go to products/. */
export function folderFor(kind: UploadKind, target: "course" | "product" = "course"): StorageFolder {
  if (kind === "video") return "videos";
  if (kind === "pdf") return "pdfs";
  if (kind === "captions") return "captions";
  return target === "product" ? "products" : "courses";
}

/** Which kind a folder holds. */
export function kindForFolder(folder: StorageFolder): UploadKind {
  if (folder === "videos") return "video";
  if (folder === "pdfs") return "pdf";
  if (folder === "captions") return "captions";
  return "image";
}

/**
 * Declared types accepted per kind: exactly the types media-check.ts can verify. No SVG or HTML
 * (they can carry scripts), no GIF, QuickTime or Matroska. Browsers and systems disagree on the
 * type of a .vtt file (text/vtt, text/plain, none at all): for captions the declared type is
 * not trusted anyway, the content is checked whole (lib/webvtt.ts).
 */
export const ACCEPTED_TYPES: Record<UploadKind, readonly string[]> = {
  image: ["image/jpeg", "image/png", "image/webp", "image/avif"],
  video: ["video/mp4", "video/webm"],
  pdf: ["application/pdf"],
  captions: ["text/vtt", "text/plain", "application/octet-stream", ""],
};

/** The `accept` attribute of a file input. */
export const ACCEPT_ATTRIBUTE: Record<UploadKind, string> = {
  image: ACCEPTED_TYPES.image.join(","),
  video: ACCEPTED_TYPES.video.join(","),
  pdf: "application/pdf,.pdf",
  captions: "text/vtt,.vtt",
};

export const UPLOAD_MESSAGES = {
  wrongType: {
    image: "Fișierul trebuie să fie o imagine (JPEG, PNG, WebP sau AVIF).",
    video: "Fișierul trebuie să fie un video (MP4 sau WebM).",
    pdf: "Fișierul trebuie să fie un document PDF.",
    captions: "Fișierul trebuie să fie un fișier de subtitrări WebVTT (.vtt).",
  },
  tooLarge: (maxBytes: number) => `Fișierul este prea mare (maximum ${formatBytes(maxBytes)}).`,
  empty: "Fișierul este gol.",
  unreadableImage: "Imaginea nu poate fi citită. Încearcă alt fișier (JPEG, PNG sau WebP).",
  failed: "Încărcarea a eșuat. Încearcă din nou.",
  missing: "Fișierul încărcat nu a fost găsit. Încarcă-l din nou.",
  cancelled: "Încărcare anulată.",
  /** No JavaScript: the whole post is over UPLOAD_MAX_FORM_MB (it must arrive within Node's 5-minute request timeout). */
  formTooLarge: (limit: string) =>
    `Fișierele trimise depășesc ${limit} pe formular. Fără JavaScript o salvare trebuie să ajungă în 5 minute: încarcă fișierele pe rând sau activează JavaScript pentru fișiere mari (se trimit pe bucăți, cu bară de progres).`,
  outOfOrder: "Bucățile fișierului au ajuns în altă ordine. Încarcă-l din nou.",
  badChunk: "Bucata trimisă nu corespunde fișierului. Încarcă-l din nou.",
  exists: "Există deja un fișier la această adresă.",
  expired: "Adresa de încărcare a expirat. Încarcă fișierul din nou.",
} as const;

/**
 * Direct uploads to the local storage (no S3) go through the app, whose HTTP server ends any
 * request after 5 minutes (Node's `requestTimeout`): the browser sends the file in chunks of
 * this size, each a request of its own (8 MB take under 5 minutes down to about 0,25 Mbit/s).
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** The largest chunk the server takes (the browser may send smaller ones on a slow line). */
export const MAX_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

/**
 * Hidden form field (repeated) carrying proofs that an uploaded key was already checked
 * (`key:signature`), so saving the form does not check (and re-encode) the file again.
 */
export const UPLOAD_PROOF_FIELD = "uploadProof";

/** `courses/1_a.webp:sig` → {key, signature}; null when malformed. */
export function parseUploadProof(value: string): { key: string; signature: string } | null {
  const at = value.lastIndexOf(":");
  if (at <= 0) return null;
  const signature = value.slice(at + 1);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(signature)) return null;
  return { key: value.slice(0, at), signature };
}

export function isAcceptedType(kind: UploadKind, contentType: string): boolean {
  const type = contentType.split(";")[0].trim().toLowerCase();
  return ACCEPTED_TYPES[kind].includes(type);
}

/** How many bytes of a form file are kept in memory while it is written to disk. */
export const SNIFF_BYTES = 64;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toLocaleString("ro-RO", { maximumFractionDigits: 1 })} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString("ro-RO", { maximumFractionDigits: 1 })} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
