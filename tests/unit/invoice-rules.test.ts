import { describe, expect, it } from "vitest";
import { isValidCui, isValidIban, normalizeCui } from "~/lib/fiscal-ids";
import { composeInvoice, creditDraft, draftLines, type OrderLineForInvoice } from "~/lib/invoice-lines";
import { divRound, splitVat, vatOfGross } from "~/lib/vat";

describe("CUI checksum", () => {
  it("accepts valid codes with or without RO and spaces", () => {
    expect(isValidCui("RO41234564")).toBe(true);
    expect(isValidCui("ro 41234564")).toBe(true);
    expect(isValidCui("18547290")).toBe(true); // a real company's CUI
    expect(normalizeCui(" ro 41234564 ")).toBe("RO41234564");
  });
  it("refuses a wrong check digit, letters and wrong lengths", () => {
    expect(isValidCui("RO41234567")).toBe(false);
    expect(isValidCui("18547291")).toBe(false);
    expect(isValidCui("ABC")).toBe(false);
    expect(isValidCui("1")).toBe(false);
    expect(isValidCui("12345678901")).toBe(false);
  });
  it("maps a check value of 10 to 0", () => {
    // body 000000001 → sum 2 → 20 mod 11 = 9; search a body whose check is 10 → 0
    const body = Array.from({ length: 2000 }, (_, i) => String(100000 + i)).find((b) => {
      const w = [7, 5, 3, 2, 1, 7, 5, 3, 2];
      const sum = [...b.padStart(9, "0")].reduce((s, d, i) => s + Number(d) * w[i], 0);
      return (sum * 10) % 11 === 10;
    })!;
    expect(isValidCui(`${body}0`)).toBe(true);
  });
});

describe("IBAN mod 97", () => {
  it("accepts valid Romanian and foreign IBANs", () => {
    expect(isValidIban("RO49AAAA1B31007593840000")).toBe(true);
    expect(isValidIban("ro49 aaaa 1b31 0075 9384 0000")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
  });
  it("refuses a changed digit and a short Romanian IBAN", () => {
    expect(isValidIban("RO49AAAA1B31007593840001")).toBe(false);
    expect(isValidIban("RO49AAAA1B3100759384")).toBe(false);
  });
});

describe("VAT split of VAT-inclusive bani", () => {
  it("rounds half away from zero exactly", () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(vatOfGross(12100, 21)).toBe(2100);
    expect(vatOfGross(34900, 21)).toBe(6057);
  });
  it("lines, per-rate groups and the grand total add up to the bani paid, for many amounts", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + rand(6) }, () => ({ grossBani: 1 + rand(200_000), rate: [21, 11, 0][rand(3)] }));
      const split = splitVat(lines);
      const paid = lines.reduce((s, l) => s + l.grossBani, 0);
      expect(split.grossBani).toBe(paid);
      expect(split.netBani + split.vatBani).toBe(paid);
      for (const line of split.lines) expect(line.netBani + line.vatBani).toBe(line.grossBani);
      for (const group of split.groups) {
        const members = split.lines.filter((l) => l.rate === group.rate);
        expect(members.reduce((s, l) => s + l.vatBani, 0)).toBe(group.vatBani);
        expect(members.reduce((s, l) => s + l.netBani, 0)).toBe(group.netBani);
        expect(group.vatBani).toBe(vatOfGross(group.grossBani, group.rate));
        // EN 16931 BR-CO-17: VAT = taxable × rate within one ban.
        expect(Math.abs(group.vatBani - (group.netBani * group.rate) / 100)).toBeLessThanOrEqual(1);
      }
    }
  });
  it("three lines of 0,01 RON at 21 % still add up", () => {
    const split = splitVat([{ grossBani: 1, rate: 21 }, { grossBani: 1, rate: 21 }, { grossBani: 1, rate: 21 }]);
    expect(split.vatBani).toBe(1);
    expect(split.lines.reduce((s, l) => s + l.vatBani, 0)).toBe(1);
  });
});

