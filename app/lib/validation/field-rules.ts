/**
 * The Romanian messages and rules of docs/product.md §5 that the form fields use, without zod: components
 * import these (a module that imports zod would put it in the page's first load, see
 * `useZodForm`); the zod field schemas are in `fields.ts`, which re-exports all of this.
 */

export { INVALID_FORM_MESSAGE } from "./invalid-form";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_MESSAGES = {
  required: "Emailul este obligatoriu",
  invalid: "Emailul trebuie să fie valid",
  taken: "Email deja folosită",
} as const;

export const PASSWORD_RULES = [
  { id: "length", test: (value: string) => value.length >= 8, message: "Parola trebuie să conțină cel puțin 8 caractere" },
  { id: "lower", test: (value: string) => /\p{Ll}/u.test(value), message: "Parola trebuie să conțină cel puțin o literă mică" },
  { id: "upper", test: (value: string) => /\p{Lu}/u.test(value), message: "Parola trebuie să conțină cel puțin o literă mare" },
  { id: "digit", test: (value: string) => /\p{Nd}/u.test(value), message: "Parola trebuie să conțină cel puțin un număr" },
  {
    id: "special",
    // Anything that is not a letter, a digit or white space: !, -, _, @, €, …
    test: (value: string) => /[^\p{L}\p{N}\s]/u.test(value),
    message: "Parola trebuie să conțină cel puțin un caracter special",
  },
] as const;

export const PASSWORD_MESSAGES = {
  required: "Parola este obligatorie",
  tooLong: "Parola poate avea cel mult 128 de caractere",
  confirmRequired: "Confirmați parola",
  mismatch: "Parolele nu corespund.",
} as const;

export const PASSWORD_MAX = 128;

export const NAME_MESSAGES = {
  required: "Numele este obligatoriu",
  tooShort: "Numele trebuie să aibă cel puțin 2 caractere",
  tooLong: "Numele poate avea cel mult 100 de caractere",
} as const;

export const PHONE_MESSAGE = "Numărul de telefon nu este valid";

export const ADDRESS_MESSAGES = {
  required: "Adresa trebuie completată.",
  tooLong: "Adresa poate avea cel mult 500 de caractere",
} as const;
