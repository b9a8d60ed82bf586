/**
 * Reusable zod field schemas and the Romanian messages of SPEC §5. Shared by the browser
 * (conform validates as the user types) and the server (the action parses the same schema).
 * Empty inputs reach zod as `undefined` (conform strips empty strings), so each required field
 * names its own "required" message.
 */
import { z } from "zod";

/** Shown (toast or alert) when a form with errors is submitted. */
export const INVALID_FORM_MESSAGE = "Vă rugăm să corectați erorile înainte de a trimite formularul.";

/** A simple address pattern (SPEC §5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_MESSAGES = {
  required: "Emailul este obligatoriu",
  invalid: "Emailul trebuie să fie valid",
  taken: "Email deja folosită",
} as const;

/** The five password rules, in the order they are shown. */
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

/** An e-mail address, trimmed and lower-cased. */
export function emailField() {
  return z
    .string({ error: EMAIL_MESSAGES.required })
    .trim()
    .max(254, EMAIL_MESSAGES.invalid)
    .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid)
    .toLowerCase();
}

/** A password typed to log in: any non-empty text (the rules apply to new passwords only). */
export function currentPasswordField() {
  return z.string({ error: PASSWORD_MESSAGES.required }).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);
}

/** A new password: every rule that fails is reported, each with its own sentence. */
export function newPasswordField() {
  let schema = z.string({ error: PASSWORD_MESSAGES.required }).max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);
  for (const rule of PASSWORD_RULES) schema = schema.refine(rule.test, rule.message);
  return schema;
}

export const NAME_MESSAGES = {
  required: "Numele este obligatoriu",
  tooShort: "Numele trebuie să aibă cel puțin 2 caractere",
  tooLong: "Numele poate avea cel mult 100 de caractere",
} as const;

export function nameField() {
  return z
    .string({ error: NAME_MESSAGES.required })
    .trim()
    .min(2, NAME_MESSAGES.tooShort)
    .max(100, NAME_MESSAGES.tooLong);
}

export const PHONE_MESSAGE = "Numărul de telefon nu este valid";
/** Optional phone: digits with spaces, dots, dashes, parentheses and a leading +; 9–15 digits. */
export function phoneField() {
  return z
    .string()
    .trim()
    .refine((value) => {
      if (value.length > 30 || !/^\+?[0-9 ().-]+$/.test(value)) return false;
      const digits = value.replace(/\D/g, "").length;
      return digits >= 9 && digits <= 15;
    }, PHONE_MESSAGE)
    .optional();
}

export const ADDRESS_MESSAGES = {
  required: "Adresa trebuie completată.",
  tooLong: "Adresa poate avea cel mult 500 de caractere",
} as const;

export function addressField() {
  return z.string({ error: ADDRESS_MESSAGES.required }).trim().max(500, ADDRESS_MESSAGES.tooLong);
}
