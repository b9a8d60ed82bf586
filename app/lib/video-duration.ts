/**
 * A video's duration read from its container header, so the server knows how long a lesson is
 * without trusting the browser (docs/product.md §5 watch rule). Pure: bytes come from a `ByteSource`
 * (a buffer in tests, ranged reads of stored objects on the server: services/video-duration), and
 * only the few bytes needed are asked for — a multi-GB upload whose `moov` sits after `mdat` costs
 * a couple of small reads, never the whole file.
 *
 * - ISO BMFF (MP4, MOV, M4V): top-level boxes are walked by their sizes (32-bit, 64-bit
 *   `largesize`, or 0 = to the end of the file) to `moov`; inside it `mvhd` (version 0 or 1)
 *   gives timescale and duration. A fragmented MP4 (`moov/mvex`) takes `mvex/mehd` instead: its
 *   `mvhd` counts only the samples inside `moov` (without `mehd` its length is unknown: null).
 * - Matroska / WebM: EBML header, then `Segment` (known or unknown size), whose `Info` gives
 *   `TimecodeScale` (default 1 000 000 ns) and `Duration` (a 4- or 8-byte float). `SeekHead`
 *   is followed when `Info` comes after the first `Cluster`.
 *
 * Anything else, malformed sizes, a missing or absurd duration (≤ 0, not finite, over
 * MAX_VIDEO_SECONDS) → null. It never throws (a failing read also gives null: the caller logs
 * it) and always ends: every step moves forward, and steps and reads are capped.
 * Known gaps (null, the watch rule's fixed wait then applies): a Matroska file without
 * `Info/Duration` (live recordings, e.g. a browser's MediaRecorder) and a fragmented MP4 without
 * `mehd`; measuring those would mean scanning the whole file.
 */

export interface ByteSource {
  /** Total size in bytes. */
  size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Longer than any lesson (24 h, as the admin form allows): a larger value is a broken header. */
export const MAX_VIDEO_SECONDS = 86_400;

export interface DurationReadOptions {
  /** Each read asks for at least this many bytes (fewer round trips to S3); default 64 KiB. */
  chunkBytes?: number;
  /** At most this many reads of the source; default 16. */
  maxReads?: number;
}

/** The duration in seconds (not rounded), or null when it cannot be read. */
export async function readVideoDuration(source: ByteSource, options: DurationReadOptions = {}): Promise<number | null> {
  if (!Number.isSafeInteger(source.size) || source.size < 8) return null;
  const reader = new ChunkReader(source, options.chunkBytes ?? 64 * 1024, options.maxReads ?? 16);
  try {
    const head = await reader.bytes(0, 8);
    if (head.length < 8) return null;
    let seconds: number | null = null;
    if (u32(head, 0) === EBML_MAGIC) seconds = await matroskaDuration(reader);
    else if (ISO_FIRST_BOXES.has(ascii(head, 4, 4))) seconds = await isoDuration(reader);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_VIDEO_SECONDS ? seconds : null;
  } catch {
    return null;
  }
}

/** The same from bytes in memory (a whole file or its start). */
export function videoDurationOfBytes(bytes: Uint8Array): Promise<number | null> {
  return readVideoDuration(bytesSource(bytes));
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

class Malformed extends Error {}

/** Reads through a small cache of chunks; gives up (throws) past its budget. */
class ChunkReader {
  private chunks: Array<{ start: number; data: Uint8Array }> = [];
  private reads = 0;
  steps = 0;
  constructor(
    readonly source: ByteSource,
    private readonly chunkBytes: number,
    private readonly maxReads: number,
  ) {}

  get size() {
    return this.source.size;
  }

  /** Bytes [offset, offset + length), cut at the end of the file. */
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    if (++this.steps > 10_000) throw new Malformed("too many steps");
    if (!Number.isSafeInteger(offset) || offset < 0 || length < 0) throw new Malformed("bad offset");
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array();
    const cached = this.chunks.find((c) => c.start <= offset && c.start + c.data.length >= end);
    if (cached) return cached.data.subarray(offset - cached.start, end - cached.start);
    if (++this.reads > this.maxReads) throw new Malformed("too many reads");
    const want = Math.min(this.size - offset, Math.max(end - offset, this.chunkBytes));
    const data = await this.source.read(offset, want);
    if (!(data instanceof Uint8Array)) throw new Malformed("bad read");
    this.chunks.unshift({ start: offset, data: data.subarray(0, want) });
    this.chunks.length = Math.min(this.chunks.length, 4);
    return data.subarray(0, end - offset);
  }
}

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

// ─── ISO BMFF ────────────────────────────────────────────────────────────────────────────────

/** Boxes a real MP4/MOV starts with (the sniffer's list plus QuickTime's preview `pnot`). */
const ISO_FIRST_BOXES = new Set(["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"]);

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after size, type and any largesize). */
  body: number;
  end: number;
}

