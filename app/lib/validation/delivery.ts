/**
 * Delivery forms (issue 16): the cart's delivery choice and the admin's delivery method. One
 * schema each, used by the browser (conform) and the action. What a method requires depends on
 * its kind, so the cart schema is built from the active methods' kinds.
 */
import { z } from "zod";
import { isRomanianCounty, normalizePostalCode, type DeliveryKind } from "../delivery";
import { parseMoney } from "../money";
import { PHONE_MESSAGE } from "./fields";

export const DELIVERY_MESSAGES = {
  method: "Alege metoda de livrare.",
  methodUnavailable: "Metoda de livrare aleasă nu mai este disponibilă. Alege alta.",
  name: "Completează numele destinatarului.",
  phone: "Completează un număr de telefon valid pentru curier.",
  street: "Completează strada și numărul.",
  city: "Completează localitatea.",
  county: "Alege județul din listă.",
  postalCode: "Codul poștal trebuie să aibă 6 cifre.",
  locker: "Completează numele sau adresa easybox-ului / locker-ului.",
  billingMissing: "Completează întâi adresa de facturare sau scrie adresa de livrare.",
  missing: "Alege metoda de livrare și salvează-o înainte de a finaliza comanda.",
  saved: "Livrarea a fost salvată.",
} as const;

const text = (max: number) => z.string().trim().max(max, `Cel mult ${max} de caractere.`).optional().default("");

const phoneOk = (value: string) => {
  if (value.length > 30 || !/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 9 && digits <= 15;
};

/** The cart's delivery form; `kinds` maps each active method id to its kind. */
export function deliveryFormSchema(kinds: Record<number, DeliveryKind>) {
  return z
    .object({
      deliveryMethodId: z.coerce.number({ error: DELIVERY_MESSAGES.method }).int(DELIVERY_MESSAGES.method),
      sameAsBilling: z.boolean().optional().default(false),
      recipientName: text(100),
      recipientPhone: text(30),
      street: text(200),
      city: text(100),
      county: text(40),
      postalCode: text(12),
      locker: text(300),
    })
    .superRefine((value, ctx) => {
      const kind = kinds[value.deliveryMethodId];
      if (!kind) {
        ctx.addIssue({ code: "custom", path: ["deliveryMethodId"], message: DELIVERY_MESSAGES.methodUnavailable });
        return;
      }
      const need = (ok: boolean, path: string, message: string) => {
        if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
      };
      if (kind === "courier") {
        if (!value.sameAsBilling) {
          need(value.recipientName.length >= 2, "recipientName", DELIVERY_MESSAGES.name);
          need(phoneOk(value.recipientPhone), "recipientPhone", DELIVERY_MESSAGES.phone);
          need(value.street.length >= 3, "street", DELIVERY_MESSAGES.street);
        }
        need(value.city.length >= 2, "city", DELIVERY_MESSAGES.city);
        need(isRomanianCounty(value.county), "county", DELIVERY_MESSAGES.county);
        need(normalizePostalCode(value.postalCode) !== null, "postalCode", DELIVERY_MESSAGES.postalCode);
      } else if (kind === "locker") {
        need(value.locker.length >= 3, "locker", DELIVERY_MESSAGES.locker);
        need(value.recipientPhone === "" || phoneOk(value.recipientPhone), "recipientPhone", PHONE_MESSAGE);
      }
    });
}

export type DeliveryFormValue = z.output<ReturnType<typeof deliveryFormSchema>>;

// ─── Admin: one delivery method ──────────────────────────────────────────────────────────────

export const METHOD_MESSAGES = {
  name: "Numele metodei este obligatoriu.",
  kind: "Alege tipul metodei.",
  days: "Numărul de zile trebuie să fie între 0 și 60.",
  created: "Metoda de livrare a fost adăugată.",
  updated: "Metoda de livrare a fost salvată.",
  notFound: "Metoda de livrare nu există.",
} as const;

const money = (optional: boolean) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (optional && !value?.trim()) return;
      const parsed = parseMoney(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    });

export const deliveryMethodSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: METHOD_MESSAGES.name }).trim().min(1, METHOD_MESSAGES.name).max(100),
  kind: z.enum(["pickup", "courier", "locker"], { error: METHOD_MESSAGES.kind }),
  description: z.string().trim().max(500).optional().default(""),
  fee: money(false),
  freeAbove: money(true),
  estimatedDays: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{1,2}$/.test(v) && Number(v) <= 60), METHOD_MESSAGES.days),
  isActive: z.enum(["da", "nu"]).optional().default("nu"),
});

export type DeliveryMethodForm = z.output<typeof deliveryMethodSchema>;

export interface DeliveryMethodInput {
  name: string;
  kind: DeliveryKind;
  description: string;
  feeBani: number;
  freeAboveBani: number | null;
  estimatedDays: number | null;
  isActive: boolean;
}

export function toDeliveryMethodInput(form: DeliveryMethodForm): DeliveryMethodInput {
  const fee = parseMoney(form.fee);
  const freeAbove = form.freeAbove?.trim() ? parseMoney(form.freeAbove) : null;
  return {
    name: form.name,
    kind: form.kind,
    description: form.description,
    feeBani: form.kind === "pickup" || !fee.ok ? 0 : fee.bani,
    freeAboveBani: freeAbove && freeAbove.ok ? freeAbove.bani : null,
    estimatedDays: form.estimatedDays ? Number(form.estimatedDays) : null,
    isActive: form.isActive === "da",
  };
}

// ─── Admin: marking an order shipped ─────────────────────────────────────────────────────────

export const SHIP_MESSAGES = {
  courier: "Completează numele curierului.",
  awb: "Numărul AWB are între 4 și 40 de litere și cifre.",
  trackingUrl: "Linkul de urmărire trebuie să înceapă cu https://.",
} as const;

export const shipSchema = z.object({
  courierName: z.string({ error: SHIP_MESSAGES.courier }).trim().min(2, SHIP_MESSAGES.courier).max(60, SHIP_MESSAGES.courier),
  awb: z
    .string({ error: SHIP_MESSAGES.awb })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, SHIP_MESSAGES.awb),
  trackingUrl: z
    .string()
    .trim()
    .max(500)
    .optional()
    .refine((v) => !v || /^https:\/\/[^\s"<>]+$/.test(v), SHIP_MESSAGES.trackingUrl),
});

/** The cart's quantity form (one product line). */
export const QUANTITY_MESSAGES = {
  invalid: "Cantitatea trebuie să fie un număr între 1 și 99.",
  notEnough: (available: number) => (available === 0 ? "Stoc epuizat." : `Mai sunt doar ${available} buc. în stoc.`),
  updated: "Cantitatea a fost actualizată.",
  notFound: "Produsul nu mai este în coș.",
} as const;

export const quantitySchema = z.object({
  lineId: z.string().regex(/^[0-9a-f-]{36}$/i),
  quantity: z.coerce.number({ error: QUANTITY_MESSAGES.invalid }).int(QUANTITY_MESSAGES.invalid).min(1, QUANTITY_MESSAGES.invalid).max(99, QUANTITY_MESSAGES.invalid),
});
