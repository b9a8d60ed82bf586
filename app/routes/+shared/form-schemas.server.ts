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
export { accountSchema, billingSchema, CHANGE_MESSAGES, passwordChangeSchema } from "~/lib/validation/account";
export { buyerDetailsOf } from "~/lib/validation/buyer";
export { addressSchema, CHECKOUT_MESSAGES, checkoutSchema, type CheckoutInput } from "~/lib/validation/checkout";
