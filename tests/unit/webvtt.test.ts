/**
 * Issue 19 item 5 (WCAG 1.2.2): lesson captions must really be WebVTT. Valid files (with a BOM,
 * short mm:ss.ttt timings, header, notes, cue settings) pass; SRT, HTML, SVG, empty files and
 * files without the signature are refused with a Romanian message; the container check serves
 * only a passing file as text/vtt.
 */
import { describe, expect, it } from "vitest";
import { bytesReader, kindOfVerifiedType, verifyContainer } from "~/lib/media-check";
import { checkWebVtt, looksLikeWebVtt, WEBVTT_MAX_BYTES, WEBVTT_MESSAGES } from "~/lib/webvtt";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const check = (text: string) => checkWebVtt(bytes(text));

const VALID = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nBună ziua, în această lecție învățăm.\n\n00:00:04.500 --> 00:00:08.250\nPrimul pas.\n";

describe("checkWebVtt", () => {
  it("accepts a plain file and counts its cues", () => {
    expect(check(VALID)).toEqual({ ok: true, cues: 2 });
  });

  it("accepts a BOM, CRLF line ends and mm:ss.ttt timings", () => {
    expect(check(`\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:04.000\r\nȘtiința țesăturilor\r\n`)).toEqual({ ok: true, cues: 1 });
  });

  it("accepts a title, headers, notes, identifiers, cue settings and long hours", () => {
    const text = [
      "WEBVTT - Lecția 1",
      "Kind: captions",
      "Language: ro",
      "",
      "NOTE scris de mână",
      "",
      "STYLE",
      "::cue { color: yellow }",
      "",
      "intro",
      "00:00.000 --> 00:02.000 align:start line:90%",
      "<v Ana>Salut</v>",
      "",
      "100:00:00.000 --> 100:00:01.000",
      "Foarte târziu",
    ].join("\n");
    expect(check(text)).toEqual({ ok: true, cues: 2 });
  });

  it("accepts a tab after the signature and a cue right under it", () => {
    expect(check("WEBVTT\tsubtitrări\n00:00.000 --> 00:01.000\nText")).toEqual({ ok: true, cues: 1 });
  });

  it("refuses an SRT file with a hint to convert it", () => {
    const srt = "1\n00:00:01,000 --> 00:00:04,000\nBună ziua\n\n2\n00:00:05,000 --> 00:00:06,000\nPa\n";
    expect(check(srt)).toEqual({ ok: false, error: WEBVTT_MESSAGES.srt });
  });

  it("refuses an SRT body under a WEBVTT signature (comma in the timing)", () => {
    expect(check("WEBVTT\n\n1\n00:00:01,000 --> 00:00:04,000\nBună\n")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(4) });
  });

  it("refuses HTML and SVG renamed .vtt", () => {
    expect(check("<!doctype html><html><script>alert(1)</script></html>")).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature });
    expect(check('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature });
  });

  it("refuses empty files and files without the signature", () => {
    expect(checkWebVtt(new Uint8Array(0))).toEqual({ ok: false, error: WEBVTT_MESSAGES.empty });
    expect(check("  \n\n")).toEqual({ ok: false, error: WEBVTT_MESSAGES.empty });
    expect(check("00:00:01.000 --> 00:00:04.000\nText\n")).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature });
    expect(check("WEBVTTX\n\n00:01.000 --> 00:02.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature });
    expect(check("webvtt\n\n00:01.000 --> 00:02.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.signature });
  });

  it("refuses a signature without cues", () => {
    expect(check("WEBVTT\n\nNOTE nimic aici\n")).toEqual({ ok: false, error: WEBVTT_MESSAGES.noCues });
  });

  it("refuses malformed timings, naming the line", () => {
    expect(check("WEBVTT\n\n00:00:01.00 --> 00:00:04.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(3) });
    expect(check("WEBVTT\n\n00:61.000 --> 00:62.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(3) });
    expect(check("WEBVTT\n\n00:01.000->00:02.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(3) });
    expect(check("WEBVTT\n\nText fără timp\n")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(3) });
    expect(check("WEBVTT\n\n00:05.000 --> 00:01.000\nText")).toEqual({ ok: false, error: WEBVTT_MESSAGES.order(3) });
    expect(check("WEBVTT\n\n00:01.000 --> 00:02.000\nText --> altceva")).toEqual({ ok: false, error: WEBVTT_MESSAGES.timing(4) });
  });

  it("refuses text that is not UTF-8 and files over the cap", () => {
    const latin1 = new Uint8Array(Buffer.from("WEBVTT\n\n00:01.000 --> 00:02.000\nȘtiință", "latin1"));
    latin1[latin1.length - 1] = 0xe2; // a lone lead byte
    expect(checkWebVtt(latin1)).toEqual({ ok: false, error: WEBVTT_MESSAGES.notUtf8 });
    const big = bytes(`${VALID}\n${"a".repeat(WEBVTT_MAX_BYTES)}`);
    expect(checkWebVtt(big)).toEqual({ ok: false, error: WEBVTT_MESSAGES.tooLarge });
  });

  it("tells a WebVTT head from others", () => {
    expect(looksLikeWebVtt(bytes("\uFEFFWEBVTT\n"))).toBe(true);
    expect(looksLikeWebVtt(bytes("WEBVTT"))).toBe(true);
    expect(looksLikeWebVtt(bytes("<html>"))).toBe(false);
  });
});

describe("verifyContainer on captions", () => {
  it("serves a valid file as text/vtt, of the captions kind", async () => {
    const type = await verifyContainer(bytesReader(bytes(VALID)));
    expect(type).toBe("text/vtt");
    expect(kindOfVerifiedType(type!)).toBe("captions");
  });

  it("gives no type to a file that only starts like WebVTT", async () => {
    expect(await verifyContainer(bytesReader(bytes("WEBVTT\n\n<script>alert(1)</script>\n\n")))).toBeNull();
    expect(await verifyContainer(bytesReader(bytes("1\n00:00:01,000 --> 00:00:04,000\nBună ziua\n")))).toBeNull();
  });
});
