/**
 * The form schemas (and the helpers of their modules) as route actions and loaders import them.
 *
 * Hydrated pages load zod only when a form is first touched (`useZodForm`, through
 * `lib/validation/browser.ts`). A route module that imported a schema module directly would put
 * it, and zod, back into its first load even when only the action uses it: with code splitting,
 * esbuild keeps a static import of a module that is live in another chunk (here the dynamic
 * one), used or not. A `.server` module is replaced by an empty one in the browser bundle, so
 * importing from here keeps the routes' imports out of the page.
 */
import type { z } from "zod";
import type { DeliveryKind } from "~/lib/delivery";
import { formConstraint } from "~/lib/form-input";
import { courseFormSchema, type AdminCourseKind } from "~/lib/validation/admin-course";
import { checkoutSchema } from "~/lib/validation/checkout";
import { deliveryFormSchema } from "~/lib/validation/delivery";

export { accountSchema, billingSchema, CHANGE_MESSAGES, marketingPreferenceSchema, passwordChangeSchema } from "~/lib/validation/account";
export { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "~/lib/validation/account";
export { deliveryMethodSchema, METHOD_MESSAGES, toDeliveryMethodInput } from "~/lib/validation/delivery";
export { invoiceSettingsSchema } from "~/lib/validation/invoice-settings";
export { deleteAccountSchema } from "~/lib/validation/account-data";
export { BUYER_MESSAGES, buyerDetailsOf } from "~/lib/validation/buyer";
export { hasPostalInput, postalDefaults, postalOf } from "~/lib/validation/postal-address";
export { COURSE_SETTINGS_MESSAGES, courseSettingsSchema, priceSettingsToForm, toPriceSettings } from "~/lib/validation/course-settings";
export { cartAddressSchema, CHECKOUT_MESSAGES, checkoutSchema, type CheckoutInput } from "~/lib/validation/checkout";

// ─── The HTML attributes of forms whose schema depends on the request ───────────────────────
// Building a zod schema costs more than the rest of a loader; these depend on one small value,
// so each variant is built once per process.

const variants = new Map<string, ReturnType<typeof formConstraint>>();
function once(key: string, build: () => z.ZodType) {
  let constraint = variants.get(key);
  if (!constraint) {
    constraint = formConstraint(build());
    variants.set(key, constraint);
  }
  return constraint;
}

export const checkoutConstraint = (requireDigitalConsent: boolean, requireEarlyStart = false) =>
  once(`checkout:${requireDigitalConsent}:${requireEarlyStart}`, () => checkoutSchema({ requireDigitalConsent, requireEarlyStart }));

/** Keyed by the delivery methods' kinds (a handful of ids; an admin edit makes a new key). */
export const deliveryConstraint = (kinds: Record<number, DeliveryKind>) =>
  once(`delivery:${JSON.stringify(kinds)}`, () => deliveryFormSchema(kinds));

export const courseConstraint = (kind: AdminCourseKind) => once(`course:${kind}`, () => courseFormSchema(kind));
