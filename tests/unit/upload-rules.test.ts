import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { contentMatchesKind, folderFor, isAcceptedType, kindForFolder, parseUploadProof, sniffType } from "~/lib/upload-rules";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("sniffType: the real type from the first bytes", () => {
  it.each([
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "image/jpeg"],
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "image/png"],
    ["GIF", ascii("GIF89a\x01\x00"), "image/gif"],
    ["WebP", ascii("RIFF\x24\x00\x00\x00WEBPVP8 "), "image/webp"],
    ["AVIF", ascii("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00"), "image/avif"],
    ["MP4", ascii("\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"), "video/mp4"],
    ["MOV", ascii("\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00"), "video/quicktime"],
    ["WebM", bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f), "video/webm"],
    ["PDF", ascii("%PDF-1.7\n"), "application/pdf"],
    ["HTML", ascii("<!doctype html><script>"), null],
    ["SVG", ascii('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ["empty", bytes(), null],
  ])("%s", (_name, input, expected) => {
    expect(sniffType(input)).toBe(expected);
  });

  it("recognises the fixture files", () => {
    expect(sniffType(fs.readFileSync("tests/fixtures/coperta.webp"))).toBe("image/webp");
    expect(sniffType(fs.readFileSync("tests/fixtures/lectie.mp4"))).toBe("video/mp4");
    expect(sniffType(fs.readFileSync("tests/fixtures/fisa.pdf"))).toBe("application/pdf");
    expect(contentMatchesKind("image", fs.readFileSync("tests/fixtures/pagina.jpg"))).toBe(false);
  });
});

describe("declared types and folders", () => {
  it("accepts each kind's types only (no SVG)", () => {
    expect(isAcceptedType("image", "image/webp")).toBe(true);
    expect(isAcceptedType("image", "image/svg+xml")).toBe(false);
    expect(isAcceptedType("image", "text/html")).toBe(false);
    expect(isAcceptedType("video", "video/mp4")).toBe(true);
    expect(isAcceptedType("video", "image/gif")).toBe(false);
    expect(isAcceptedType("pdf", "application/pdf; charset=binary")).toBe(true);
    expect(isAcceptedType("pdf", "application/octet-stream")).toBe(false);
  });

  it("maps kinds to the SPEC folders", () => {
    expect(folderFor("image")).toBe("courses");
    expect(folderFor("image", "product")).toBe("products");
    expect(folderFor("video")).toBe("videos");
    expect(folderFor("pdf")).toBe("pdfs");
    expect(kindForFolder("products")).toBe("image");
  });
});

describe("upload proofs in forms", () => {
  it("reads `key:signature` and refuses anything else", () => {
    const signature = "a".repeat(43);
    expect(parseUploadProof(`courses/1_a.webp:${signature}`)).toEqual({ key: "courses/1_a.webp", signature });
    for (const value of ["", "courses/1_a.webp", `:${signature}`, "courses/1_a.webp:short", `courses/1_a.webp:${signature}!`]) {
      expect(parseUploadProof(value), value).toBeNull();
    }
  });
});
