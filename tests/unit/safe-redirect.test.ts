/**
 * Issue 14 finding 4: every variant the attack run found ends on a same-site path. Dot segments
 * (plain or percent-encoded) are resolved by the URL parser before the check, so none of them can
 * turn "/x" into "//evil.example" after the check.
 */
import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect resolves first, then checks", () => {
  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/%2e//evil.example",
    "/./%2e/..//evil.example/cont",
    "/cont/../..//evil.example",
    "//evil.example",
    "///evil.example",
    "/\\/evil.example",
    "https://evil.example/cont",
    " //evil.example",
  ])("%j falls back", (input) => {
    expect(safeRedirect(input, "/cont")).toBe("/cont");
  });

  it.each([
    ["/cont", "/cont"],
    ["/cursuri/../cont?x=1", "/cont?x=1"],
    ["/./cart", "/cart"],
    ["/cursuri-online/curs/3/lectie?l=2#player", "/cursuri-online/curs/3/lectie?l=2#player"],
  ])("%j → %j (same-site path)", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("refuses a redirect longer than the limit", () => {
    const long = `/cont?q=${"a".repeat(MAX_REDIRECT_LENGTH)}`;
    expect(safeRedirect(long, "/")).toBe("/");
    expect(safeRedirect(`/cont?q=${"a".repeat(100)}`, "/")).toBe(`/cont?q=${"a".repeat(100)}`);
  });

  it("never returns anything that a browser would resolve to another origin", () => {
    const samples = ["/.//x", "/%2e%2e//x", "/a/..//x", "/%2E//x", "/..%2f/x", "/%5c/x", "/.%2e//x"];
    for (const sample of samples) {
      const result = safeRedirect(sample, "/");
      expect(new URL(result, "https://site.example").origin, sample).toBe("https://site.example");
      expect(result.startsWith("//"), sample).toBe(false);
    }
  });
});
