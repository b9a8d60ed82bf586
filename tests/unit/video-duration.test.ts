/**
 * The video duration parser (~/lib/video-duration): real files (the seed's lesson video and the
 * ffmpeg-made fixtures of scripts/make-video-fixtures.sh), boxes and elements built here for the
 * cases ffmpeg does not write (mvhd version 1, 64-bit sizes, mehd, Info after a Cluster), reads
 * of a multi-GB file that touch only its header, and malformed input (null, never a throw or a
 * hang).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ByteSource, bytesSource, MAX_VIDEO_SECONDS, readVideoDuration, videoDurationOfBytes } from "~/lib/video-duration";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures", name)));
const SEED_VIDEO = new Uint8Array(fs.readFileSync(path.resolve("db/seed-assets/lectie-demo.mp4")));

// ─── Builders ────────────────────────────────────────────────────────────────────────────────

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const be = (value: number | bigint, bytes: number) => {
  const out = new Uint8Array(bytes);
  let v = BigInt(value);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};
const text = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

/** An ISO BMFF box (32-bit size). */
const box = (type: string, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  return concat(be(8 + body.length, 4), text(type), body);
};
const ftyp = box("ftyp", text("isom"), be(512, 4), text("isomiso2mp41"));
const mvhd0 = (timescale: number, duration: number) => box("mvhd", be(0, 4), be(0, 4), be(0, 4), be(timescale, 4), be(duration, 4), new Uint8Array(80));
const mvhd1 = (timescale: number, duration: number | bigint) => box("mvhd", be(1 << 24, 4), be(0, 8), be(0, 8), be(timescale, 4), be(duration, 8), new Uint8Array(80));
const trak = box("trak", box("tkhd", new Uint8Array(84)));

/** A Matroska element: ID bytes (marker included) and an 8-byte size (or unknown). */
const el = (id: number, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  const idBytes = be(id, Math.ceil(id.toString(16).length / 2));
  return concat(idBytes, be(0x01n << 56n | BigInt(body.length), 8), body);
};
const unknownSize = (id: number, ...payload: Uint8Array[]) =>
  concat(be(id, Math.ceil(id.toString(16).length / 2)), be(0x01ffffffffffffffn, 8), ...payload);
const f32 = (value: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value);
  return b;
};
const f64 = (value: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, value);
  return b;
};
const EBML_HEADER = el(0x1a45dfa3, el(0x4282, text("webm")), el(0x4287, be(4, 1)));
const info = (...fields: Uint8Array[]) => el(0x1549a966, ...fields);
const timecodeScale = (ns: number) => el(0x2ad7b1, be(ns, 4));
const cluster = el(0x1f43b675, el(0xe7, be(0, 1)), el(0xa3, new Uint8Array(64)));
const tracks = el(0x1654ae6b, el(0xae, el(0xd7, be(1, 1))));

/** A source that counts what is read. */
function counted(source: ByteSource) {
  const reads: Array<[number, number]> = [];
  return {
    reads,
    source: {
      size: source.size,
      read: (offset: number, length: number) => {
        reads.push([offset, length]);
        return source.read(offset, length);
      },
    } satisfies ByteSource,
  };
}

/** A sparse file of `size` bytes: the given pieces at their offsets, zeros elsewhere. */
function sparse(size: number, pieces: Array<[number, Uint8Array]>): ByteSource {
  return {
    size,
    read: async (offset, length) => {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      for (const [at, bytes] of pieces) {
        const from = Math.max(at, offset);
        const to = Math.min(at + bytes.length, offset + out.length);
        if (from < to) out.set(bytes.subarray(from - at, to - at), from - offset);
      }
      return out;
    },
  };
}

// ─── Real files ──────────────────────────────────────────────────────────────────────────────

