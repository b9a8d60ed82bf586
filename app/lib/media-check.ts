/**
 * What a stored file really is (issue 14 finding 1): the whole container header is checked, not
 * a few magic bytes. The result is the content type the file is served with, ever after; null
 * means the file is refused. Allowed: JPEG, PNG, WebP, AVIF images (which are also decoded by
 * sharp on the server), MP4 and WebM video, PDF, and WebVTT captions (read whole, at most 1 MB:
 * lib/webvtt.ts). Everything else — SVG, HTML, GIF, QuickTime,
 * Matroska, polyglots that only look like a container in their first bytes — is refused.
 *
 * Pure: it reads through a `ByteReader`, so the same check runs on a temporary file, on the
 * local storage and on S3 (ranged GETs).
 */

import { checkWebVtt, looksLikeWebVtt, WEBVTT_MAX_BYTES } from "./webvtt";

export interface ByteReader {
  /** Total size in bytes. */
  size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const VERIFIED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "video/mp4", "video/webm", "application/pdf", "text/vtt"] as const;
export type VerifiedType = (typeof VERIFIED_TYPES)[number];

export function isVerifiedType(value: string | null | undefined): value is VerifiedType {
  return (VERIFIED_TYPES as readonly string[]).includes(value ?? "");
}

/** A reader over bytes already in memory. */
export function bytesReader(bytes: Uint8Array): ByteReader {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u32le = (b: Uint8Array, at: number) => b[at] + (b[at + 1] << 8) + (b[at + 2] << 16) + ((b[at + 3] << 24) >>> 0);
const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((v, i) => bytes[i] === v);
const isFourCC = (bytes: Uint8Array, at: number) => bytes.length >= at + 4 && [0, 1, 2, 3].every((i) => bytes[at + i] >= 0x20 && bytes[at + i] <= 0x7e);

// ─── ISO base media (MP4, AVIF) ──────────────────────────────────────────────────────────────

const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP", "dash", "mmp4", "msnv", "MSNV", "f4v ", "3gp4", "3gp5", "3gp6", "3g2a", "hvc1", "hev1", "av01", "cmfc"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
/** Top-level boxes a real MP4/AVIF file is made of. */
const TOP_LEVEL_BOXES = new Set(["ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "pdin", "moof", "mfra", "meta", "sidx", "styp", "emsg", "prft", "ssix", "udta", "uuid", "iinf", "pitm", "iloc", "iprp", "idat", "iref", "mfro", "junk", "pnot"]);
const MAX_BOXES = 1000;

async function isoType(reader: ByteReader, head: Uint8Array): Promise<VerifiedType | null> {
  if (head.length < 16 || ascii(head, 4, 4) !== "ftyp") return null;
  const ftypSize = u32(head, 0);
  // size: 8 header + major brand + minor version + compatible brands (4 bytes each)
  if (ftypSize < 16 || ftypSize > 256 || (ftypSize - 16) % 4 !== 0 || ftypSize > reader.size) return null;
  const ftyp = ftypSize <= head.length ? head.subarray(0, ftypSize) : await reader.read(0, ftypSize);
  for (let at = 8; at < ftypSize; at += 4) if (at !== 12 && !isFourCC(ftyp, at)) return null;
  const brands = [ascii(ftyp, 8, 4)];
  for (let at = 16; at < ftypSize; at += 4) brands.push(ascii(ftyp, at, 4));
  const type: VerifiedType | null = AVIF_BRANDS.has(brands[0]) || (brands.some((b) => AVIF_BRANDS.has(b)) && !MP4_BRANDS.has(brands[0]))
    ? "image/avif"
    : MP4_BRANDS.has(brands[0])
      ? "video/mp4"
      : null;
  if (!type) return null;
  // The boxes after ftyp must follow each other to the end of the file (or to a box sized "to the end").
  let offset = ftypSize;
  let seen = 0;
  const found = new Set<string>();
  while (offset < reader.size) {
    if (++seen > MAX_BOXES) return null;
    const header = await reader.read(offset, 16);
    if (header.length < 8 || !isFourCC(header, 4)) return null;
    const name = ascii(header, 4, 4);
    if (!TOP_LEVEL_BOXES.has(name)) return null;
    found.add(name);
    let size = u32(header, 0);
    if (size === 1) {
      if (header.length < 16) return null;
      size = u32(header, 8) * 2 ** 32 + u32(header, 12);
      if (size < 16) return null;
    } else if (size === 0) {
      size = reader.size - offset; // the last box runs to the end of the file
    } else if (size < 8) {
      return null;
    }
    if (offset + size > reader.size) return null;
    offset += size;
  }
  if (type === "video/mp4" && !found.has("moov") && !found.has("moof")) return null;
  if (type === "image/avif" && !found.has("meta")) return null;
  return type;
}

// ─── EBML (WebM) ─────────────────────────────────────────────────────────────────────────────

/** An EBML variable-length integer at `at`: its value (marker removed) and length. */
function vint(bytes: Uint8Array, at: number): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i];
  return { value, length };
}

async function webmType(reader: ByteReader, head: Uint8Array): Promise<VerifiedType | null> {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const size = vint(head, 4);
  if (!size || size.value < 4 || size.value > 256) return null;
  const start = 4 + size.length;
  const end = start + size.value;
  const header = end + 12 <= head.length ? head : await reader.read(0, end + 12);
  if (header.length < end + 4) return null;
  let docType: string | null = null;
  // The EBML header's children: each an ID (1–4 bytes, marker kept) then a size and its data.
  for (let at = start; at < end; ) {
    const idLength = vint(header, at)?.length;
    if (!idLength || idLength > 4) return null;
    const id = ascii(header, at, idLength);
    const childSize = vint(header, at + idLength);
    if (!childSize) return null;
    const dataAt = at + idLength + childSize.length;
    if (dataAt + childSize.value > end) return null;
    if (id === "\x42\x82") docType = ascii(header, dataAt, childSize.value);
    at = dataAt + childSize.value;
  }
  if (docType !== "webm") return null;
  // Then a Segment element.
  return startsWith(header.subarray(end), [0x18, 0x53, 0x80, 0x67]) ? "video/webm" : null;
}

// ─── Images and PDF ──────────────────────────────────────────────────────────────────────────

function imageType(head: Uint8Array, size: number): VerifiedType | null {
  // JPEG: SOI then a marker segment (APPn, DQT, SOF, COM…).
  if (startsWith(head, [0xff, 0xd8, 0xff]) && head.length > 3 && head[3] >= 0xc0 && head[3] !== 0xff) return "image/jpeg";
  // PNG: signature, then the IHDR chunk (13 bytes) first.
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && u32(head, 8) === 13 && ascii(head, 12, 4) === "IHDR") return "image/png";
  // WebP: a RIFF whose size matches the file, form WEBP, first chunk VP8 / VP8L / VP8X.
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP" && ["VP8 ", "VP8L", "VP8X"].includes(ascii(head, 12, 4))) {
    const riffSize = u32le(head, 4);
    if (riffSize + 8 <= size && riffSize + 8 >= size - 1) return "image/webp";
  }
  return null;
}

