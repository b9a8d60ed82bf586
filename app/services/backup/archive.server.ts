/**
 * The backup archive: one file holding a sequence of records (the database's rows, the uploaded
 * files, the migrations that built the schema, a closing manifest), gzip-compressed, optionally
 * encrypted with AES-256-GCM, and sealed with a SHA-256 of the whole file.
 *
 *   line 1   `ANA-BACKUP/1 gzip` or `ANA-BACKUP/1 gzip aes-256-gcm <iv hex> <key check hex>`
 *   payload  gzip( records ), encrypted when the first line says so
 *   trailer  `\nEND sha256=<64 hex> tag=<32 hex>\n`: SHA-256 of everything before the trailer,
 *            and the GCM authentication tag (zeros when not encrypted)
 *
 * A record is a JSON header line with the body's `size`, the body, and a line `{"sha256":…}`
 * over the body. Reading checks the file hash first, then (while decompressing) every record's
 * hash and the GCM tag, so a damaged or tampered archive is refused before anything is restored.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, type Hash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { PassThrough, Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

const MAGIC = "ANA-BACKUP/1";
const TRAILER_LENGTH = "\nEND sha256=".length + 64 + " tag=".length + 32 + 1;
const ZERO_TAG = "0".repeat(32);

/** A problem with the archive itself (damaged, wrong key, not an archive): shown to the owner as is. */
export class ArchiveError extends Error {}

export interface RecordHeader {
  type: string;
  size: number;
  [field: string]: unknown;
}

/** BACKUP_KEY: 32 bytes, written as 64 hex characters or base64. */
export function parseBackupKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new ArchiveError("BACKUP_KEY must be 32 bytes: 64 hex characters (openssl rand -hex 32)");
  return key;
}

/** A short fingerprint of the key, stored in the archive: a wrong key is named before decrypting. */
function keyCheck(key: Buffer): string {
  return createHmac("sha256", key).update("ana-backup key check").digest("hex").slice(0, 16);
}

async function write(stream: Writable, chunk: Buffer | string): Promise<void> {
  if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once("drain", resolve));
}

/** Hashes what passes through. */
function hashing(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

export interface ArchiveWriter {
  /** A record whose body is in memory. */
  add(header: Omit<RecordHeader, "size">, body: Buffer): Promise<void>;
  /** A record whose body is streamed; exactly `size` bytes must come. */
  addStream(header: Omit<RecordHeader, "size">, body: AsyncIterable<Buffer | Uint8Array>, size: number): Promise<string>;
  /** Closes the archive; returns its size in bytes. */
  finish(): Promise<number>;
  /** Stops writing and removes the file. */
  abort(): Promise<void>;
}

export async function createArchive(file: string, key?: Buffer): Promise<ArchiveWriter> {
  const fileHash = createHash("sha256");
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const iv = randomBytes(12);
  const cipher = key ? createCipheriv("aes-256-gcm", key, iv) : undefined;
  const firstLine = key ? `${MAGIC} gzip aes-256-gcm ${iv.toString("hex")} ${keyCheck(key)}\n` : `${MAGIC} gzip\n`;
  fileHash.update(firstLine);
  out.write(firstLine);

  const records = new PassThrough();
  const gzip = createGzip({ level: 6 });
  // The last stage hashes and writes into the file without ending it (the trailer follows).
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      fileHash.update(chunk);
      if (out.write(chunk)) callback();
      else out.once("drain", () => callback());
    },
  });
  const done = cipher ? pipeline(records, gzip, cipher, sink) : pipeline(records, gzip, sink);
  let failed: unknown;
  done.catch((error: unknown) => {
    failed = error;
  });

  async function writeBody(header: Omit<RecordHeader, "size">, size: number, body: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
    if (failed) throw failed;
    const hash = createHash("sha256");
    await write(records, `${JSON.stringify({ ...header, size })}\n`);
    let written = 0;
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      written += bytes.length;
      if (written > size) throw new Error(`record ${String(header.type)} is longer than announced`);
      hash.update(bytes);
      await write(records, bytes);
    }
    if (written !== size) throw new Error(`record ${String(header.type)} is shorter than announced (${written}/${size})`);
    const digest = hash.digest("hex");
    await write(records, `\n${JSON.stringify({ sha256: digest })}\n`);
    return digest;
  }

  return {
    async add(header, body) {
      await writeBody(header, body.length, Readable.from([body]));
    },
    addStream: (header, body, size) => writeBody(header, size, body),
    async finish() {
      records.end();
      await done;
      const tag = cipher ? cipher.getAuthTag().toString("hex") : ZERO_TAG;
      const trailer = `\nEND sha256=${fileHash.digest("hex")} tag=${tag}\n`;
      await new Promise<void>((resolve, reject) => out.end(trailer, () => resolve()).once("error", reject));
      await new Promise<void>((resolve) => (out.closed ? resolve() : out.once("close", () => resolve())));
      return (await fsp.stat(file)).size;
    },
    async abort() {
      records.destroy();
      out.destroy();
      await done.catch(() => {});
      await fsp.rm(file, { force: true });
    },
  };
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

