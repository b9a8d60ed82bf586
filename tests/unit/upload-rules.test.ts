import { describe, expect, it } from "vitest";
import { folderFor, isAcceptedType, kindForFolder, parseUploadProof } from "~/lib/upload-rules";

describe("declared types and folders", () => {
  it("accepts each kind's types only (no SVG)", () => {
    expect(isAcceptedType("image", "image/webp")).toBe(true);
    expect(isAcceptedType("image", "image/svg+xml")).toBe(false);
    expect(isAcceptedType("image", "text/html")).toBe(false);
    expect(isAcceptedType("video", "video/mp4")).toBe(true);
    expect(isAcceptedType("video", "image/gif")).toBe(false);
    // Exactly JPEG, PNG, WebP, AVIF; MP4, WebM; PDF (issue 14).
    expect(isAcceptedType("image", "image/gif")).toBe(false);
    expect(isAcceptedType("video", "video/quicktime")).toBe(false);
    expect(isAcceptedType("pdf", "application/pdf; charset=binary")).toBe(true);
    expect(isAcceptedType("pdf", "application/octet-stream")).toBe(false);
  });

  it("maps kinds to the docs/product.md folders", () => {
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
