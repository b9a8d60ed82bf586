/**
 * Issue 14 finding 1: the whole container header is verified, not four bytes. The SVG/HTML
 * polyglot of the attack run (bytes 4–7 read "ftyp") is refused, as are formats outside the
 * allowed set; real files of each allowed type pass.
 */
import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bytesReader, verifyContainer } from "~/lib/media-check";

const check = (bytes: Uint8Array | string) => verifyContainer(bytesReader(typeof bytes === "string" ? new Uint8Array(Buffer.from(bytes, "latin1")) : bytes));
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/${name}`));

describe("verifyContainer", () => {
  it("refuses the SVG polyglot that passed as video/mp4", async () => {
    expect(await check('<!--ftypisom--><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>')).toBeNull();
  });

  it("refuses a real ftyp box followed by garbage instead of boxes", async () => {
    const ftyp = "\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2";
    expect(await check(`${ftyp}<svg><script>alert(1)</script></svg>`)).toBeNull();
    // A box claiming more bytes than the file has.
    expect(await check(`${ftyp}\x00\x01\x00\x00moov<svg>`)).toBeNull();
    // An unknown major brand (QuickTime is not in the allowed set).
    expect(await check(fixture("video/durata.mov"))).toBeNull();
  });

  it("refuses HTML, SVG, GIF, Matroska and a PDF with no end marker", async () => {
    expect(await check(fixture("pagina.jpg"))).toBeNull(); // HTML named .jpg
    expect(await check('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).toBeNull();
    expect(await check("GIF89a\x01\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00")).toBeNull();
    expect(await check(fixture("video/durata.mkv"))).toBeNull();
    expect(await check("%PDF-1.7\n<html><script>alert(1)</script></html>")).toBeNull();
    expect(await check("\xff\xd8\xff<html><script>alert(1)</script></html>")).toBeNull();
  });

  it("accepts the allowed types", async () => {
    expect(await check(fixture("coperta.webp"))).toBe("image/webp");
    expect(await check(fixture("lectie.mp4"))).toBe("video/mp4");
    expect(await check(fixture("video/durata-fragmentat.mp4"))).toBe("video/mp4");
    expect(await check(fixture("video/durata.webm"))).toBe("video/webm");
    expect(await check(fixture("fisa.pdf"))).toBe("application/pdf");
    for (const [format, type] of [["jpeg", "image/jpeg"], ["png", "image/png"], ["avif", "image/avif"], ["webp", "image/webp"]] as const) {
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c08" } })[format]().toBuffer();
      expect(await check(new Uint8Array(image)), format).toBe(type);
    }
  });
});
