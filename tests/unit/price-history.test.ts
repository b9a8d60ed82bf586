import { describe, expect, it } from "vitest";
import { lowestAcross, lowestPriceBeforeReduction, type PriceChange } from "~/lib/price-history";

const NOW = new Date("2026-11-24T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);
const change = (days: number, oldBani: number | null, newBani: number): PriceChange => ({ at: daysAgo(days), oldBani, newBani });

describe("lowestPriceBeforeReduction", () => {
  it("is the current price without history", () => {
    expect(lowestPriceBeforeReduction([], 24900, NOW)).toBe(24900);
  });

  it("is the price just replaced when it was steady for 30 days before the reduction", () => {
    const history = [change(100, null, 49900), change(2, 49900, 24900)];
    expect(lowestPriceBeforeReduction(history, 24900, NOW)).toBe(49900);
  });

  it("counts a short, earlier dip within the 30 days before the reduction (several changes)", () => {
    // 499 → 399 (20 days before the cut) → 459 (10 days before) → 249 now.
    const history = [change(200, null, 49900), change(22, 49900, 39900), change(12, 39900, 45900), change(2, 45900, 24900)];
    expect(lowestPriceBeforeReduction(history, 24900, NOW)).toBe(39900);
  });

  it("ignores a dip older than 30 days before the reduction", () => {
    const history = [change(200, null, 49900), change(80, 49900, 19900), change(50, 19900, 49900), change(2, 49900, 24900)];
    expect(lowestPriceBeforeReduction(history, 24900, NOW)).toBe(49900);
  });

  it("uses the price in effect when the window opened, however old its change", () => {
    const history = [change(300, null, 45000), change(1, 45000, 30000)];
    expect(lowestPriceBeforeReduction(history, 30000, NOW)).toBe(45000);
  });

  it("after a price rise, is the lowest of the last 30 days (the current price included)", () => {
    const history = [change(100, null, 20000), change(10, 20000, 30000)];
    expect(lowestPriceBeforeReduction(history, 30000, NOW)).toBe(20000);
    expect(lowestPriceBeforeReduction([change(100, null, 20000), change(40, 20000, 30000)], 30000, NOW)).toBe(30000);
  });

  it("ignores changes recorded after now", () => {
    const history = [change(100, null, 49900), change(-1, 49900, 100)];
    expect(lowestPriceBeforeReduction(history, 49900, NOW)).toBe(49900);
  });
});

describe("lowestAcross", () => {
  it("is the lowest reference of a course's options, null without options", () => {
    expect(lowestAcross([], NOW)).toBeNull();
    expect(
      lowestAcross(
        [
          { changes: [change(100, null, 200000), change(3, 200000, 150000)], currentBani: 150000 },
          { changes: [change(100, null, 180000)], currentBani: 180000 },
        ],
        NOW,
      ),
    ).toBe(180000);
  });
});
