/**
 * Money is an integer number of bani (1 RON = 100 bani) everywhere (docs/architecture.md §4).
 * Romanian text format: dotted thousands and a decimal comma ("1.000,00"), optionally followed
 * by "RON" or "lei"; the word "Gratis" in any letter case is 0.
 */

export const MAX_AMOUNT_BANI = 100_000_000; // 1.000.000,00 RON: far above any real price

export type MoneyParseResult = { ok: true; bani: number } | { ok: false; error: string };

export const MONEY_FORMAT_ERROR =
  "Preț invalid: scrieți suma în formatul 1.000,00 (cel mult două zecimale) sau „Gratis”.";

// 1-3 digits then groups of exactly three after dots, or plain digits; optional ,d or ,dd.
const ROMANIAN_AMOUNT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

export function parseMoney(input: string | null | undefined): MoneyParseResult {
  const text = (input ?? "").trim().replace(/\s+/g, " ");
  if (text === "") return { ok: false, error: "Prețul este obligatoriu." };
  if (text.toLowerCase() === "gratis") return { ok: true, bani: 0 };
  const amount = text.replace(/\s*(ron|lei)$/i, "").replace(/\s/g, "");
  const match = ROMANIAN_AMOUNT.exec(amount);
  if (!match) return { ok: false, error: MONEY_FORMAT_ERROR };
  const lei = Number(match[1].replace(/\./g, ""));
  const bani = Number((match[2] ?? "0").padEnd(2, "0"));
  const total = lei * 100 + bani;
  if (!Number.isSafeInteger(total) || total > MAX_AMOUNT_BANI) {
    return { ok: false, error: "Prețul este prea mare." };
  }
  return { ok: true, bani: total };
}

/** 100000 → "1.000,00" (no currency). */
export function formatAmount(bani: number): string {
  const sign = bani < 0 ? "-" : "";
  const abs = Math.abs(Math.round(bani));
  const lei = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, "0");
  const grouped = lei.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${grouped},${cents}`;
}

/** 100000 → "1.000,00 RON"; 0 → "0,00 RON". */
export function formatMoney(bani: number): string {
  return `${formatAmount(bani)} RON`;
}

/** docs/product.md cart rule: a free price shows "0,00", any other amount is followed by "RON". */
export function formatPrice(bani: number): string {
  return bani === 0 ? "0,00" : formatMoney(bani);
}

/** Text an admin can edit back: 0 → "Gratis", otherwise "1.000,00". */
export function moneyToInput(bani: number): string {
  return bani === 0 ? "Gratis" : formatAmount(bani);
}

/** Netopia's amount format: 12345 → "123.45". */
export function toDecimalString(bani: number): string {
  return `${Math.floor(bani / 100)}.${(bani % 100).toString().padStart(2, "0")}`;
}

export const lei = (value: number) => Math.round(value * 100);
