/**
 * The guest page cache's memory ceiling (issue 26 item 5): at most 24 MB of HTML per process,
 * oldest pages dropped first, whatever the number of distinct URLs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cachedPage, clearPages, guestPageStats, renderPage } from "~/services/html-cache.server";

const MB = 1024 * 1024;
const bigPage = (i: number) => (
  <html lang="ro">
    <body>
      <p>{`Pagina ${i} – ședințe și țesături. `.repeat(Math.ceil((3 * MB) / 36))}</p>
    </body>
  </html>
);

afterEach(() => clearPages());

describe("guest page cache ceiling", () => {
  it("keeps at most 24 MB of pages, dropping the oldest", async () => {
    for (let i = 0; i < 12; i++) expect(await renderPage(`k${i}`, bigPage(i), "nonce")).not.toBeNull();
    const stats = guestPageStats();
    expect(stats.chars).toBeLessThanOrEqual(24 * MB);
    expect(stats.pages).toBeGreaterThanOrEqual(6);
    expect(stats.pages).toBeLessThan(12);
    expect(cachedPage("k11", "n")).not.toBeNull();
    expect(cachedPage("k0", "n")).toBeNull();
  }, 60_000);
});
