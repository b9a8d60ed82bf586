/**
 * A card checkout as the cart page does it: the course goes into the user's cart, the order is
 * placed with the card method, and the provider hands back the sealed form the browser posts.
 */
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { startCardPayment } from "~/services/payments/provider.server";

export async function placeCardOrder(userId: string, courseId: number, priceOptionId: number) {
  await addCourseToCart(userId, { courseId, priceOptionId });
  const cart = await getCart(userId);
  const placed = await placeOrder(
    userId,
    { paymentMethod: "card", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version },
    { cardAvailable: true },
  );
  if (!placed.ok) throw new Error(placed.message);
  const start = startCardPayment(placed.order);
  if (start.kind !== "form") throw new Error("mobilPay starts with a form");
  return { order: placed.order, form: start };
}
