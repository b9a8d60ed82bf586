/**
 * What the detail pages show for a choice of price options (the live total, the radio labels).
 * Built on the rules of ./pricing, which the server uses again at add-to-cart and checkout.
 */
import { formatMoney } from "./money";
import { DEFAULT_PRICE_SETTINGS, type LinePrice, physicalLinePrice, physicalPeriods, type PriceOptionLike, type PriceSettings, pluralRo } from "./pricing";

export interface PhysicalChoice {
  priceOptionId: number | null;
  accreditation: boolean;
  advancePayment: boolean;
}

export interface PhysicalQuote extends LinePrice {
  baseBani: number;
  /** Paid at the course when only the advance is paid now. */
  balanceBani: number;
}

/**
 * The total of a physical course for a choice, or null when no valid period is chosen.
 * Accreditation and advance count only when the course offers them, at the admin's settings.
 */
export function physicalQuote(options: readonly PriceOptionLike[], choice: PhysicalChoice, settings: PriceSettings = DEFAULT_PRICE_SETTINGS): PhysicalQuote | null {
  const period = physicalPeriods(options).find((o) => o.id === choice.priceOptionId);
  if (!period) return null;
  const price = physicalLinePrice(period.amountBani, {
    accreditation: choice.accreditation && options.some((o) => o.accreditation),
    advancePayment: choice.advancePayment && options.some((o) => o.advancePayment),
  }, settings);
  return { ...price, baseBani: period.amountBani, balanceBani: price.fullBani - price.dueNowBani };
}

/** A price on a detail page: "Gratis" for a free option, otherwise "1.000,00 RON". */
export function priceLabel(bani: number): string {
  return bani === 0 ? "Gratis" : formatMoney(bani);
}

/** Period of a physical course: "5 zile", "1 zi", "20 de zile". */
export function periodLabel(days: number | null): string {
  return days === null ? "Perioadă flexibilă" : pluralRo(days, "zi", "zile");
}

/** Access of an online option: "Acces nelimitat" or "Acces 90 de zile". */
export function accessLabel(days: number | null): string {
  return days === null ? "Acces nelimitat" : `Acces ${pluralRo(days, "zi", "zile")}`;
}