/** Pulls lines and exact byte counts out of a stream of chunks. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.source = stream[Symbol.asyncIterator]();
  }
  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }
  /** The next line, or null at the very end. */
  async line(max = 1 << 20): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end >= 0) {
        const text = this.buffer.subarray(0, end).toString("utf8");
        this.buffer = this.buffer.subarray(end + 1);
        return text;
      }
      if (this.buffer.length > max) throw new ArchiveError("The archive is damaged (a record header is unreadable).");
      if (!(await this.fill())) {
        if (this.buffer.length) throw new ArchiveError("The archive is damaged (it ends in the middle of a record).");
        return null;
      }
    }
  }
  async *bytes(size: number): AsyncGenerator<Buffer> {
    let remaining = size;
    while (remaining > 0) {
      if (this.buffer.length === 0 && !(await this.fill())) {
        throw new ArchiveError("The archive is damaged (it ends in the middle of a record).");
      }
      const take = Math.min(remaining, this.buffer.length);
      yield this.buffer.subarray(0, take);
      this.buffer = this.buffer.subarray(take);
      remaining -= take;
    }
  }
}

export interface ArchiveInfo {
  encrypted: boolean;
  size: number;
}

interface Envelope {
  encrypted: boolean;
  iv?: Buffer;
  keyCheck?: string;
  payloadStart: number;
  payloadEnd: number;
  sha256: string;
  tag: string;
  size: number;
}

async function readEnvelope(file: string): Promise<Envelope> {
  const size = (await fsp.stat(file).catch(() => {
    throw new ArchiveError(`No archive at ${file}.`);
  })).size;
  const handle = await fsp.open(file, "r");
  try {
    const head = Buffer.alloc(Math.min(256, size));
    await handle.read(head, 0, head.length, 0);
    const newline = head.indexOf(10);
    const first = newline > 0 ? head.subarray(0, newline).toString("latin1") : "";
    if (!first.startsWith(`${MAGIC} `)) throw new ArchiveError(`${file} is not a backup archive of this site.`);
    const parts = first.split(" ");
    const encrypted = parts[2] === "aes-256-gcm";
    if (parts[1] !== "gzip" || (parts.length > 2 && !encrypted)) throw new ArchiveError(`${file} uses an archive format this version does not know.`);
    if (size < newline + 1 + TRAILER_LENGTH) throw new ArchiveError("The archive is damaged (it is cut short).");
    const tail = Buffer.alloc(TRAILER_LENGTH);
    await handle.read(tail, 0, TRAILER_LENGTH, size - TRAILER_LENGTH);
    const match = /^\nEND sha256=([0-9a-f]{64}) tag=([0-9a-f]{32})\n$/.exec(tail.toString("latin1"));
    if (!match) throw new ArchiveError("The archive is damaged or incomplete (its closing checksum is missing).");
    return {
      encrypted,
      iv: encrypted ? Buffer.from(parts[3] ?? "", "hex") : undefined,
      keyCheck: encrypted ? parts[4] : undefined,
      payloadStart: newline + 1,
      payloadEnd: size - TRAILER_LENGTH,
      sha256: match[1],
      tag: match[2],
      size,
    };
  } finally {
    await handle.close();
  }
}

