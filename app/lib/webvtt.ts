/**
 * WebVTT captions of lesson videos (WCAG 1.2.2, issue 19 item 5): is this file really WebVTT?
 * Pure; the server runs it on every stored captions file (lib/media-check.ts, and with the
 * message for the admin in services/uploads.server.ts). Checked:
 * - UTF-8 (an optional BOM), at most `WEBVTT_MAX_BYTES`;
 * - the signature: "WEBVTT" first, then a space, a tab or the end of the line;
 * - every cue has a well-formed timing line, `hh:mm:ss.ttt --> hh:mm:ss.ttt` or
 *   `mm:ss.ttt --> mm:ss.ttt` (optional cue settings after it), ending no sooner than it starts;
 * - at least one cue.
 * An SRT file (comma before the milliseconds, no signature), HTML or SVG renamed .vtt fail it.
 */

export const WEBVTT_MAX_BYTES = 1024 * 1024;
export const WEBVTT_TYPE = "text/vtt";

export const WEBVTT_MESSAGES = {
  empty: "Fișierul de subtitrări este gol.",
  tooLarge: "Fișierul de subtitrări este prea mare (maximum 1 MB).",
  notUtf8: "Fișierul de subtitrări trebuie salvat cu codificarea UTF-8.",
  srt: "Fișierul pare să fie în format SRT, nu WebVTT. Convertește-l în WebVTT (.vtt): prima linie „WEBVTT”, iar timpii cu punct, de exemplu 00:00:01.000 --> 00:00:04.000.",
  signature: "Fișierul nu este un fișier de subtitrări WebVTT: prima linie trebuie să fie „WEBVTT”.",
  timing: (line: number) =>
    `Marcaj de timp invalid pe linia ${line}: folosește forma 00:00:01.000 --> 00:00:04.000 (sau 00:01.000 --> 00:04.000).`,
  order: (line: number) => `Pe linia ${line} sfârșitul subtitrării este înaintea începutului.`,
  noCues: "Fișierul WebVTT nu conține nicio subtitrare (niciun marcaj de timp de forma 00:00:01.000 --> 00:00:04.000).",
} as const;

export type WebVttCheck = { ok: true; cues: number } | { ok: false; error: string };

const TIMESTAMP = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(String.raw`^${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t].*)?$`);
const SRT_TIMING = /^\d{2}:\d{2}:\d{2},\d{3}\s+-->\s+\d{2}:\d{2}:\d{2},\d{3}/m;
const SIGNATURE = /^WEBVTT(?:[ \t]|$)/;

function millis(hours: string | undefined, minutes: string, seconds: string, ms: string): number {
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(ms);
}

/** The bytes as text, or null when they are not UTF-8. The BOM is dropped. */
function decode(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** True when the first bytes could start a WebVTT file (optional BOM, then "WEBVTT"). */
export function looksLikeWebVtt(head: Uint8Array): boolean {
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return String.fromCharCode(...head.subarray(start, start + 6)) === "WEBVTT";
}

/** Checks a whole file (see the top of this module); the error is for the admin, in Romanian. */
export function checkWebVtt(bytes: Uint8Array): WebVttCheck {
  if (bytes.length === 0) return { ok: false, error: WEBVTT_MESSAGES.empty };
  if (bytes.length > WEBVTT_MAX_BYTES) return { ok: false, error: WEBVTT_MESSAGES.tooLarge };
  const text = decode(bytes);
  if (text === null) return { ok: false, error: WEBVTT_MESSAGES.notUtf8 };
  if (text.trim() === "") return { ok: false, error: WEBVTT_MESSAGES.empty };
  const lines = text.split(/\r\n|\r|\n/);
  if (!SIGNATURE.test(lines[0])) {
    return { ok: false, error: SRT_TIMING.test(text) ? WEBVTT_MESSAGES.srt : WEBVTT_MESSAGES.signature };
  }
  // Blocks are separated by blank lines; the first block (the signature's) may carry header lines.
  let cues = 0;
  let block: Array<{ text: string; number: number }> = [];
  let first = true;
  const endBlock = (): string | null => {
    const current = block;
    const isHeader = first;
    block = [];
    first = false;
    // The signature's block: "WEBVTT - title" and header lines; a cue right under it is let be.
    const body = isHeader ? current.slice(1) : current;
    if (body.length === 0) return null;
    const timingAt = body.findIndex((line) => line.text.includes("-->"));
    if (timingAt === -1 && (isHeader || /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(body[0].text))) return null;
    // A cue: an optional identifier line, then the timing line; its text may not hold "-->".
    // (a first line that starts like a time is a broken timing line, not an identifier)
    const expected = body[0].text.includes("-->") || /^\d+:\d/.test(body[0].text) ? 0 : 1;
    if (timingAt === -1) return WEBVTT_MESSAGES.timing(body[Math.min(expected, body.length - 1)].number);
    if (timingAt !== expected) return WEBVTT_MESSAGES.timing(body[timingAt].number);
    const line = body[timingAt];
    const match = TIMING.exec(line.text);
    if (!match) return WEBVTT_MESSAGES.timing(line.number);
    const start = millis(match[1], match[2], match[3], match[4]);
    const end = millis(match[5], match[6], match[7], match[8]);
    if (end < start) return WEBVTT_MESSAGES.order(line.number);
    const stray = body.slice(timingAt + 1).find((l) => l.text.includes("-->"));
    if (stray) return WEBVTT_MESSAGES.timing(stray.number);
    cues += 1;
    return null;
  };
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === "") {
      const error = endBlock();
      if (error) return { ok: false, error };
      continue;
    }
    block.push({ text: lines[i], number: i + 1 });
  }
  const error = endBlock();
  if (error) return { ok: false, error };
  return cues > 0 ? { ok: true, cues } : { ok: false, error: WEBVTT_MESSAGES.noCues };
}