describe("real files", () => {
  it("the seed's lesson video (MP4, moov before mdat) lasts 5 s", async () => {
    expect(await videoDurationOfBytes(SEED_VIDEO)).toBe(5);
    expect(await videoDurationOfBytes(fixture("lectie.mp4"))).toBe(5);
  });

  it("reads QuickTime with moov after mdat, WebM and Matroska as ffmpeg writes them", async () => {
    expect(await videoDurationOfBytes(fixture("video/durata.mov"))).toBeCloseTo(3.2, 3);
    expect(await videoDurationOfBytes(fixture("video/durata.webm"))).toBeCloseTo(3.2, 3);
    expect(await videoDurationOfBytes(fixture("video/durata.mkv"))).toBeCloseTo(3.2, 3);
  });

  it("gives null, not a wrong length, for a fragmented MP4 without mehd and a streamed WebM without Duration", async () => {
    // The fragmented file's mvhd says 1 s (its first fragment): taking it would shorten the wait.
    expect(await videoDurationOfBytes(fixture("video/durata-fragmentat.mp4"))).toBeNull();
    expect(await videoDurationOfBytes(fixture("video/durata-flux.webm"))).toBeNull();
  });

  it("needs only the header: the seed video's first 64 KiB are one read; a moov at the end costs two", async () => {
    const start = counted(bytesSource(SEED_VIDEO));
    expect(await readVideoDuration(start.source)).toBe(5);
    expect(start.reads).toEqual([[0, SEED_VIDEO.length]]);
    const mov = fixture("video/durata.mov");
    const end = counted(bytesSource(mov));
    expect(await readVideoDuration(end.source, { chunkBytes: 64 })).toBeCloseTo(3.2, 3);
    // ftyp + wide + the mdat header, then moov (skipping the media data).
    expect(end.reads.length).toBeLessThanOrEqual(4);
    expect(end.reads.some(([offset]) => offset > 40 && offset < 660)).toBe(false);
  });
});

// ─── ISO BMFF built here ─────────────────────────────────────────────────────────────────────

describe("ISO BMFF", () => {
  it("reads mvhd version 0 and version 1 (64-bit duration)", async () => {
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(600, 4500), trak)))).toBe(7.5);
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd1(90_000, 675_000), trak)))).toBe(7.5);
    // 3600 s at a 1 MHz timescale: 3.6e9 does not fit 32 bits.
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd1(1_000_000, 3_600_000_000n), trak)))).toBe(3600);
  });

  it("finds mvhd after other moov children, and a moov box sized 0 (to the end of the file)", async () => {
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", trak, box("udta"), mvhd0(1000, 61_000))))).toBe(61);
    const moov = box("moov", mvhd0(1000, 2500));
    moov.set(be(0, 4), 0);
    expect(await videoDurationOfBytes(concat(ftyp, box("mdat", new Uint8Array(100)), moov))).toBe(2.5);
  });

  it("skips a multi-GB mdat with a 64-bit size to the moov at the end, reading a few KiB", async () => {
    const mdatSize = 5 * 2 ** 30 + 123;
    const mdatHeader = concat(be(1, 4), text("mdat"), be(mdatSize, 8));
    const moov = box("moov", mvhd1(48_000, 48_000 * 1800), trak);
    const moovAt = ftyp.length + mdatSize;
    const file = counted(sparse(moovAt + moov.length, [[0, ftyp], [ftyp.length, mdatHeader], [moovAt, moov]]));
    expect(await readVideoDuration(file.source)).toBe(1800);
    expect(file.reads).toHaveLength(2);
    expect(file.reads.reduce((n, [, length]) => n + length, 0)).toBeLessThan(128 * 1024);
  });

  it("a fragmented file takes mvex/mehd (version 0 and 1) over mvhd", async () => {
    const mehd0 = box("mehd", be(0, 4), be(90_000, 4));
    const mehd1 = box("mehd", be(1 << 24, 4), be(12_345_000, 8));
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1000, 0), trak, box("mvex", mehd0, box("trex", new Uint8Array(24))))))).toBe(90);
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1000, 1000), box("mvex", mehd1))))).toBe(12_345);
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1000, 1000), box("mvex", box("trex", new Uint8Array(24))))))).toBeNull();
  });

  it("refuses unknown, zero and absurd durations", async () => {
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1000, 0xffffffff))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd1(1000, 0xffffffffffffffffn))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(0, 5000))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1000, 0))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1, MAX_VIDEO_SECONDS + 1))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", mvhd0(1, MAX_VIDEO_SECONDS))))).toBe(MAX_VIDEO_SECONDS);
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", trak)))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("mdat", new Uint8Array(10))))).toBeNull();
  });
});