/** Step 1 of reading: the whole file's SHA-256 against the trailer. */
async function checkFileHash(file: string, envelope: Envelope): Promise<void> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file, { start: 0, end: envelope.payloadEnd - 1 }), hashing(hash), new PassThrough().resume());
  if (hash.digest("hex") !== envelope.sha256) {
    throw new ArchiveError("The archive is damaged: its checksum does not match (the file changed after it was written). Use another backup.");
  }
}

function payloadStream(file: string, envelope: Envelope, key?: Buffer): Readable {
  const raw = fs.createReadStream(file, { start: envelope.payloadStart, end: envelope.payloadEnd - 1 });
  const stages: Transform[] = [];
  if (envelope.encrypted) {
    if (!key) throw new ArchiveError("This archive is encrypted: set BACKUP_KEY to the key it was made with.");
    if (keyCheck(key) !== envelope.keyCheck) throw new ArchiveError("BACKUP_KEY is not the key this archive was encrypted with.");
    const decipher = createDecipheriv("aes-256-gcm", key, envelope.iv!);
    decipher.setAuthTag(Buffer.from(envelope.tag, "hex"));
    stages.push(decipher);
  }
  stages.push(createGunzip());
  let stream: Readable = raw;
  for (const stage of stages) {
    const source = stream;
    source.once("error", (error) => stage.destroy(error));
    stream = source.pipe(stage);
  }
  return stream;
}

export interface ArchiveRecord {
  header: RecordHeader;
  /** The body in chunks; must be consumed (or `skip`ped) before the next record. */
  body(): AsyncGenerator<Buffer>;
}

/**
 * Reads the archive's records in order, checking each body's hash after it was consumed. The
 * file hash is checked before the first record. Errors are ArchiveErrors with a clear text.
 */
export async function* readArchive(file: string, key?: Buffer): AsyncGenerator<ArchiveRecord> {
  const envelope = await readEnvelope(file);
  await checkFileHash(file, envelope);
  const stream = payloadStream(file, envelope, key);
  const reader = new ByteReader(stream as AsyncIterable<Buffer>);
  try {
    for (;;) {
      const line = await reader.line();
      if (line === null) return;
      let header: RecordHeader;
      try {
        header = JSON.parse(line) as RecordHeader;
      } catch {
        throw new ArchiveError("The archive is damaged (a record header is unreadable).");
      }
      if (typeof header.type !== "string" || !Number.isSafeInteger(header.size) || header.size < 0) {
        throw new ArchiveError("The archive is damaged (a record header is invalid).");
      }
      const hash = createHash("sha256");
      let consumed = false;
      const body = async function* () {
        if (consumed) throw new Error("record body read twice");
        consumed = true;
        for await (const chunk of reader.bytes(header.size)) {
          hash.update(chunk);
          yield chunk;
        }
      };
      yield { header, body };
      if (!consumed) for await (const _chunk of body()) void _chunk;
      const blank = await reader.line();
      const footer = await reader.line();
      let digest: string | undefined;
      try {
        digest = (JSON.parse(footer ?? "") as { sha256?: string }).sha256;
      } catch {
        digest = undefined;
      }
      if (blank !== "" || digest !== hash.digest("hex")) {
        throw new ArchiveError(`The archive is damaged: record ${header.type} ${String(header.name ?? header.key ?? "")} fails its checksum.`);
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/unsupported state|unable to authenticate/i.test(message)) {
      throw new ArchiveError("The archive is damaged or was altered: its encryption tag does not match.");
    }
    if (/incorrect header check|invalid|unexpected end|Z_/i.test(message)) {
      throw new ArchiveError(`The archive is damaged (it cannot be decompressed: ${message}).`);
    }
    throw error;
  } finally {
    stream.destroy();
  }
}

/** Whether the archive is encrypted, and its size, without reading it all. */
export async function archiveInfo(file: string): Promise<ArchiveInfo> {
  const envelope = await readEnvelope(file);
  return { encrypted: envelope.encrypted, size: envelope.size };
}
