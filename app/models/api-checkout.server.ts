/**
 * docs/product.md §4's bank-transfer flow as the JSON calls express it (POST /enroll per item, POST
 * /purchase/send, DELETE /cart/clear) on the one checkout the cart page uses: `placeOrder`
 * creates the order, its lines and enrolments in one transaction, keyed by the cart version.
 * What a client posts (items, selected prices, total) is only compared with the server's own
 * cart; a difference is refused, never used.
 */
import { parseMoney } from "~/lib/money";
import { normalizeDays, type SelectedPrice } from "~/lib/price-choice";
import { CHECKOUT_MESSAGES } from "~/lib/validation/checkout";
import { getCart, type CartLineView, type CartView } from "~/models/cart-view.server";
import { listEnrollmentsForUser, type AccountEnrollment } from "~/models/enrollment.server";

export const API_CHECKOUT_MESSAGES = {
  priceMismatch: "Prețul trimis nu corespunde prețului cursului. Reîncarcă pagina și încearcă din nou.",
  notInCart: "Cursul nu este în coș.",
  enrollReady: "Cursul din coș va fi înscris la trimiterea comenzii.",
  cleared: "Coșul a fost golit.",
} as const;

const baniOf = (value: string | number | undefined): number | null => {
  if (value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 100) : NaN;
  const money = parseMoney(value);
  return money.ok ? money.bani : NaN;
};

/** The posted price matches this cart line: days, flags, and the value (full or due now). */
export function lineMatches(line: CartLineView, selected: SelectedPrice): boolean {
  if (line.category === "product") return true;
  const days = normalizeDays(selected.days);
  const accreditation = line.category === "online" ? line.diploma : line.accreditation;
  if (selected.days !== undefined && days !== line.days) return false;
  if (Boolean(selected.accreditation) !== accreditation) return false;
  if (line.category === "physical" && Boolean(selected.advancePayment) !== line.advancePayment) return false;
  const bani = baniOf(selected.value);
  return bani === line.fullBani || bani === line.dueNowBani;
}

export type EnrollCheck =
  | { ok: true; state: "in-cart"; line: CartLineView }
  | { ok: true; state: "enrolled"; enrollment: AccountEnrollment }
  | { ok: false; status: 404 | 409; message: string };

/**
 * POST /enroll: the item must be in the user's cart with exactly this price (then the order
 * enrols it), or already enrolled (a replay after the order): nothing is written here.
 */
export async function checkEnrollItem(userId: string, courseId: number, selected: SelectedPrice): Promise<EnrollCheck> {
  const cart = await getCart(userId);
  const line = cart.lines.find((l) => l.category !== "product" && l.courseId === courseId);
  if (line) {
    if (!lineMatches(line, selected)) return { ok: false, status: 409, message: API_CHECKOUT_MESSAGES.priceMismatch };
    return { ok: true, state: "in-cart", line };
  }
  const enrollment = (await listEnrollmentsForUser(userId)).find((e) => e.courseId === courseId && e.paymentStatus !== "failed" && e.paymentStatus !== "refunded");
  if (enrollment) return { ok: true, state: "enrolled", enrollment };
  return { ok: false, status: 404, message: API_CHECKOUT_MESSAGES.notInCart };
}

/**
 * The items and total a client posted with its order, compared with the cart: the same lines
 * and, where given, the same prices. Returns the message to refuse with, or null.
 */
export function postedCartProblem(
  cart: CartView,
  posted: { data?: Array<{ _id: string; selectedPrice?: { value?: string } }>; totalPrice?: string | number },
): string | null {
  if (posted.data) {
    const ids = new Set(cart.lines.map((l) => l.id));
    if (posted.data.length !== cart.lines.length || posted.data.some((item) => !ids.has(item._id))) return CHECKOUT_MESSAGES.staleCart;
    for (const item of posted.data) {
      const line = cart.lines.find((l) => l.id === item._id)!;
      const value = item.selectedPrice?.value;
      if (value !== undefined) {
        const bani = baniOf(value);
        if (bani !== line.fullBani && bani !== line.dueNowBani) return API_CHECKOUT_MESSAGES.priceMismatch;
      }
    }
  }
  const total = baniOf(posted.totalPrice);
  if (total !== null && total !== cart.totals.dueNowBani && total !== cart.totals.fullBani) return API_CHECKOUT_MESSAGES.priceMismatch;
  return null;
}
