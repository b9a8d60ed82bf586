/**
 * Storage keys (docs/product.md §7 Media): `folder/timestamp_filename` with folders courses, videos, pdfs
 * (and products for product images, captions for lesson captions in WebVTT). Pure, shared by the browser uploader and the server.
 */

export const STORAGE_FOLDERS = ["courses", "videos", "pdfs", "products", "captions"] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

/**
 * The endings the server gives files it makes next to an upload: an image's narrower copies
 * ("-480", "-720": lib/images.ts VARIANT_WIDTHS, kept equal by tests/unit/storage-keys.test.ts;
 * not imported, so the uploader's scripts do not carry the image helpers) and a video's poster
 * ("-poster"). An upload's own name must not end so, or the media sweep would take it for such a
 * copy whose original is gone and delete it, though a course shows it: "poza-720.jpg" is stored
 * as "poza720.jpg".
 */
export const COMPANION_ENDINGS = ["480", "720", "poster"] as const;
const COMPANION_ENDING = new RegExp(`-(${COMPANION_ENDINGS.join("|")})$`);

/** "Copertă Curs 1.WEBP" → "coperta-curs-1.webp": ASCII, lower case, no path characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const ascii = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const dot = ascii.lastIndexOf(".");
  const stem = (dot > 0 ? ascii.slice(0, dot) : ascii)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(COMPANION_ENDING, "$1");
  const ext = dot > 0 ? ascii.slice(dot + 1).replace(/[^a-z0-9]/g, "").slice(0, 8) : "";
  return `${stem || "fisier"}${ext ? `.${ext}` : ""}`;
}

/**
 * ANAF's answer ZIPs (the legal proof of each e-Factura document): written by the server only,
 * never an upload folder (not in STORAGE_FOLDERS), served to admins only.
 */
export const efacturaProofKey = (uploadIndex: string, now = Date.now()) => `efactura/${now}_anaf-${uploadIndex.replace(/[^0-9a-z]/gi, "")}.zip`;

export function makeStorageKey(folder: StorageFolder, fileName: string, now = Date.now()): string {
  return `${folder}/${now}_${sanitizeFileName(fileName)}`;
}

const KEY_PATTERN = /^(courses|videos|pdfs|products|captions|efactura)\/[0-9]{1,16}_[a-z0-9][a-z0-9.-]{0,95}$/;

/** True for keys this app could have made; anything else (../, absolute paths) is refused. */
export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..");
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  m4v: "video/x-m4v",
  pdf: "application/pdf",
  vtt: "text/vtt",
  zip: "application/zip",
};

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}