async function pdfType(reader: ByteReader, head: Uint8Array): Promise<VerifiedType | null> {
  if (!/^%PDF-[12]\.\d/.test(ascii(head, 0, 8))) return null;
  const tailLength = Math.min(reader.size, 2048);
  const tail = await reader.read(reader.size - tailLength, tailLength);
  return ascii(tail, 0, tail.length).includes("%%EOF") ? "application/pdf" : null;
}

/** WebVTT: the whole file (at most 1 MB) must pass `checkWebVtt`, not only its signature. */
async function webVttType(reader: ByteReader, head: Uint8Array): Promise<VerifiedType | null> {
  if (!looksLikeWebVtt(head) || reader.size > WEBVTT_MAX_BYTES) return null;
  const whole = reader.size <= head.length ? head.subarray(0, reader.size) : await reader.read(0, reader.size);
  return whole.length === reader.size && checkWebVtt(whole).ok ? "text/vtt" : null;
}

/** The verified type of a file, or null when it is none of the allowed ones. */
export async function verifyContainer(reader: ByteReader): Promise<VerifiedType | null> {
  if (reader.size < 16) return null;
  const head = await reader.read(0, 512);
  return (
    imageType(head, reader.size) ??
    (await pdfType(reader, head)) ??
    (await webmType(reader, head)) ??
    (await isoType(reader, head)) ??
    (await webVttType(reader, head))
  );
}

/** The upload kind of a verified type. */
export function kindOfVerifiedType(type: VerifiedType): "image" | "video" | "pdf" | "captions" {
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type === "text/vtt") return "captions";
  return "pdf";
}

/**
 * `default-src 'none'; sandbox` for everything opened as a page; a video or image opened on its
 * own may load itself. A PDF is shown by the browser's PDF viewer, which a CSP sandbox blocks in
 * Chromium: it gets no sandbox, but no source of any kind besides itself and no framing by others
 * (a verified PDF is not HTML, and nosniff forbids reading it as such).
 */
export function mediaSecurityPolicy(type: VerifiedType | null): string {
  if (type === "application/pdf") return "default-src 'none'; object-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
  if (type?.startsWith("video/")) return "default-src 'none'; media-src 'self'; sandbox";
  if (type?.startsWith("image/")) return "default-src 'none'; img-src 'self'; sandbox";
  return "default-src 'none'; sandbox";
}