// ─── Matroska / WebM built here ──────────────────────────────────────────────────────────────

describe("Matroska / WebM", () => {
  it("reads a 4- or 8-byte float Duration scaled by TimecodeScale (default 1 ms)", async () => {
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(el(0x4489, f32(12_500))), tracks, cluster)))).toBe(12.5);
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(timecodeScale(100_000), el(0x4489, f64(45_000))), cluster)))).toBe(4.5);
  });

  it("follows the SeekHead to an Info written after the first Cluster, in a Segment of unknown size", async () => {
    const infoElement = info(timecodeScale(1_000_000), el(0x4489, f64(90_000)));
    const seekHead = (position: number) => el(0x114d9b74, el(0x4dbb, el(0x53ab, be(0x1549a966, 4)), el(0x53ac, be(position, 4))));
    const voidElement = el(0xec, new Uint8Array(20));
    // Info's position is relative to the Segment's data: after SeekHead, Void, Tracks, Cluster.
    const position = seekHead(0).length + voidElement.length + tracks.length + cluster.length;
    const file = concat(EBML_HEADER, unknownSize(0x18538067, seekHead(position), voidElement, tracks, cluster, infoElement));
    expect(await videoDurationOfBytes(file)).toBe(90);
    // Without the SeekHead the Info behind a Cluster is not hunted for.
    expect(await videoDurationOfBytes(concat(EBML_HEADER, unknownSize(0x18538067, voidElement, tracks, cluster, infoElement)))).toBeNull();
  });

  it("gives null without a Duration, with a Duration of another size, or with a zero TimecodeScale", async () => {
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(timecodeScale(1_000_000)), cluster)))).toBeNull();
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(el(0x4489, be(5000, 3))))))).toBeNull();
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(el(0x2ad7b1, be(0, 1)), el(0x4489, f32(5000))))))).toBeNull();
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(el(0x4489, f64(Number.NaN))))))).toBeNull();
    expect(await videoDurationOfBytes(concat(EBML_HEADER, el(0x18538067, info(el(0x4489, f64(-3000))))))).toBeNull();
    expect(await videoDurationOfBytes(EBML_HEADER)).toBeNull();
  });
});

// ─── Malformed input ─────────────────────────────────────────────────────────────────────────

