/**
 * Account forms (docs/product.md §2, §5): login, registration, forgot and reset password, profile and
 * billing address. One schema per form, used by conform in the browser and in the action.
 */
import { z } from "zod";
import {
  addressField,
  currentPasswordField,
  emailField,
  nameField,
  newPasswordField,
  PASSWORD_MESSAGES,
  phoneField,
} from "./fields";
import { buyerShape, refineBuyer } from "./buyer";
import { postalShape, refinePostal } from "./postal-address";

export const loginSchema = z.object({
  email: emailField(),
  password: currentPasswordField(),
  redirectTo: z.string().optional(),
});

export const registerSchema = z.object({
  name: nameField(),
  email: emailField(),
  password: newPasswordField(),
  /** The marketing opt-in: unticked unless the user ticks it. */
  marketing: z.boolean().optional().default(false),
});

/** "Noutăți pe e-mail" in /cont → Datele mele: the opt-in given or withdrawn (GDPR art. 7(3)). */
export const marketingPreferenceSchema = z.object({
  marketing: z.boolean().optional().default(false),
});

export const forgotPasswordSchema = z.object({
  email: emailField(),
});

export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordField(),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
    // Also when the new password breaks a rule: both problems are shown at once.
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.newPassword === "string" && typeof value?.confirmPassword === "string";
    },
  });

/**
 * "Informații cont": only these fields can change; anything else posted is ignored. The current
 * password is required (by the action, which knows the saved address) when the e-mail changes.
 */
export const accountSchema = z.object({
  name: nameField(),
  email: emailField(),
  phone: phoneField(),
  address: addressField().optional(),
  currentPassword: currentPasswordField().optional(),
});

export const CHANGE_MESSAGES = {
  currentPasswordForEmail: "Introdu parola actuală pentru a schimba adresa de email.",
  wrongCurrentPassword: "Parola actuală nu este corectă.",
  passwordChanged: "Parola a fost schimbată. Celelalte sesiuni ale contului au fost închise.",
} as const;

/** "Schimbă parola" on /cont: the current password, then the new one twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordField(),
    newPassword: newPasswordField(),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.newPassword === "string" && typeof value?.confirmPassword === "string";
    },
  });

/** "Adresa de facturare": the billing address as fields and the invoice buyer (person or company). */
export const billingSchema = z
  .object({
    ...postalShape(true),
    ...buyerShape,
  })
  .superRefine((value, ctx) => {
    refinePostal(value, ctx);
    refineBuyer(value, ctx);
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type AccountInput = z.infer<typeof accountSchema>;
export type BillingInput = z.infer<typeof billingSchema>;