const boxTypeOk = (b: Uint8Array, at: number) => {
  for (let i = at; i < at + 4; i++) if (!((b[i] >= 0x20 && b[i] <= 0x7e) || b[i] === 0xa9)) return false;
  return true;
};

/** The box at `offset` inside a parent ending at `limit`; null at the end; throws when malformed. */
async function boxAt(reader: ChunkReader, offset: number, limit: number): Promise<Box | null> {
  if (offset + 8 > limit) return null;
  const head = await reader.bytes(offset, 16);
  if (head.length < 8 || !boxTypeOk(head, 4)) throw new Malformed("box header");
  const size32 = u32(head, 0);
  let size: number;
  let body = offset + 8;
  if (size32 === 1) {
    if (head.length < 16) throw new Malformed("largesize");
    size = u64(head, 8);
    body += 8;
  } else if (size32 === 0) {
    size = limit - offset;
  } else {
    size = size32;
  }
  const end = offset + size;
  if (!Number.isSafeInteger(end) || end < body || end > limit) throw new Malformed("box size");
  return { type: ascii(head, 4, 4), start: offset, body, end };
}

async function* children(reader: ChunkReader, from: number, limit: number): AsyncGenerator<Box> {
  let offset = from;
  for (;;) {
    const box = await boxAt(reader, offset, limit);
    if (!box) return;
    yield box;
    offset = box.end; // always forward: a box is at least its 8-byte header
  }
}

async function isoDuration(reader: ChunkReader): Promise<number | null> {
  for await (const box of children(reader, 0, reader.size)) {
    if (box.type === "moov") return moovDuration(reader, box);
  }
  return null;
}

async function moovDuration(reader: ChunkReader, moov: Box): Promise<number | null> {
  let timescale = 0;
  let duration = 0;
  let fragmented = false;
  let fragmentDuration = 0;
  for await (const box of children(reader, moov.body, moov.end)) {
    if (box.type === "mvhd") {
      const b = await reader.bytes(box.body, Math.min(32, box.end - box.body));
      if (b[0] === 1 && b.length >= 32) {
        timescale = u32(b, 20);
        duration = b.subarray(24, 32).every((x) => x === 0xff) ? 0 : u64(b, 24);
      } else if (b[0] === 0 && b.length >= 20) {
        timescale = u32(b, 12);
        duration = u32(b, 16) === 0xffffffff ? 0 : u32(b, 16);
      } else {
        return null;
      }
    } else if (box.type === "mvex") {
      fragmented = true;
      for await (const inner of children(reader, box.body, box.end)) {
        if (inner.type !== "mehd") continue;
        const b = await reader.bytes(inner.body, Math.min(12, inner.end - inner.body));
        if (b[0] === 1 && b.length >= 12) fragmentDuration = u64(b, 4);
        else if (b[0] === 0 && b.length >= 8) fragmentDuration = u32(b, 4);
      }
    }
  }
  if (!timescale) return null;
  // A fragmented file's mvhd counts only the samples inside moov: the whole length is in mehd
  // (absent: unknown, as adding up every fragment would mean reading the whole file).
  if (fragmented) return fragmentDuration ? fragmentDuration / timescale : null;
  return duration ? duration / timescale : null;
}

// ─── Matroska / WebM ─────────────────────────────────────────────────────────────────────────

const EBML_MAGIC = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const SEEK_POSITION = 0x53ac;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

interface Element {
  id: number;
  start: number;
  body: number;
  /** null: unknown size (runs to the end of its parent). */
  end: number | null;
}

