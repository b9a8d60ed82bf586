import { describe, expect, it } from "vitest";
import { contentDisposition, formatContentRange, parseContentRange, parseRange } from "~/lib/http-range";

describe("HTTP Range", () => {
  it("serves the whole file without a header or with one it does not handle", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-1,5-6", 100)).toEqual({ kind: "full" });
    expect(parseRange("items=0-5", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=9-3", 100)).toEqual({ kind: "full" });
  });

  it("parses a range, an open range and a suffix, clamped to the size", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=95-500", 100)).toEqual({ kind: "partial", start: 95, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
  });

  it("answers unsatisfiable ranges", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("names downloads safely, with a UTF-8 name for browsers that read it", () => {
    expect(contentDisposition("Fișă lecție.pdf")).toBe(
      `attachment; filename="Fisa lectie.pdf"; filename*=UTF-8''Fi%C8%99%C4%83%20lec%C8%9Bie.pdf`,
    );
    expect(contentDisposition('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
});

describe("Content-Range of an upload chunk", () => {
  it("parses a chunk of a known total and round-trips the header the browser sends", () => {
    expect(parseContentRange("bytes 0-8388607/20000000")).toEqual({ first: 0, last: 8388607, total: 20000000 });
    expect(parseContentRange(formatContentRange(16777216, 20000000, 20000000))).toEqual({ first: 16777216, last: 19999999, total: 20000000 });
    expect(formatContentRange(0, 1, 1)).toBe("bytes 0-0/1");
  });

  it("refuses an unknown total, a reversed range, a range past the end and other syntax", () => {
    for (const header of [null, "", "bytes 0-9/*", "bytes */100", "bytes 9-0/100", "bytes 0-100/100", "bytes=0-9/100", "items 0-9/100", "bytes 0-9/100, 10-19/100", "bytes -1-9/100"]) {
      expect(parseContentRange(header), String(header)).toBeNull();
    }
  });
});
