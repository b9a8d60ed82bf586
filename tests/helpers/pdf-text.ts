/**
 * Reads the text drawn on a PDF's pages back out, so tests assert on what a person would read
 * (pdf-lib writes but does not extract). Enough of PDF for documents made by pdf-lib with
 * embedded fonts: page content streams (Flate or plain), `Tf` font selection, hex strings shown
 * with `Tj`/`TJ`, decoded through each font's ToUnicode CMap (bfchar and bfrange).
 */
import zlib from "node:zlib";
import { PDFArray, type PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFRef, type PDFObject } from "pdf-lib";

function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of("Filter"));
  const raw = stream.contents;
  if (!filter) return raw;
  if (filter instanceof PDFName && filter.asString() === "/FlateDecode") return zlib.inflateSync(raw);
  throw new Error(`unsupported filter ${filter.toString()}`);
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** code (hex, as in the content stream) → Unicode text. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code, 16), utf16(text));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, start, end, rest] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(start, 16);
      const to = parseInt(end, 16);
      if (rest.startsWith("[")) {
        [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, text], i) => map.set(from + i, utf16(text)));
      } else {
        const base = utf16(rest.slice(1, -1));
        for (let code = from; code <= to; code++) {
          map.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - from));
        }
      }
    }
  }
  return map;
}

/** The text of each page: one line per text object (BT … ET). */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const lookup = <T extends PDFObject>(value: PDFObject | undefined): T | undefined =>
    (value instanceof PDFRef ? pdf.context.lookup(value) : value) as T | undefined;

  return pdf.getPages().map((page) => {
    const fonts = new Map<string, Map<number, string>>();
    const resources = lookup<PDFDict>(page.node.get(PDFName.of("Resources")));
    const fontDict = lookup<PDFDict>(resources?.get(PDFName.of("Font")));
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = lookup<PDFDict>(ref);
      const toUnicode = lookup<PDFRawStream>(font?.get(PDFName.of("ToUnicode")));
      fonts.set(name.asString(), toUnicode ? parseToUnicode(Buffer.from(streamBytes(toUnicode)).toString("latin1")) : new Map());
    }
    const contents = lookup<PDFObject>(page.node.get(PDFName.of("Contents")));
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => lookup<PDFRawStream>(r)!) : [contents as PDFRawStream];
    const content = streams.map((s) => Buffer.from(streamBytes(s)).toString("latin1")).join("\n");

    const lines: string[] = [];
    for (const [, body] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let current = new Map<number, string>();
      let line = "";
      for (const token of body.matchAll(/(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g)) {
        if (token[1]) current = fonts.get(token[1]) ?? new Map();
        const hexes = token[2] !== undefined ? [token[2]] : token[3] ? [...token[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [];
        for (const hex of hexes) {
          for (let i = 0; i + 4 <= hex.length; i += 4) line += current.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
        }
      }
      if (line) lines.push(line);
    }
    return lines.join("\n");
  });
}
