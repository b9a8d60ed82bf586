/**
 * A price choice described the way docs/product.md §7 posts it (`selectedPrice`: days, accreditation,
 * advancePayment and the value the client saw) → the course's own option. The value is only
 * compared, never used: the server prices the line with ~/lib/pricing. A value that is not the
 * price of the option chosen is a forged or stale choice and is refused.
 */
import { parseMoney } from "./money";
import { DEFAULT_PRICE_SETTINGS, physicalLinePrice, physicalPeriods, type PriceOptionLike, type PriceSettings } from "./pricing";

export interface SelectedPrice {
  value: string;
  days?: number | string | null;
  accreditation?: boolean;
  advancePayment?: boolean;
}

export type PriceChoice<T extends PriceOptionLike> =
  | { ok: true; option: T; accreditation: boolean; advancePayment: boolean }
  | { ok: false; reason: "no-option" | "value-mismatch" };

/** 30, "30", "nelimitat", null → 30 / null; anything else → undefined. */
export function normalizeDays(days: SelectedPrice["days"]): number | null | undefined {
  if (days === null || days === undefined) return null;
  if (typeof days === "number") return Number.isInteger(days) && days > 0 ? days : undefined;
  const text = days.trim().toLowerCase();
  if (text === "" || text === "nelimitat") return null;
  return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

export function matchSelectedPrice<T extends PriceOptionLike>(
  kind: "physical" | "online",
  options: readonly T[],
  selected: SelectedPrice,
  settings: PriceSettings = DEFAULT_PRICE_SETTINGS,
): PriceChoice<T> {
  const days = normalizeDays(selected.days);
  if (days === undefined) return { ok: false, reason: "no-option" };
  const money = parseMoney(selected.value);
  const accreditation = Boolean(selected.accreditation);
  const advancePayment = kind === "physical" && Boolean(selected.advancePayment);
  if (kind === "online") {
    const option = options.find((o) => o.days === days && o.accreditation === accreditation);
    if (!option) return { ok: false, reason: "no-option" };
    if (!money.ok || money.bani !== option.amountBani) return { ok: false, reason: "value-mismatch" };
    return { ok: true, option, accreditation: false, advancePayment: false };
  }
  const base = physicalPeriods(options).find((o) => o.days === days);
  if (!base) return { ok: false, reason: "no-option" };
  // Accepted: the price the server computes for these flags (now or in full). The amounts of
  // accreditation and advance entries are not prices (the settings are).
  const computed = physicalLinePrice(base.amountBani, { accreditation, advancePayment }, settings);
  const accepted = new Set([computed.fullBani, computed.dueNowBani]);
  if (!money.ok || !accepted.has(money.bani)) return { ok: false, reason: "value-mismatch" };
  return { ok: true, option: base, accreditation, advancePayment };
}