describe("malformed input gives null, never a throw or a hang", () => {
  it("garbage, empty and non-video files", async () => {
    expect(await videoDurationOfBytes(new Uint8Array())).toBeNull();
    expect(await videoDurationOfBytes(text("ftyp"))).toBeNull();
    expect(await videoDurationOfBytes(text("<!doctype html><html><body>nu este video</body></html>"))).toBeNull();
    expect(await videoDurationOfBytes(fixture("fisa.pdf"))).toBeNull();
    expect(await videoDurationOfBytes(fixture("coperta.webp"))).toBeNull();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 256;
    expect(await videoDurationOfBytes(Uint8Array.from({ length: 4096 }, random))).toBeNull();
  });

  it("box sizes that are too small, too large, past their parent or 64-bit and short", async () => {
    const withSize = (bytes: Uint8Array, at: number, size: number) => {
      const copy = bytes.slice();
      copy.set(be(size, 4), at);
      return copy;
    };
    const good = concat(ftyp, box("mdat", new Uint8Array(16)), box("moov", mvhd0(1000, 5000)));
    expect(await videoDurationOfBytes(good)).toBe(5);
    const mdatAt = ftyp.length;
    const moovAt = mdatAt + 24;
    for (const size of [2, 7, 0xffffffff, good.length]) expect(await videoDurationOfBytes(withSize(good, mdatAt, size)), `mdat ${size}`).toBeNull();
    for (const size of [4, 9, 0xfffffff0]) expect(await videoDurationOfBytes(withSize(good, moovAt, size)), `moov ${size}`).toBeNull();
    // mvhd claims more than moov holds.
    expect(await videoDurationOfBytes(withSize(good, moovAt + 8, 200))).toBeNull();
    // largesize smaller than its own header, and one past the end.
    const large = (size: bigint) => concat(ftyp, be(1, 4), text("mdat"), be(size, 8), box("moov", mvhd0(1000, 5000)));
    expect(await videoDurationOfBytes(large(8n))).toBeNull();
    expect(await videoDurationOfBytes(large(2n ** 62n))).toBeNull();
    expect(await videoDurationOfBytes(large(16n))).toBe(5);
    // A truncated mvhd.
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", box("mvhd", be(0, 4), be(0, 8)))))).toBeNull();
    expect(await videoDurationOfBytes(concat(ftyp, box("moov", box("mvhd", be(3 << 24, 4), new Uint8Array(96)))))).toBeNull();
  });

  it("a huge file of tiny boxes stops after a bounded number of steps and reads", async () => {
    const tiny = box("free");
    const pattern = new Uint8Array(64 * 1024);
    for (let at = 0; at < pattern.length; at += 8) pattern.set(tiny, at);
    const endless = counted({ size: 2 ** 40, read: async (_offset, length) => pattern.subarray(0, Math.min(length, pattern.length)) });
    const started = Date.now();
    expect(await readVideoDuration(endless.source)).toBeNull();
    expect(endless.reads.length).toBeLessThanOrEqual(16);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("EBML with invalid lengths, elements past their parent, or a SeekHead pointing backwards", async () => {
    expect(await videoDurationOfBytes(concat(EBML_HEADER, new Uint8Array([0x18, 0x53, 0x80, 0x67, 0x00])))).toBeNull();
    expect(await videoDurationOfBytes(concat(be(0x1a45dfa3, 4), be(0x01n << 56n | 10_000n, 8), new Uint8Array(20)))).toBeNull();
    const segment = el(0x18538067, info(el(0x4489, f32(5000))));
    // The Info element claims more than the Segment holds.
    const broken = concat(EBML_HEADER, segment);
    broken.set(be(0x01n << 56n | 500n, 8), EBML_HEADER.length + 4 + 8 + 4);
    expect(await videoDurationOfBytes(broken)).toBeNull();
    const backwards = el(0x114d9b74, el(0x4dbb, el(0x53ab, be(0x1549a966, 4)), el(0x53ac, be(0, 4))));
    expect(await videoDurationOfBytes(concat(EBML_HEADER, unknownSize(0x18538067, backwards, cluster, cluster)))).toBeNull();
  });

  it("bit flips in real headers never throw", async () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (const name of ["lectie.mp4", "video/durata.mov", "video/durata.webm", "video/durata.mkv"]) {
      const original = fixture(name);
      for (let i = 0; i < 300; i++) {
        const copy = original.slice();
        for (let flips = 0; flips < 3; flips++) copy[next() % Math.min(copy.length, 2048)] ^= 1 << next() % 8;
        const seconds = await videoDurationOfBytes(copy);
        if (seconds !== null) expect(seconds > 0 && seconds <= MAX_VIDEO_SECONDS, `${name} #${i}`).toBe(true);
      }
    }
  });

  it("a failing read gives null", async () => {
    const failing: ByteSource = { size: 10_000, read: () => Promise.reject(new Error("S3 indisponibil")) };
    expect(await readVideoDuration(failing)).toBeNull();
  });
});
