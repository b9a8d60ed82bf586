/**
 * HTTP Range requests (RFC 9110 §14) for media: one byte range. Pure.
 * - null header → the whole file;
 * - a satisfiable single range → {start, end} (inclusive);
 * - unsatisfiable → "unsatisfiable" (416);
 * - syntax we do not serve (several ranges, other units, garbage) → the whole file, as the RFC
 *   allows a server to ignore Range.
 */
export type RangeResult = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRange(header: string | null, size: number): RangeResult {
  if (!header) return { kind: "full" };
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!match) return { kind: "full" };
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // Suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "full" };
  return { kind: "partial", start, end };
}

/** `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf` with a safe ASCII fallback. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** One chunk of a chunked upload: bytes `first`..`last` (inclusive) of a file of `total` bytes. */
export interface ContentRange {
  first: number;
  last: number;
  total: number;
}

/**
 * `Content-Range: bytes 0-8388607/20000000` of an upload chunk (RFC 9110 §14.4) → the range, or
 * null for anything else: unknown total (`/*`), `last` before `first`, `last` past the end.
 */
export function parseContentRange(header: string | null): ContentRange | null {
  if (!header) return null;
  const match = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header.trim());
  if (!match) return null;
  const [first, last, total] = match.slice(1).map(Number);
  if (![first, last, total].every(Number.isSafeInteger) || last < first || last >= total) return null;
  return { first, last, total };
}

/** The header for bytes [start, end) of a file of `total` bytes. */
export function formatContentRange(start: number, end: number, total: number): string {
  return `bytes ${start}-${end - 1}/${total}`;
}
