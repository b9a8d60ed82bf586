/**
 * Reading the `.eml` files of the outbox (the embedded mail default), for integration and
 * end-to-end tests. Standalone: node:fs only.
 */
import fs from "node:fs";
import path from "node:path";

/** Decodes quoted-printable text (soft line breaks and =XX bytes, UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export interface OutboxMail {
  file: string;
  raw: string;
  /** The raw message with quoted-printable parts decoded (good enough to search in). */
  decoded: string;
}

/** Every message in `outboxDir` addressed to `to`, newest first. */
export function mailsTo(outboxDir: string, to: string): OutboxMail[] {
  let names: string[];
  try {
    names = fs.readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const file = path.join(outboxDir, name);
      return { file, mtime: fs.statSync(file).mtimeMs, raw: fs.readFileSync(file, "utf8") };
    })
    .filter(({ raw }) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(raw))
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file))
    .map(({ file, raw }) => ({ file, raw, decoded: decodeQuotedPrintable(raw) }));
}

/** The newest message in `outboxDir` addressed to `to`, or null. */
export function newestMailTo(outboxDir: string, to: string): OutboxMail | null {
  return mailsTo(outboxDir, to)[0] ?? null;
}

/** The password reset link in a message. */
export function resetLinkIn(mail: { decoded: string }): string | null {
  return /https?:\/\/[^\s"<>]+\/reset\/[A-Za-z0-9_-]{43}/.exec(mail.decoded)?.[0] ?? null;
}
