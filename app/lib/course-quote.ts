/**
 * What the detail pages show for a choice of price options (the live total, the radio labels).
 * Built on the rules of ./pricing, which the server uses again at add-to-cart and checkout.
 */
import { formatMoney } from "./money";
import { DEFAULT_PRICE_SETTINGS, type LinePrice, physicalLinePrice, physicalPeriods, type PriceOptionLike, type PriceSettings, pluralRo } from "./pricing";

/**
 * Accreditation may be chosen with a period only when an accreditation entry names that period
 * (its `days`, as the original catalogue's entries did: "5 zile cu acreditare"). A course's other
 * periods (a "1 zi" taster, say) are sold without it (docs/product.md §9, issue 30 item 12). The
 * page and the server (cart.server.ts) ask this one function. It lives here, not in ./pricing:
 * importing it from pricing into the course pages regrouped the build's chunks and put the
 * course editor's chunk into the cart's and account's first load (12 KB over the budget).
 */
export function accreditationAllowed(options: readonly PriceOptionLike[], days: number | null): boolean {
  return options.some((o) => o.accreditation && o.days === days);
}

export interface PhysicalChoice {
  priceOptionId: number | null;
  accreditation: boolean;
  advancePayment: boolean;
  /** The chosen in-person session (courses with dated sessions). */
  sessionId?: number | null;
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
    accreditation: choice.accreditation && accreditationAllowed(options, period.days),
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

/**
 * A guest's choice carried through the login (issue 20, item 5): the add-to-cart form's fields
 * as the course page's query ("?priceOptionId=12&accreditation=on"), so that the page opens
 * with the same choice after the login. Only what was chosen is written; "" when nothing was.
 */
export function choiceQuery(choice: { priceOptionId: number | null; accreditation: boolean; advancePayment: boolean; sessionId?: number | null }): string {
  const query = new URLSearchParams();
  if (choice.priceOptionId !== null) query.set("priceOptionId", String(choice.priceOptionId));
  if (choice.sessionId) query.set("sessionId", String(choice.sessionId));
  if (choice.accreditation) query.set("accreditation", "on");
  if (choice.advancePayment) query.set("advancePayment", "on");
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The choice a course page's query asks for, kept only where the page offers it: a price option
 * among `choiceIds`, the accreditation and the advance only when the course has them, a session
 * among `sessions` (each with the price option of its period: a session alone, as in the
 * waitlist offer's link `?sessionId=…`, chooses its period too). Null when the query asks for
 * nothing the page offers.
 */
export function choiceFromQuery(
  query: URLSearchParams,
  offer: {
    choiceIds: readonly number[];
    accreditation: boolean;
    advancePayment: boolean;
    sessions?: ReadonlyArray<{ id: number; priceOptionId: number | null }>;
  },
): PhysicalChoice | null {
  const raw = query.get("priceOptionId");
  const id = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const rawSession = query.get("sessionId");
  const session = rawSession !== null && /^\d{1,9}$/.test(rawSession) ? offer.sessions?.find((s) => s.id === Number(rawSession)) : undefined;
  const priceOptionId = id !== null && offer.choiceIds.includes(id) ? id : (session?.priceOptionId ?? null);
  const choice: PhysicalChoice = {
    priceOptionId,
    ...(session ? { sessionId: session.id } : {}),
    accreditation: offer.accreditation && query.get("accreditation") === "on",
    advancePayment: offer.advancePayment && query.get("advancePayment") === "on",
  };
  return choice.priceOptionId !== null || session || choice.accreditation || choice.advancePayment ? choice : null;
}
