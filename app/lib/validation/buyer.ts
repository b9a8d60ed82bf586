/**
 * The invoice buyer (billing section of /cont and the cart): a private person (name and address
 * from the account) or a company: name, CUI (check digit verified), Reg. Com. optional.
 */
import { z } from "zod";
import { isValidCui, normalizeCui } from "~/lib/fiscal-ids";

export const BUYER_MESSAGES = {
  companyName: "Denumirea firmei este obligatorie.",
  cuiRequired: "CUI-ul firmei este obligatoriu.",
  cuiInvalid: "CUI invalid: verificați cifrele (cifra de control nu se potrivește).",
  regCom: "Nr. Reg. Com. are forma J13/1234/2019 (sau lăsați gol).",
} as const;

export const buyerShape = {
  buyerType: z.enum(["person", "company"]).optional().default("person"),
  companyName: z.string().trim().max(200).optional(),
  companyCui: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isValidCui(v), BUYER_MESSAGES.cuiInvalid),
  companyRegCom: z
    .string()
    .trim()
    .max(40)
    .optional()
    .refine((v) => !v || /^[JFC]\s?\d{1,2}\s?\/\s?\d{1,8}\s?\/\s?\d{4}$|^J\d{4}\d{6}\d{7}$/i.test(v), BUYER_MESSAGES.regCom),
};

type BuyerInput = { buyerType?: "person" | "company"; companyName?: string; companyCui?: string };

/** A company needs its name and CUI. */
export function refineBuyer(value: BuyerInput, ctx: z.RefinementCtx) {
  if (value.buyerType !== "company") return;
  if (!value.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: BUYER_MESSAGES.companyName });
  if (!value.companyCui) ctx.addIssue({ code: "custom", path: ["companyCui"], message: BUYER_MESSAGES.cuiRequired });
}

export interface BuyerDetails {
  buyerType: "person" | "company";
  companyName: string;
  companyCui: string;
  companyRegCom: string;
}

/** What is stored: a person keeps no company fields. */
export function buyerDetailsOf(value: { buyerType?: "person" | "company"; companyName?: string; companyCui?: string; companyRegCom?: string }): BuyerDetails {
  if (value.buyerType !== "company") return { buyerType: "person", companyName: "", companyCui: "", companyRegCom: "" };
  return {
    buyerType: "company",
    companyName: value.companyName ?? "",
    companyCui: normalizeCui(value.companyCui ?? ""),
    companyRegCom: (value.companyRegCom ?? "").toUpperCase().replace(/\s+/g, ""),
  };
}
