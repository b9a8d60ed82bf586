/**
 * POST /api/purchase/send {data, totalPrice, address, paymentMethod, acceptTerms, …} → 201
 * {msg, order}: docs/product.md §4's bank-transfer order (or a free one), exactly the order the cart page
 * places. With `cartVersion` a replay answers 200 with the same order.
 */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { apiCheckout } from "~/routes/+shared/api/checkout.server";

export const { loader, action } = apiRoute({ POST: ({ request }) => apiCheckout(request) });
