import { describe, expect, it } from "vitest";
import { baseImageKey, publicImagePath, variantKey } from "~/lib/images";

describe("public image addresses (issue 20 item 9)", () => {
  it("finds the image a 480px variant was made from", () => {
    expect(baseImageKey("courses/1_curs-480.webp")).toBe("courses/1_curs.webp");
    expect(baseImageKey(variantKey("products/17_kit.jpeg"))).toBe("products/17_kit.jpeg");
    expect(baseImageKey("courses/1_curs-480")).toBe("courses/1_curs");
    expect(baseImageKey("courses/1_curs.webp")).toBeNull();
    expect(baseImageKey("courses/-480.webp")).toBeNull();
  });

  it("finds the image a 720px variant was made from", () => {
    expect(baseImageKey("courses/1_curs-720.webp")).toBe("courses/1_curs.webp");
    expect(baseImageKey(variantKey("products/17_kit.jpeg", 720))).toBe("products/17_kit.jpeg");
    expect(baseImageKey("courses/1_curs-960.webp")).toBeNull();
  });

  it("is a plain path without signature or expiry", () => {
    expect(publicImagePath("courses/1_curs.webp")).toBe("/img/courses/1_curs.webp");
  });
});
