/**
 * The form-level message of a refused form (docs/architecture.md §6), alone in its module so a page that needs
 * only this (the course editor) does not load the field rules with it; `field-rules.ts`
 * re-exports it.
 */
export const INVALID_FORM_MESSAGE = "Vă rugăm să corectați erorile înainte de a trimite formularul.";
