import { describe, expect, it } from "vitest";
import { matchSelectedPrice, normalizeDays } from "~/lib/price-choice";

const physical = [
  { id: 1, days: 5, amountBani: 200000, accreditation: false, advancePayment: false },
  { id: 2, days: 5, amountBani: 265000, accreditation: true, advancePayment: false },
  { id: 3, days: 5, amountBani: 50000, accreditation: false, advancePayment: true },
  { id: 4, days: 10, amountBani: 350000, accreditation: false, advancePayment: false },
];
const online = [
  { id: 7, days: 90, amountBani: 24900, accreditation: false, advancePayment: false },
  { id: 8, days: null, amountBani: 0, accreditation: true, advancePayment: false },
];

describe("a posted selectedPrice is matched to the course's own option", () => {
  it("reads days as docs/product.md writes them", () => {
    expect(normalizeDays("nelimitat")).toBeNull();
    expect(normalizeDays(null)).toBeNull();
    expect(normalizeDays("30")).toBe(30);
    expect(normalizeDays(30)).toBe(30);
    expect(normalizeDays("trei")).toBeUndefined();
    expect(normalizeDays(-1)).toBeUndefined();
  });

  it("physical: the period's base option, with the chosen flags, at the listed or computed price", () => {
    expect(matchSelectedPrice("physical", physical, { value: "2.000,00", days: 5 })).toMatchObject({ ok: true, option: { id: 1 }, accreditation: false });
    expect(matchSelectedPrice("physical", physical, { value: "2.650,00", days: 5, accreditation: true })).toMatchObject({ ok: true, option: { id: 1 }, accreditation: true });
    expect(matchSelectedPrice("physical", physical, { value: "500,00", days: 5, advancePayment: true })).toMatchObject({ ok: true, option: { id: 1 }, advancePayment: true });
    expect(matchSelectedPrice("physical", physical, { value: "3.500,00", days: "10" })).toMatchObject({ ok: true, option: { id: 4 } });
  });

  it("refuses a forged value, an unknown period and an unreadable value", () => {
    expect(matchSelectedPrice("physical", physical, { value: "2.000,00", days: 5, accreditation: true })).toEqual({ ok: false, reason: "value-mismatch" });
    expect(matchSelectedPrice("physical", physical, { value: "1,00", days: 5 })).toEqual({ ok: false, reason: "value-mismatch" });
    expect(matchSelectedPrice("physical", physical, { value: "2.000,00", days: 7 })).toEqual({ ok: false, reason: "no-option" });
    expect(matchSelectedPrice("physical", physical, { value: "două mii", days: 5 })).toEqual({ ok: false, reason: "value-mismatch" });
  });

  it("online: days and diploma choose the option; its value must match (Gratis is 0)", () => {
    expect(matchSelectedPrice("online", online, { value: "249,00", days: 90 })).toMatchObject({ ok: true, option: { id: 7 } });
    expect(matchSelectedPrice("online", online, { value: "gratis", days: "nelimitat", accreditation: true })).toMatchObject({ ok: true, option: { id: 8 } });
    expect(matchSelectedPrice("online", online, { value: "249,00", days: 90, accreditation: true })).toEqual({ ok: false, reason: "no-option" });
    expect(matchSelectedPrice("online", online, { value: "0,00", days: 90 })).toEqual({ ok: false, reason: "value-mismatch" });
  });
});
