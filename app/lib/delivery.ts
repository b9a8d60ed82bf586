/**
 * Delivery rules (issue 16), pure and shared by the cart, the server and the tests: the list of
 * Romania's counties, the postal code rule and the shipping cost. Amounts are integer bani; the
 * server computes the fee from the method row, never from anything posted.
 */

/** Romania's 41 counties and the Municipality of Bucharest, in alphabetical order. */
export const ROMANIAN_COUNTIES = [
  "Alba",
  "Arad",
  "Argeș",
  "Bacău",
  "Bihor",
  "Bistrița-Năsăud",
  "Botoșani",
  "Brașov",
  "Brăila",
  "București",
  "Buzău",
  "Caraș-Severin",
  "Călărași",
  "Cluj",
  "Constanța",
  "Covasna",
  "Dâmbovița",
  "Dolj",
  "Galați",
  "Giurgiu",
  "Gorj",
  "Harghita",
  "Hunedoara",
  "Ialomița",
  "Iași",
  "Ilfov",
  "Maramureș",
  "Mehedinți",
  "Mureș",
  "Neamț",
  "Olt",
  "Prahova",
  "Satu Mare",
  "Sălaj",
  "Sibiu",
  "Suceava",
  "Teleorman",
  "Timiș",
  "Tulcea",
  "Vaslui",
  "Vâlcea",
  "Vrancea",
] as const;

export type RomanianCounty = (typeof ROMANIAN_COUNTIES)[number];

export function isRomanianCounty(value: string): value is RomanianCounty {
  return (ROMANIAN_COUNTIES as readonly string[]).includes(value);
}

/** Romanian postal codes have six digits (spaces around them are tolerated and removed). */
export function normalizePostalCode(value: string): string | null {
  const trimmed = value.trim();
  return /^\d{6}$/.test(trimmed) ? trimmed : null;
}

export type DeliveryKind = "pickup" | "courier" | "locker";

export interface ShippingRule {
  kind: DeliveryKind;
  feeBani: number;
  /** Free from this products subtotal upwards; null: no threshold. */
  freeAboveBani: number | null;
}

/**
 * The fee for a products subtotal: pickup is always free; otherwise the method's fee, or 0 when
 * the subtotal reaches the free-above threshold. Nothing to ship (subtotal of no products) → 0.
 */
export function shippingCost(rule: ShippingRule, productsSubtotalBani: number, hasProducts = true): number {
  if (!hasProducts) return 0;
  if (rule.kind === "pickup") return 0;
  if (rule.freeAboveBani !== null && productsSubtotalBani >= rule.freeAboveBani) return 0;
  return Math.max(0, rule.feeBani);
}

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  pickup: "Ridicare personală",
  courier: "Curier la adresă",
  locker: "Easybox / locker",
};

export type FulfilmentStatus = "to_prepare" | "shipped" | "delivered" | "picked_up";

/** The admin order page's delivery steps, posted as `intent` (expediată / livrată / ridicată). */
export const FULFILMENT_STEPS = ["ship", "deliver", "pickup"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  to_prepare: "de pregătit",
  shipped: "expediată",
  delivered: "livrată",
  picked_up: "ridicată",
};

/**
 * The delivery status as shown beside an order: an order closed before it left (refunded,
 * cancelled, failed payment) is not "de pregătit" any more but "nu se mai livrează".
 */
export function fulfilmentView(status: FulfilmentStatus, orderStatus: string): { label: string; tone: "pending" | "confirmed" | "failed"; closed: boolean } {
  if (status === "to_prepare" && CLOSED_ORDER_STATUSES.includes(orderStatus)) return { label: "nu se mai livrează", tone: "failed", closed: true };
  return { label: FULFILMENT_LABELS[status], tone: FULFILMENT_TONE[status], closed: false };
}

const CLOSED_ORDER_STATUSES: readonly string[] = ["refunded", "cancelled", "failed"];

export const FULFILMENT_TONE: Record<FulfilmentStatus, "pending" | "confirmed"> = {
  to_prepare: "pending",
  shipped: "pending",
  delivered: "confirmed",
  picked_up: "confirmed",
};

/** "2 zile lucrătoare" / "1 zi lucrătoare"; null → "". */
export function formatEstimatedDays(days: number | null): string {
  if (days === null) return "";
  if (days === 0) return "în aceeași zi";
  return days === 1 ? "1 zi lucrătoare" : `${days} zile lucrătoare`;
}

/** One-line address for e-mails and lists. */
export function formatDeliveryAddress(a: { name: string; phone: string; street: string; city: string; county: string; postalCode: string }): string {
  return [a.name, a.phone, a.street, [a.city, a.county].filter(Boolean).join(", "), a.postalCode].filter((p) => p && p.trim()).join(", ");
}
