/**
 * The billing address as fields (issue 24), shared by the /cont billing form and the cart's
 * address box: street line, locality, county (ISO 3166-2:RO code from the fixed list), Bucharest
 * sector (required there: the e-Factura city is SECTOR1 … SECTOR6), optional six-digit postal code.
 */
import { z } from "zod";
import { BUCHAREST, type PostalAddress } from "../address";
import { RO_COUNTIES } from "../fiscal-ids";

export const POSTAL_MESSAGES = {
  street: "Completează strada și numărul.",
  streetTooLong: "Adresa este prea lungă (cel mult 200 de caractere).",
  city: "Completează localitatea.",
  county: "Alege județul din listă.",
  sector: "Alege sectorul: în București factura cere sectorul.",
  postalCode: "Codul poștal are 6 cifre (sau lasă-l gol).",
} as const;

export { COUNTY_CHOICES, SECTOR_CHOICES } from "../address";

/** The fields; `required` marks street and county required for the browser (the box in the cart is optional). */
export function postalShape(required: boolean) {
  const street = z.string({ error: POSTAL_MESSAGES.street }).trim().max(200, POSTAL_MESSAGES.streetTooLong);
  const county = z.string({ error: POSTAL_MESSAGES.county }).refine((v) => v in RO_COUNTIES, POSTAL_MESSAGES.county);
  return {
    street: required ? street.min(1, POSTAL_MESSAGES.street) : street.optional(),
    city: z.string().trim().max(100, "Cel mult 100 de caractere.").optional(),
    county: required ? county : county.optional(),
    sector: z.enum(["1", "2", "3", "4", "5", "6"], { error: POSTAL_MESSAGES.sector }).optional(),
    postalCode: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^\d{6}$/.test(v.replace(/\s+/g, "")), POSTAL_MESSAGES.postalCode),
  };
}

export interface PostalInput {
  street?: string;
  city?: string;
  county?: string;
  sector?: string;
  postalCode?: string;
}

/** Whether any address field was filled (the cart's box may be left alone). */
export const hasPostalInput = (v: PostalInput) => Boolean(v.street || v.city || v.county || v.sector || v.postalCode);

/** Street and county always; the locality outside Bucharest; the sector in Bucharest. */
export function refinePostal(value: PostalInput, ctx: z.RefinementCtx) {
  if (!value.street) ctx.addIssue({ code: "custom", path: ["street"], message: POSTAL_MESSAGES.street });
  if (!value.county) ctx.addIssue({ code: "custom", path: ["county"], message: POSTAL_MESSAGES.county });
  if (value.county === BUCHAREST) {
    if (!value.sector) ctx.addIssue({ code: "custom", path: ["sector"], message: POSTAL_MESSAGES.sector });
  } else if (value.county && !value.city) {
    ctx.addIssue({ code: "custom", path: ["city"], message: POSTAL_MESSAGES.city });
  }
}

/** The parsed fields as an address (București's locality is its name; a sector only there). */
export function postalOf(value: PostalInput): PostalAddress {
  const bucharest = value.county === BUCHAREST;
  return {
    street: value.street ?? "",
    city: bucharest ? "București" : (value.city ?? ""),
    county: value.county ?? "",
    postalCode: (value.postalCode ?? "").replace(/\s+/g, ""),
    sector: bucharest && value.sector ? Number(value.sector) : null,
  };
}

/** The form's default values from a saved address. */
export function postalDefaults(a: PostalAddress): Record<keyof PostalInput, string> {
  return { street: a.street, city: a.city, county: a.county, sector: a.sector ? String(a.sector) : "", postalCode: a.postalCode };
}
