import { describe, expect, it } from "vitest";
import { parseId } from "~/lib/ids";
import { variantKey, srcSetOf } from "~/lib/images";
import { jsonLdText, schemaPrice, seo, summarize } from "~/lib/seo";

describe("JSON-LD", () => {
  it("cannot close the script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>", x: "a & b <!--" });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>", x: "a & b <!--" });
  });

  it("writes RON prices with a dot", () => {
    expect(schemaPrice(200000)).toBe("2000.00");
    expect(schemaPrice(3990)).toBe("39.90");
    expect(schemaPrice(0)).toBe("0.00");
  });
});

describe("page meta", () => {
  it("has a title, description, canonical URL and Open Graph tags", () => {
    const tags = seo({ title: "Cursuri", description: "Descriere", path: "/cursuri", publicUrl: "https://www.example.ro" });
    expect(tags).toContainEqual({ title: "Cursuri – Ana Nails Academy" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.example.ro/cursuri" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://www.example.ro/cursuri" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://www.example.ro/images/hero.webp" });
    expect(tags).toContainEqual({ property: "og:locale", content: "ro_RO" });
  });

  it("summarizes long descriptions at a word", () => {
    const long = "cuvânt ".repeat(60);
    const short = summarize(long, 50);
    expect(short.length).toBeLessThanOrEqual(50);
    expect(short.endsWith("…")).toBe(true);
  });
});

describe("ids and image variants", () => {
  it("accepts positive integers only", () => {
    expect(parseId("12")).toBe(12);
    for (const bad of ["nope", "0", "-1", "1.5", "01", "99999999999", "", undefined]) expect(parseId(bad)).toBeNull();
  });

  it("derives the variant keys and the srcset of the variants that exist", () => {
    expect(variantKey("courses/1735689600000_curs-baza.webp")).toBe("courses/1735689600000_curs-baza-480.webp");
    expect(variantKey("courses/1735689600000_curs-baza.webp", 720)).toBe("courses/1735689600000_curs-baza-720.webp");
    expect(variantKey("products/1_x")).toBe("products/1_x-480");
    expect(srcSetOf({ src: "/a.webp", small: "/a-480.webp", medium: "/a-720.webp" })).toBe("/a-480.webp 480w, /a-720.webp 720w, /a.webp 960w");
    // An image stored before the 720px variant existed.
    expect(srcSetOf({ src: "/a.webp", small: "/a-480.webp", medium: null })).toBe("/a-480.webp 480w, /a.webp 960w");
    expect(srcSetOf({ src: "/a.webp", small: null, medium: null })).toBeNull();
  });
});
