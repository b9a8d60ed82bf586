/**
 * Checkout form (docs/product.md §5 Checkout, OUG 34/2014 art. 16 m). Shared by the cart page (conform)
 * and the server action. Which boxes are required depends on the cart (online course → the two
 * digital-content boxes), so the server adds those checks in the order model.
 */
import { z } from "zod";
import { hasPostalInput, postalShape, refinePostal, type PostalInput } from "./postal-address";

export { DIGITAL_CONSENT_TEXT, EARLY_START_TEXT, WITHDRAWAL_WAIVER_TEXT } from "../checkout-texts";

export const CHECKOUT_MESSAGES = {
  address: "Adresa trebuie completată.",
  terms: "Trebuie să accepți Termenii și condițiile și Politica de înscriere.",
  digitalConsent: "Trebuie să îți exprimi acordul pentru începerea accesului la conținutul digital.",
  withdrawalWaiver: "Trebuie să confirmi că ai luat la cunoștință pierderea dreptului de retragere.",
  earlyStart: "Cursul începe în termenul de retragere de 14 zile: confirmă că soliciți începerea lui înainte de expirarea termenului.",
  emptyCart: "Coșul tău este gol.",
  staleCart: "Coșul s-a modificat între timp. Verifică produsele și finalizează din nou comanda.",
  lineProblems: "Unele produse din coș nu mai sunt disponibile. Elimină-le și încearcă din nou.",
  alreadyEnrolled: "Ești deja înscris(ă) la unul dintre cursurile din coș.",
  cardUnavailable: "Plata cu cardul nu este disponibilă momentan. Alege transferul bancar.",
  failed: "Comanda nu a putut fi finalizată. Încearcă din nou.",
  bankSuccess: "Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.",
  freeSuccess: "Te-ai înscris cu succes! Cursul este disponibil în contul tău.",
} as const;

/** A checkbox that must be ticked (conform turns "on" into true; unticked is absent). */
const requiredBox = (message: string) => z.boolean({ error: message }).refine((v) => v, message);
const optionalBox = z.boolean().optional().default(false);

/**
 * The checkout form. The two digital-content boxes are required only when the cart holds an
 * online course (`requireDigitalConsent`); the early-start request only when it holds an
 * in-person course starting within the withdrawal period (`requireEarlyStart`).
 */
export function checkoutSchema(options: { requireDigitalConsent: boolean; requireEarlyStart?: boolean }) {
  return checkoutAnswersSchema(options)
    .extend({
      /** The billing address typed in the cart's address box (saved with the order, issue 20), as fields (issue 24). */
      ...postalShape(false),
    })
    .superRefine((value, ctx) => {
      if (hasPostalInput(value)) refinePostal(value, ctx);
    });
}

/** The checkout's boxes without the address (the JSON API adds its own one-line `address`). */
export function checkoutAnswersSchema(options: { requireDigitalConsent: boolean; requireEarlyStart?: boolean }) {
  return z.object({
    paymentMethod: z.enum(["bank_transfer", "card"]).optional().default("bank_transfer"),
    acceptTerms: requiredBox(CHECKOUT_MESSAGES.terms),
    digitalConsent: options.requireDigitalConsent ? requiredBox(CHECKOUT_MESSAGES.digitalConsent) : optionalBox,
    withdrawalWaiver: options.requireDigitalConsent ? requiredBox(CHECKOUT_MESSAGES.withdrawalWaiver) : optionalBox,
    earlyStart: options.requireEarlyStart ? requiredBox(CHECKOUT_MESSAGES.earlyStart) : optionalBox,
    /** The cart version the buyer saw: a stale or replayed form is detected. */
    cartVersion: z.string().min(10).max(100),
  });
}

interface CheckoutAnswers {
  paymentMethod: "bank_transfer" | "card";
  acceptTerms: boolean;
  digitalConsent: boolean;
  withdrawalWaiver: boolean;
  /** The express request that an in-person course start within the withdrawal period. */
  earlyStart?: boolean;
  cartVersion: string;
}

/** The address fields typed but not saved with "Salvează": used and saved by the checkout. */
export type CheckoutInput = CheckoutAnswers & PostalInput;

/** The cart's "Salvează" of the address box: the fields, complete. */
export const cartAddressSchema = z.object(postalShape(true)).superRefine(refinePostal);

/** The JSON API's one-line `address` (docs/product.md §7): unchanged wire shape. */
export const addressSchema = z.object({
  address: z
    .string({ error: CHECKOUT_MESSAGES.address })
    .trim()
    .min(1, CHECKOUT_MESSAGES.address)
    .max(500, "Adresa este prea lungă (cel mult 500 de caractere)."),
});
