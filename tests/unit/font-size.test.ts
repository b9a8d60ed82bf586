/**
 * The headings' font must arrive in one round trip of a new connection: 10 TCP segments of 1,460
 * bytes (the initial congestion window, RFC 6928), response headers included. At 14,810 bytes
 * on the wire it needed a second round trip on a slow phone link, and on the catalogue pages the
 * font, not the picture, was the last thing the largest paint waited for (Lighthouse, simulated
 * slow 4G: LCP 990-1,002 ms). scripts/make-font-subset.sh builds it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const INITIAL_WINDOW = 10 * 1460;
// What the server sends with a static file: status line, Accept-Ranges, Cache-Control,
// Last-Modified, ETag, Content-Type, Content-Length, Date, Connection, Keep-Alive (286 bytes
// measured), with room for a proxy's additions.
const HEADERS_ALLOWANCE = 500;

describe("web fonts", () => {
  const dir = path.join(process.cwd(), "public", "fonts");
  const fonts = fs.readdirSync(dir).filter((name) => name.endsWith(".woff2"));

  it("there is a font to check", () => {
    expect(fonts.length).toBeGreaterThan(0);
  });

  it.each(fonts)("%s fits, with its headers, in a new connection's first round trip", (name) => {
    expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(INITIAL_WINDOW - HEADERS_ALLOWANCE);
  });
});