/** The element at `offset`: ID (1–4 bytes, marker kept) and size (1–8 bytes, marker dropped). */
async function elementAt(reader: ChunkReader, offset: number, limit: number): Promise<Element | null> {
  if (offset >= limit) return null;
  const b = await reader.bytes(offset, 12);
  const idLength = vintLength(b[0]);
  if (idLength === 0 || idLength > 4 || b.length < idLength + 1) throw new Malformed("element id");
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + b[i];
  const sizeLength = vintLength(b[idLength]);
  if (sizeLength === 0 || b.length < idLength + sizeLength) throw new Malformed("element size");
  let size = b[idLength] & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + b[idLength + i];
    allOnes &&= b[idLength + i] === 0xff;
  }
  const body = offset + idLength + sizeLength;
  if (allOnes) return { id, start: offset, body, end: null };
  const end = body + size;
  if (!Number.isSafeInteger(end) || end > limit) throw new Malformed("element past its parent");
  return { id, start: offset, body, end };
}

/** Length of a variable-size integer from its first byte (1–8), 0 if invalid. */
function vintLength(first: number | undefined): number {
  if (!first) return 0;
  let length = 1;
  for (let mask = 0x80; !(first & mask); mask >>= 1) length++;
  return length;
}

async function uintOf(reader: ChunkReader, element: Element & { end: number }): Promise<number | null> {
  const length = element.end - element.body;
  if (length < 1 || length > 8) return null;
  const b = await reader.bytes(element.body, length);
  let value = 0;
  for (const byte of b) value = value * 256 + byte;
  return value;
}

async function matroskaDuration(reader: ChunkReader): Promise<number | null> {
  const header = await elementAt(reader, 0, reader.size);
  if (!header || header.id !== EBML_MAGIC || header.end === null) return null;
  // The Segment follows the EBML header (possibly after Void elements).
  let segment: Element | null = null;
  for (let offset = header.end, i = 0; i < 8; i++) {
    const element = await elementAt(reader, offset, reader.size);
    if (!element) return null;
    if (element.id === SEGMENT) {
      segment = element;
      break;
    }
    if (element.end === null) return null;
    offset = element.end;
  }
  if (!segment) return null;
  const segmentEnd = segment.end ?? reader.size;
  let infoAt: number | null = null;
  let offset = segment.body;
  const visited = new Set<number>();
  for (;;) {
    const element = await elementAt(reader, offset, segmentEnd);
    if (!element) return null;
    if (element.id === INFO) {
      if (element.end === null) return null;
      return infoDuration(reader, element as Element & { end: number });
    }
    if (element.id === SEEK_HEAD && element.end !== null) {
      infoAt ??= await seekHeadInfo(reader, element as Element & { end: number }, segment.body);
    }
    visited.add(offset);
    if (element.id === CLUSTER || element.end === null) {
      // Info normally comes before the first Cluster; if not, the SeekHead says where it is.
      if (infoAt === null || infoAt <= offset || visited.has(infoAt) || infoAt >= segmentEnd) return null;
      offset = infoAt;
      continue;
    }
    offset = element.end;
  }
}

async function seekHeadInfo(reader: ChunkReader, seekHead: Element & { end: number }, segmentBody: number): Promise<number | null> {
  for (let offset = seekHead.body; ; ) {
    const seek = await elementAt(reader, offset, seekHead.end);
    if (!seek || seek.end === null) return null;
    if (seek.id === SEEK) {
      let id: number | null = null;
      let position: number | null = null;
      for (let inner = seek.body; ; ) {
        const field = await elementAt(reader, inner, seek.end);
        if (!field || field.end === null) break;
        if (field.id === SEEK_ID) id = await uintOf(reader, field as Element & { end: number });
        if (field.id === SEEK_POSITION) position = await uintOf(reader, field as Element & { end: number });
        inner = field.end;
      }
      if (id === INFO && position !== null) return segmentBody + position;
    }
    offset = seek.end;
  }
}

async function infoDuration(reader: ChunkReader, info: Element & { end: number }): Promise<number | null> {
  let scale = 1_000_000;
  let duration: number | null = null;
  for (let offset = info.body; ; ) {
    const element = await elementAt(reader, offset, info.end);
    if (!element || element.end === null) break;
    if (element.id === TIMECODE_SCALE) {
      const value = await uintOf(reader, element as Element & { end: number });
      if (!value) return null;
      scale = value;
    } else if (element.id === DURATION) {
      const length = element.end - element.body;
      const b = await reader.bytes(element.body, length);
      if (b.length !== length) return null;
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      if (length === 4) duration = view.getFloat32(0);
      else if (length === 8) duration = view.getFloat64(0);
      else return null;
    }
    offset = element.end;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}
