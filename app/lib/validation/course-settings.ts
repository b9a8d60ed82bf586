/** /admin/setari-cursuri: the accreditation surcharge and the advance (money as Romanian text). */
import { z } from "zod";
import { moneyToInput, parseMoney } from "../money";
import type { PriceSettings } from "../pricing";

const moneyText = (positive: boolean) =>
  z
    .string({ error: "Suma este obligatorie." })
    .superRefine((value, ctx) => {
      const money = parseMoney(value);
      if (!money.ok) ctx.addIssue({ code: "custom", message: money.error });
      else if (positive && money.bani === 0) ctx.addIssue({ code: "custom", message: "Avansul trebuie să fie mai mare ca 0." });
      else if (money.bani > 10_000_000) ctx.addIssue({ code: "custom", message: "Cel mult 100.000,00 RON." });
    });

export const courseSettingsSchema = z.object({
  accreditationSurcharge: moneyText(false),
  advancePayment: moneyText(true),
});

export const COURSE_SETTINGS_MESSAGES = { saved: "Setările cursurilor au fost salvate." } as const;

const bani = (text: string) => {
  const money = parseMoney(text);
  if (!money.ok) throw new Error(money.error);
  return money.bani;
};

export function toPriceSettings(value: z.output<typeof courseSettingsSchema>): PriceSettings {
  return { accreditationSurchargeBani: bani(value.accreditationSurcharge), advancePaymentBani: bani(value.advancePayment) };
}

export function priceSettingsToForm(settings: PriceSettings) {
  return { accreditationSurcharge: moneyToInput(settings.accreditationSurchargeBani), advancePayment: moneyToInput(settings.advancePaymentBani) };
}