const physical: OrderLineForInvoice = { category: "physical", title: "Curs de baza", advancePayment: true, amountBani: 50_000, fullAmountBani: 215_000, quantity: 1, position: 0 };
const kit: OrderLineForInvoice = { category: "product", title: "Kit pile", advancePayment: false, amountBani: 2_490, fullAmountBani: 2_490, quantity: 1, position: 1 };

describe("advance, final and credit note totals", () => {
  it("advance invoice = what was paid; final = the rest; together the full price, VAT included", () => {
    const advance = composeInvoice(draftLines("advance", [physical, kit], 21), "payer");
    expect(advance.split.grossBani).toBe(52_490);
    expect(advance.lines[0].description).toBe("Avans – Curs de baza");
    const final = composeInvoice(draftLines("final", [physical, kit], 21, "ANA 7"), "payer");
    expect(final.lines.map((l) => [l.quantity, l.grossBani])).toEqual([
      [1, 215_000],
      [-1, -50_000],
    ]);
    expect(final.lines[1].description).toContain("ANA 7");
    expect(final.split.grossBani).toBe(165_000);
    expect(advance.split.grossBani + final.split.grossBani).toBe(215_000 + 2_490);
    expect(final.split.vatBani).toBe(vatOfGross(215_000, 21) - vatOfGross(50_000, 21));
  });
  it("a credit note is the exact opposite of what it cancels", () => {
    const invoice = composeInvoice(draftLines("invoice", [kit, { ...kit, position: 2, amountBani: 333, fullAmountBani: 333 }], 21), "payer");
    const credit = composeInvoice(creditDraft(invoice.lines), "payer");
    expect(credit.split.grossBani).toBe(-invoice.split.grossBani);
    expect(credit.split.vatBani).toBe(-invoice.split.vatBani);
    expect(credit.split.netBani).toBe(-invoice.split.netBani);
    expect(credit.lines.every((l) => l.quantity === -1)).toBe(true);
  });
  it("a product keeps its quantity and the delivery fee is its own line: the invoice totals what the order cost", () => {
    const threeKits = { ...kit, amountBani: 3 * 2_490, fullAmountBani: 3 * 2_490, quantity: 3 };
    const invoice = composeInvoice(draftLines("invoice", [threeKits], 21, "", { methodName: "Curier rapid", grossBani: 1_990 }), "payer");
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unitCode, l.grossBani])).toEqual([
      ["Kit pile", 3, "H87", 7_470],
      ["Transport – Curier rapid", 1, "E48", 1_990],
    ]);
    expect(invoice.split.grossBani).toBe(7_470 + 1_990);
    // Free delivery is no line at all; the final invoice of an advance never repeats the fee.
    expect(draftLines("invoice", [threeKits], 21, "", { methodName: "Ridicare", grossBani: 0 })).toHaveLength(1);
    expect(draftLines("final", [physical, threeKits], 21, "ANA 7", { methodName: "Curier", grossBani: 1_990 }).map((l) => l.description)).not.toContain("Transport – Curier");
    const credit = composeInvoice(creditDraft(invoice.lines), "payer");
    expect(credit.lines.map((l) => l.quantity)).toEqual([-3, -1]);
    expect(credit.split.grossBani).toBe(-(7_470 + 1_990));
  });
  it("non-payer and exempt issuers charge no VAT (categories O and E)", () => {
    const nonPayer = composeInvoice(draftLines("invoice", [kit], 21), "non_payer");
    expect(nonPayer.split.vatBani).toBe(0);
    expect(nonPayer.lines[0]).toMatchObject({ vatCategory: "O", vatRate: 0, netBani: 2_490 });
    expect(composeInvoice(draftLines("invoice", [kit], 21), "exempt").lines[0].vatCategory).toBe("E");
  });
});
