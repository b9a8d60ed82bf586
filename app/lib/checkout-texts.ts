/**
 * The early-start request for an in-person course starting within the withdrawal period
 * (`lib/early-start.ts`) and the two digital-content statements of the checkout (OUG 34/2014 art. 16 m), as the cart shows
 * them and the order e-mail repeats them. Kept apart from `validation/checkout.ts` so the cart
 * page can show them without loading zod.
 */
export const DIGITAL_CONSENT_TEXT =
  "Sunt de acord ca accesul la cursurile online (conținut digital) să înceapă imediat după confirmarea plății, înainte de expirarea termenului de retragere de 14 zile.";
export const WITHDRAWAL_WAIVER_TEXT =
  "Am luat la cunoștință că, odată cu începerea accesului, îmi pierd dreptul de retragere pentru conținutul digital (art. 16 lit. m din OUG nr. 34/2014).";
export const EARLY_START_TEXT =
  "Solicit expres ca cursul fizic să înceapă înainte de expirarea termenului de retragere de 14 zile. Am luat la cunoștință că, dacă mă retrag după ce cursul a început, plătesc contravaloarea zilelor de curs deja ținute.";
