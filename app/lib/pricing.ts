/**
 * Pricing rules (docs/product.md §9, cart issue). Pure and shared: the detail pages show these numbers,
 * and the server recomputes every amount with them from database rows at add-to-cart and again
 * at checkout. All amounts are integer bani.
 *
 * - Physical course: the chosen period's base price (the option without accreditation and
 *   without advance) + the accreditation surcharge when accreditation is chosen; with the advance
 *   option the amount due now is the fixed advance replacing the total; the rest is paid at the
 *   course. The surcharge and the advance are admin settings (`PriceSettings`, stored in
 *   course_settings; docs/product.md §9's 650 RON and 500 RON are the defaults). A course's accreditation
 *   and advance entries only say that it offers them: their own amounts are not used.
 * - Online course: the chosen option's amount (access days or unlimited, diploma flag).
 * - Product: its price. "Gratis" is 0.
 */

/** docs/product.md §9's defaults of the settings below. */
export const ACCREDITATION_SURCHARGE_BANI = 65_000;
export const ADVANCE_PAYMENT_BANI = 50_000;

/** The admin's course price settings. */
export interface PriceSettings {
  accreditationSurchargeBani: number;
  advancePaymentBani: number;
}

export const DEFAULT_PRICE_SETTINGS: PriceSettings = {
  accreditationSurchargeBani: ACCREDITATION_SURCHARGE_BANI,
  advancePaymentBani: ADVANCE_PAYMENT_BANI,
};

export interface PriceOptionLike {
  id: number;
  days: number | null;
  amountBani: number;
  accreditation: boolean;
  advancePayment: boolean;
}

export interface LinePrice {
  /** What is paid now. */
  dueNowBani: number;
  /** The full price of the line (dueNow + balance paid at the course). */
  fullBani: number;
  /** Only the advance is paid now (" (doar avans)"). */
  advanceOnly: boolean;
}

const isBase = (o: PriceOptionLike) => !o.accreditation && !o.advancePayment;

/** Physical periods: distinct `days` among base options, shortest first, each with its base option. */
export function physicalPeriods<T extends PriceOptionLike>(options: readonly T[]): T[] {
  const byDays = new Map<string, T>();
  for (const option of options) {
    if (!isBase(option)) continue;
    const key = String(option.days);
    const current = byDays.get(key);
    // Two base options for one period: the first (lowest position) wins, consistently.
    if (!current) byDays.set(key, option);
  }
  return [...byDays.values()].sort((a, b) => (a.days ?? Infinity) - (b.days ?? Infinity));
}

/**
 * The course offers the accreditation (diploma) choice with at least one of its periods: an
 * accreditation entry names its period by `days` (the rule per period is course-quote.ts
 * `accreditationAllowed`; docs/product.md §9, issue 30 item 12).
 */
export const offersAccreditation = (options: readonly PriceOptionLike[]) =>
  physicalPeriods(options).some((p) => options.some((o) => o.accreditation && o.days === p.days));

/** The course offers paying only the fixed advance now. */
export const offersAdvance = (options: readonly PriceOptionLike[]) => options.some((o) => o.advancePayment);

export function physicalLinePrice(baseBani: number, choice: { accreditation: boolean; advancePayment: boolean }, settings: PriceSettings = DEFAULT_PRICE_SETTINGS): LinePrice {
  const fullBani = baseBani + (choice.accreditation ? settings.accreditationSurchargeBani : 0);
  if (choice.advancePayment && fullBani > settings.advancePaymentBani) {
    return { dueNowBani: settings.advancePaymentBani, fullBani, advanceOnly: true };
  }
  // An advance larger than the price itself makes no sense: the whole (small) price is due.
  return { dueNowBani: fullBani, fullBani, advanceOnly: false };
}

export function simpleLinePrice(amountBani: number): LinePrice {
  return { dueNowBani: amountBani, fullBani: amountBani, advanceOnly: false };
}

/** Options an online course offers (every option is a choice), in the order the admin entered them. */
export function onlineOptions<T extends PriceOptionLike>(options: readonly T[]): T[] {
  return [...options];
}

/** Physical base options (periods), not the entries that only say accreditation or an advance is offered. */
export const isPhysicalBase = isBase;

/** The "de la" price of a course card: the lowest price a student can choose. Null: no price. */
export function fromPrice(kind: "physical" | "online", options: readonly PriceOptionLike[]): number | null {
  const candidates = kind === "physical" ? physicalPeriods(options) : onlineOptions(options);
  if (candidates.length === 0) return null;
  return Math.min(...candidates.map((o) => o.amountBani));
}

export type Category = "physical" | "online" | "product";

export interface PricedLine extends LinePrice {
  category: Category;
}

export interface CartTotals {
  byCategory: Record<Category, number>;
  dueNowBani: number;
  fullBani: number;
  /** Paid at the course (advance-only lines). */
  balanceBani: number;
  /** Delivery fee of the products (included in dueNowBani and fullBani). */
  shippingBani: number;
}

export function cartTotals(lines: readonly PricedLine[], shippingBani = 0): CartTotals {
  const byCategory: Record<Category, number> = { physical: 0, online: 0, product: 0 };
  let dueNowBani = shippingBani;
  let fullBani = shippingBani;
  for (const line of lines) {
    byCategory[line.category] += line.dueNowBani;
    dueNowBani += line.dueNowBani;
    fullBani += line.fullBani;
  }
  return { byCategory, dueNowBani, fullBani, balanceBani: fullBani - dueNowBani, shippingBani };
}

/** Romanian count with its noun: 1 zi, 5 zile, 20 de zile, 101 zile, 120 de zile. */
export function pluralRo(count: number, one: string, few: string): string {
  if (count === 1) return `1 ${one}`;
  const rest = count % 100;
  return rest === 0 || rest >= 20 ? `${count} de ${few}` : `${count} ${few}`;
}

/** Access period: "nelimitat" or "90 de zile". */
export function formatAccess(days: number | null): string {
  return days === null ? "nelimitat" : pluralRo(days, "zi", "zile");
}
