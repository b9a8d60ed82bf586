/**
 * React 18.3.1's Node stream renderer (react-dom/server, `writeStringChunk`) encodes text into a
 * 2,048-byte buffer with TextEncoder.encodeInto. When a multi-byte character (ă, ș, ț, „…")
 * does not fit in the bytes left at the buffer's end, encodeInto stops before it, and React then
 * sends the *whole* buffer instead of the bytes it wrote: one to three NUL bytes of unwritten
 * buffer go out inside the page ("Curier la adres\0ă", react/react#31134). React fixed this for
 * 19 (react/react#26228: flush `subarray(0, writtenBytes)`); 18.3.1 is the last 18 release.
 *
 * Every byte React writes passes through `stripRendererPadding()` (entry.server.tsx and the guest
 * page cache): it drops NUL bytes. That removes exactly the padding and nothing else: a page of
 * this app never holds a NUL of its own (PostgreSQL text cannot store one, the HTML has none, and
 * React writes text as UTF-8 whose multi-byte sequences never contain a 0x00 byte). The
 * characters themselves are never split: the cut-off character is written whole at the start of
 * the next buffer. tests/unit/react-stream.test.ts shows the defect on React's own output and its
 * absence after this step; tests/integration/page-bytes.test.ts scans every page.
 */
import { Transform } from "node:stream";

/** The bytes of `chunk` without NUL bytes (the same Buffer when it has none). */
export function withoutNul(chunk: Uint8Array): Buffer {
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (buffer.indexOf(0) === -1) return buffer;
  const out = Buffer.allocUnsafe(buffer.length);
  let length = 0;
  for (let i = 0; i < buffer.length; i++) if (buffer[i] !== 0) out[length++] = buffer[i];
  return out.subarray(0, length);
}

/** A pass-through for renderToPipeableStream's `pipe()` that drops React 18's NUL padding. */
export function stripRendererPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, withoutNul(chunk));
    },
  });
}
