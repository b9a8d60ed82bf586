/**
 * Romanian fiscal identifiers: CUI/CIF (control digit) and IBAN (ISO 13616 mod 97).
 * Pure, shared by the forms (app/lib/validation) and the invoice code.
 */

const CUI_WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** "RO 41234567" → { vatPrefix: true, digits: "41234567" }; null when not 2–10 digits. */
export function parseCui(input: string): { vatPrefix: boolean; digits: string } | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  const match = /^(RO)?(\d{2,10})$/.exec(compact);
  if (!match) return null;
  return { vatPrefix: Boolean(match[1]), digits: match[2] };
}

/** CUI checksum: weights 7 5 3 2 1 7 5 3 2 over the digits before the check digit, left-padded to 9. */
export function isValidCui(input: string): boolean {
  const parsed = parseCui(input);
  if (!parsed) return false;
  const { digits } = parsed;
  const body = digits.slice(0, -1).padStart(9, "0");
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * CUI_WEIGHTS[i], 0);
  const check = ((sum * 10) % 11) % 10;
  return check === Number(digits.at(-1));
}

/** The CUI as printed: "RO41234567" (VAT registered) or "41234567". */
export function normalizeCui(input: string): string {
  const parsed = parseCui(input);
  if (!parsed) return input.trim();
  return `${parsed.vatPrefix ? "RO" : ""}${parsed.digits}`;
}

export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616 mod-97 check; a Romanian IBAN is also 24 characters (RO + 2 + 4 letters + 16). */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("RO") && !/^RO\d{2}[A-Z]{4}[A-Z0-9]{16}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 3166-2:RO county codes (41 counties + Bucharest) with their Romanian names. */
export const RO_COUNTIES: Record<string, string> = {
  "RO-AB": "Alba", "RO-AR": "Arad", "RO-AG": "Argeș", "RO-BC": "Bacău", "RO-BH": "Bihor",
  "RO-BN": "Bistrița-Năsăud", "RO-BT": "Botoșani", "RO-BV": "Brașov", "RO-BR": "Brăila",
  "RO-B": "București", "RO-BZ": "Buzău", "RO-CS": "Caraș-Severin", "RO-CL": "Călărași",
  "RO-CJ": "Cluj", "RO-CT": "Constanța", "RO-CV": "Covasna", "RO-DB": "Dâmbovița", "RO-DJ": "Dolj",
  "RO-GL": "Galați", "RO-GR": "Giurgiu", "RO-GJ": "Gorj", "RO-HR": "Harghita", "RO-HD": "Hunedoara",
  "RO-IL": "Ialomița", "RO-IS": "Iași", "RO-IF": "Ilfov", "RO-MM": "Maramureș", "RO-MH": "Mehedinți",
  "RO-MS": "Mureș", "RO-NT": "Neamț", "RO-OT": "Olt", "RO-PH": "Prahova", "RO-SM": "Satu Mare",
  "RO-SJ": "Sălaj", "RO-SB": "Sibiu", "RO-SV": "Suceava", "RO-TR": "Teleorman", "RO-TM": "Timiș",
  "RO-TL": "Tulcea", "RO-VS": "Vaslui", "RO-VL": "Vâlcea", "RO-VN": "Vrancea",
};
