/**
 * Reusable zod field schemas and the Romanian messages of docs/product.md §5. Shared by the browser
 * (conform validates as the user types) and the server (the action parses the same schema).
 * Empty inputs reach zod as `undefined` (conform strips empty strings), so each required field
 * names its own "required" message.
 */
import { z } from "zod";
import { ADDRESS_MESSAGES, EMAIL_MESSAGES, EMAIL_PATTERN, NAME_MESSAGES, PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_RULES, PHONE_MESSAGE } from "./field-rules";

export * from "./field-rules";

/** Shown (toast or alert) when a form with errors is submitted. */

/** A simple address pattern (docs/product.md §5): something@something.tld, no spaces. */

/** The five password rules, in the order they are shown. */

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

export function nameField() {
  return z
    .string({ error: NAME_MESSAGES.required })
    .trim()
    .min(2, NAME_MESSAGES.tooShort)
    .max(100, NAME_MESSAGES.tooLong);
}

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

export function addressField() {
  return z.string({ error: ADDRESS_MESSAGES.required }).trim().max(500, ADDRESS_MESSAGES.tooLong);
}
