import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, formatPrice, moneyToInput, parseMoney, toDecimalString } from "~/lib/money";

describe("parseMoney", () => {
  it.each([
    ["1.000,00", 100000],
    ["1.800,00 RON", 180000],
    ["0,50", 50],
    ["Gratis", 0],
    ["GRATIS", 0],
    [" gratis ", 0],
    ["1000", 100000],
    ["1000,5", 100050],
    ["12,34", 1234],
    ["123.456,78", 12345678],
    ["250 lei", 25000],
    ["0", 0],
  ])("reads %j as %i bani", (text, bani) => {
    expect(parseMoney(text)).toEqual({ ok: true, bani });
  });

  it.each(["", "   ", "abc", "1,000.00", "-5", "1,234", "12.5", "1.00,00", "10,001", "1.000.00", "RON", "5 euro"])(
    "rejects %j with a Romanian message",
    (text) => {
      const result = parseMoney(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/Preț/);
    },
  );

  it("rejects an absurdly large amount", () => {
    expect(parseMoney("999.999.999,00").ok).toBe(false);
  });

  it("treats null and undefined as missing", () => {
    expect(parseMoney(null)).toEqual({ ok: false, error: "Prețul este obligatoriu." });
    expect(parseMoney(undefined).ok).toBe(false);
  });
});

describe("formatting", () => {
  it("formats bani in Romanian with RON", () => {
    expect(formatMoney(100000)).toBe("1.000,00 RON");
    expect(formatMoney(0)).toBe("0,00 RON");
    expect(formatMoney(5)).toBe("0,05 RON");
    expect(formatMoney(123456789)).toBe("1.234.567,89 RON");
    expect(formatAmount(99900)).toBe("999,00");
  });

  it("shows a free price as 0,00 without currency (cart rule)", () => {
    expect(formatPrice(0)).toBe("0,00");
    expect(formatPrice(65000)).toBe("650,00 RON");
  });

  it("round-trips through the admin input", () => {
    for (const bani of [0, 50, 100000, 34900, 99999999]) {
      const parsed = parseMoney(moneyToInput(bani));
      expect(parsed).toEqual({ ok: true, bani });
    }
  });

  it("gives Netopia's decimal amount", () => {
    expect(toDecimalString(12345)).toBe("123.45");
    expect(toDecimalString(50000)).toBe("500.00");
    expect(toDecimalString(7)).toBe("0.07");
  });
});
