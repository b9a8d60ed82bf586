/** /admin/setari-facturare: the issuer's fiscal data, series and VAT mode. */
import { z } from "zod";
import { isValidCui, isValidIban, parseCui, RO_COUNTIES } from "~/lib/fiscal-ids";

export const CUI_MODE_MESSAGES = {
  nonPayerWithRo: "Un neplătitor de TVA nu are cod de TVA: scrieți CUI-ul fără RO (ex. 41234564).",
  payerWithoutRo: "Un plătitor de TVA se identifică prin codul de TVA: scrieți RO în fața CUI-ului (ex. RO41234564).",
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const invoiceSettingsSchema = z
  .object({
    name: required("Denumirea firmei este obligatorie.").max(200),
    cui: required("CUI-ul este obligatoriu.").refine(isValidCui, "CUI invalid: cifra de control nu se potrivește."),
    regCom: required("Nr. Reg. Com. este obligatoriu.").max(40),
    address: required("Adresa sediului este obligatorie.").max(300),
    city: required("Localitatea este obligatorie.").max(100),
    county: z.enum(Object.keys(RO_COUNTIES) as [string, ...string[]], { error: "Alegeți județul." }),
    bank: required("Banca este obligatorie.").max(100),
    iban: required("IBAN-ul este obligatoriu.").refine(isValidIban, "IBAN invalid: verificați cifrele (control mod 97)."),
    series: required("Seria este obligatorie.").regex(/^[A-Z]{1,10}$/, "Seria are 1–10 majuscule (ex. ANA)."),
    nextNumber: z.coerce.number({ error: "Numărul următor este obligatoriu." }).int("Numărul este întreg.").min(1, "Numărul începe de la 1."),
    vatMode: z.enum(["payer", "non_payer", "exempt"], { error: "Alegeți regimul TVA." }),
    vatRate: z.coerce.number({ error: "Cota TVA este obligatorie." }).int("Cota este un număr întreg.").min(0).max(100, "Cota este între 0 și 100."),
    exemptText: z.string().trim().max(300).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.vatMode === "exempt" && !value.exemptText) {
      ctx.addIssue({ code: "custom", path: ["exemptText"], message: "Scrieți temeiul legal al scutirii (ex. art. 292 Cod fiscal)." });
    }
    // The RO prefix means "registered for VAT": it goes with the payer mode and never with the
    // non-payer one (the invoices print and report this identifier). Exempt: either.
    const cui = parseCui(value.cui);
    if (cui && value.vatMode === "non_payer" && cui.vatPrefix) ctx.addIssue({ code: "custom", path: ["cui"], message: CUI_MODE_MESSAGES.nonPayerWithRo });
    if (cui && value.vatMode === "payer" && !cui.vatPrefix) ctx.addIssue({ code: "custom", path: ["cui"], message: CUI_MODE_MESSAGES.payerWithoutRo });
    if (value.vatMode === "payer" && value.vatRate === 0) {
      ctx.addIssue({ code: "custom", path: ["vatRate"], message: "Un plătitor de TVA are o cotă mai mare ca 0 (standard: 21)." });
    }
  });

export { VAT_MODE_LABELS } from "./invoice-settings-texts";
