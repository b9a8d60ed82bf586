/** How much JavaScript a first load starts, and when (route-handle.ts). */
import { describe, expect, it } from "vitest";
import { hydrationMode } from "~/lib/route-handle";
import { START_AFTER_PAINT, START_ON_INTERACTION } from "~/lib/start-scripts.server";

describe("hydrationMode", () => {
  it("takes the most frugal mode any matched route asks for", () => {
    expect(hydrationMode([{}, { handle: {} }])).toBe("eager");
    expect(hydrationMode([{}, { handle: { hydrate: "after-paint" } }])).toBe("after-paint");
    expect(hydrationMode([{ handle: { hydrate: "after-paint" } }, { handle: { hydrate: "on-interaction" } }])).toBe("on-interaction");
    expect(hydrationMode([{ handle: { hydrate: "on-interaction" } }, { handle: { hydrate: false } }])).toBe("never");
  });
  it("only the after-paint starter starts by itself (after the first frame) and marks the page", () => {
    expect(START_AFTER_PAINT).toContain("requestAnimationFrame");
    expect(START_AFTER_PAINT).toContain('dataset.start = "after-paint"');
    expect(START_ON_INTERACTION).not.toContain("requestAnimationFrame");
    // Both are one self-contained statement the CSP nonce covers.
    for (const script of [START_AFTER_PAINT, START_ON_INTERACTION]) expect(() => new Function(script)).not.toThrow();
  });
});
