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

  it("derives the 480px variant key and the srcset", () => {
    expect(variantKey("courses/1735689600000_curs-baza.webp")).toBe("courses/1735689600000_curs-baza-480.webp");
    expect(variantKey("products/1_x")).toBe("products/1_x-480");
    expect(srcSetOf({ src: "/a.webp", small: "/a-480.webp" })).toBe("/a-480.webp 480w, /a.webp 960w");
    expect(srcSetOf({ src: "/a.webp", small: null })).toBeNull();
  });
});
