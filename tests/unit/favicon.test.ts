/** The inline favicon (lib/favicon.ts) is the drawing of public/favicon.svg, as a valid data URL. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAVICON_SVG, FAVICON_URL } from "~/lib/favicon";

const file = fs.readFileSync(path.join(__dirname, "../../public/favicon.svg"), "utf8").trim();

describe("the inline favicon", () => {
  it("draws what public/favicon.svg draws", () => {
    expect(FAVICON_SVG.replaceAll("'", '"')).toBe(file);
  });

  it("decodes back to the drawing, with nothing a URL or an attribute would misread left raw", () => {
    const body = FAVICON_URL.slice("data:image/svg+xml,".length);
    expect(body).not.toMatch(/[<>#'"]/);
    expect(decodeURIComponent(body)).toBe(FAVICON_SVG);
  });
});
