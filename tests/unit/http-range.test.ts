import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "~/lib/http-range";

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
