/**
 * POST /api/checkout {…, paymentMethod: "card"} → {formUrl, env_key, data, fields, order}: post
 * `fields` (env_key, data, and cipher/iv) as a form to formUrl (Netopia, or the simulator).
 * A bank-transfer or free cart answers like /purchase/send.
 */
import { apiRoute } from "~/routes/+shared/api/http.server";
import { apiCheckout } from "~/routes/+shared/api/checkout.server";

export const { loader, action } = apiRoute({ POST: ({ request }) => apiCheckout(request) });
