import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS } from "~/lib/images";
import { COMPANION_ENDINGS, contentTypeForKey, isValidStorageKey, makeStorageKey, sanitizeFileName } from "~/lib/storage-keys";

describe("storage keys", () => {
  it("sanitises file names to ASCII", () => {
    expect(sanitizeFileName("Copertă Curs 1.WEBP")).toBe("coperta-curs-1.webp");
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\ana\\lecție șase.mp4")).toBe("lectie-sase.mp4");
    expect(sanitizeFileName("....")).toBe("fisier");
  });

  it("never ends a name as the server's companion files do (image variants, video posters)", () => {
    expect(sanitizeFileName("Poză-480.JPG")).toBe("poza480.jpg");
    expect(sanitizeFileName("banner 720.webp")).toBe("banner720.webp");
    expect(sanitizeFileName("coperta-poster.webp")).toBe("copertaposter.webp");
    expect(sanitizeFileName("curs-960.webp")).toBe("curs-960.webp");
    expect(sanitizeFileName("curs-4800.webp")).toBe("curs-4800.webp");
    // Every image variant's ending is among them.
    for (const width of VARIANT_WIDTHS) expect(COMPANION_ENDINGS).toContain(String(width));
  });

  it("builds folder/timestamp_filename keys", () => {
    expect(makeStorageKey("videos", "Lecția 1.mp4", 1712345678000)).toBe("videos/1712345678000_lectia-1.mp4");
  });

  it("accepts only keys the app could have made", () => {
    expect(isValidStorageKey("courses/1712345678_coperta.webp")).toBe(true);
    expect(isValidStorageKey("courses/../secrets.json")).toBe(false);
    expect(isValidStorageKey("/etc/passwd")).toBe(false);
    expect(isValidStorageKey("other/1_x.webp")).toBe(false);
    expect(isValidStorageKey("pdfs/1_a..pdf")).toBe(false);
  });

  it("knows content types", () => {
    expect(contentTypeForKey("videos/1_a.mp4")).toBe("video/mp4");
    expect(contentTypeForKey("pdfs/1_a.pdf")).toBe("application/pdf");
    expect(contentTypeForKey("courses/1_a.bin")).toBe("application/octet-stream");
  });
});
