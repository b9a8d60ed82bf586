/**
 * POST /api/purchase/send and POST /api/checkout: the cart page's checkout (models/order.placeOrder,
 * one transaction, keyed by the cart version) with docs/product.md §7's body. The checkout form's schema
 * parses the boxes; the posted items and total are compared with the cart (refused when they
 * differ); a posted address is saved first as the cart page's address form does.
 */
import { checkoutBody } from "~/lib/api/schemas";
import { addressSchema, CHECKOUT_MESSAGES } from "~/lib/validation/checkout";
import { postedCartProblem } from "~/models/api-checkout.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { updateBillingAddressLine } from "~/models/user.server";
import { apiError, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { orderView } from "~/routes/+shared/api/views.server";
import { isCardPaymentAvailable, startCardPayment } from "~/services/payments/provider.server";

export async function apiCheckout(request: Request): Promise<Response> {
  const user = await apiUser(request);
  const body = await readJson(request, checkoutBody);
  if (body.address !== undefined && body.address !== user.address.trim()) {
    const parsed = addressSchema.safeParse({ address: body.address });
    if (!parsed.success) return apiError(400, CHECKOUT_MESSAGES.address, { errors: { address: [CHECKOUT_MESSAGES.address] } });
    await updateBillingAddressLine(user.id, parsed.data.address);
  }
  const cart = await getCart(user.id);
  if (cart.lines.length > 0) {
    const problem = postedCartProblem(cart, body);
    if (problem) return apiError(409, problem);
  }
  const placed = await placeOrder(
    user.id,
    {
      paymentMethod: body.paymentMethod,
      acceptTerms: body.acceptTerms,
      digitalConsent: body.digitalConsent,
      withdrawalWaiver: body.withdrawalWaiver,
      earlyStart: body.earlyStart,
      cartVersion: body.cartVersion ?? cart.version,
    },
    { cardAvailable: isCardPaymentAvailable() },
  );
  if (!placed.ok) {
    const status = placed.message === CHECKOUT_MESSAGES.staleCart || placed.message === CHECKOUT_MESSAGES.alreadyEnrolled ? 409 : 400;
    return apiError(status, placed.message, placed.field !== "cart" ? { errors: { [placed.field]: [placed.message] } } : {});
  }
  const { order, created } = placed;
  const status = created ? 201 : 200;
  if (order.paymentMethod === "card") {
    if (order.status !== "awaiting_payment") {
      return apiError(409, "Comanda a fost deja procesată.", { order: orderView(order) });
    }
    const start = startCardPayment(order);
    if (start.kind === "redirect") return jsonResponse({ formUrl: start.url, env_key: "", data: "", fields: {}, order: orderView(order) }, { status });
    return jsonResponse(
      { formUrl: start.formUrl, env_key: start.fields.env_key ?? "", data: start.fields.data ?? "", fields: start.fields, order: orderView(order) },
      { status },
    );
  }
  const msg = order.paymentMethod === "free" ? CHECKOUT_MESSAGES.freeSuccess : CHECKOUT_MESSAGES.bankSuccess;
  return jsonResponse({ msg, order: orderView(order) }, { status });
}
