/**
 * The form schemas the browser validates with, loaded on demand by `useZodForm`
 * (`schema: () => import("~/lib/validation/browser").then((m) => m.accountSchema)`): zod and
 * these schemas are fetched at a form's first touch, not with the page.
 *
 * Why one module that only re-exports: esbuild keeps a module that is the target of a dynamic
 * `import()` in every bundle that also imports it statically (an entry point counts as having
 * side effects), and routes import the schema modules statically for their actions. Importing
 * this module dynamically, and only dynamically, leaves the schema modules out of the pages.
 */
export { accountSchema, billingSchema, forgotPasswordSchema, loginSchema, passwordChangeSchema, registerSchema, resetPasswordSchema } from "./account";
export { deleteAccountSchema } from "./account-data";
export { productFormSchema } from "./admin-product";
export { courseFormSchema } from "./admin-course";
export { courseSettingsSchema } from "./course-settings";
export { checkoutSchema } from "./checkout";
export { deliveryFormSchema } from "./delivery";
export { invoiceSettingsSchema } from "./invoice-settings";
export { termsFormSchema } from "./terms";
