/**
 * Romanian postal addresses as fields (street, city, county, postal code, Bucharest sector), the
 * one-line text composed from them for display, the best-effort reading of an old one-line
 * address into fields, and the e-Factura forms of city and county (CIUS-RO: the county as its
 * ISO 3166-2:RO code; in Bucharest the city is the sector, SECTOR1 … SECTOR6). Pure.
 */
import { RO_COUNTIES } from "./fiscal-ids";

export interface PostalAddress {
  /** Street, number, block, flat. */
  street: string;
  /** Locality (in Bucharest: "București"). */
  city: string;
  /** ISO 3166-2:RO code: "RO-CJ", "RO-B"; "" when unknown. */
  county: string;
  /** Six digits, or "". */
  postalCode: string;
  /** 1–6 in Bucharest, else null. */
  sector: number | null;
}

export const EMPTY_ADDRESS: PostalAddress = { street: "", city: "", county: "", postalCode: "", sector: null };

export const BUCHAREST = "RO-B";

/** The counties for the billing forms' select, București first, then alphabetically. */
export const COUNTY_CHOICES = Object.entries(RO_COUNTIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => (a.value === BUCHAREST ? -1 : b.value === BUCHAREST ? 1 : a.label.localeCompare(b.label, "ro")));

export const SECTOR_CHOICES = [1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: `Sectorul ${n}` }));

/** The one line printed on invoices and shown in the account: "Str. X 5, Sector 2, București, 021234". */
export function composeAddress(a: PostalAddress): string {
  const bucharest = a.county === BUCHAREST;
  const county = bucharest || !a.county ? "" : `jud. ${RO_COUNTIES[a.county] ?? a.county}`;
  return [a.street.trim(), bucharest && a.sector ? `Sector ${a.sector}` : "", a.city.trim(), county, a.postalCode.trim()].filter(Boolean).join(", ");
}

/** The address on two lines, as the PDF invoice prints it: the street, then locality, county and code. */
export function addressLines(a: PostalAddress): string[] {
  const [street, ...rest] = [a.street.trim(), composeAddress({ ...a, street: "" })];
  return [street, ...rest].filter(Boolean);
}

/** Whether the fields are enough for an invoice (street, city, county; a sector in Bucharest). */
export function isCompleteAddress(a: PostalAddress): boolean {
  return Boolean(a.street.trim() && a.city.trim() && a.county && (a.county !== BUCHAREST || a.sector));
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();

const COUNTY_BY_NAME = new Map(Object.entries(RO_COUNTIES).map(([code, name]) => [fold(name), code]));

/** "Cluj", "jud. Cluj", "Județul Cluj", "RO-CJ", "CJ" → "RO-CJ"; "" when none. */
export function countyCode(input: string): string {
  const text = fold(input).replace(/^(jud(etul)?\.?|judet)\s*/, "").replace(/^municipiul\s+/, "");
  if (!text) return "";
  const upper = text.toUpperCase();
  if (RO_COUNTIES[upper]) return upper;
  if (RO_COUNTIES[`RO-${upper}`]) return `RO-${upper}`;
  if (text === "bucuresti" || text === "bucharest") return BUCHAREST;
  return COUNTY_BY_NAME.get(text) ?? "";
}

const STREET_WORD = /^(str|strada|bd|b-dul|bulevardul|calea|sos|soseaua|aleea|al|piata|pta|splaiul|intr|intrarea|drumul|nr|numar|bl|bloc|sc|scara|et|etaj|ap|apartament|cam|fn|f\.n)\b/;

/**
 * Reads an old one-line address ("Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj,
 * 400114") into fields: the six-digit postal code, the county (named with or without "jud."),
 * a Bucharest sector, the city (the last part that is not a street, county or code), and the
 * street (what comes before the city). Best effort: `fallbackCounty` when no county is named.
 */
export function parseAddressLine(line: string, fallbackCounty = ""): PostalAddress {
  const postalCode = /\b(\d{6})\b/.exec(line)?.[1] ?? "";
  const parts = line
    .split(/[,\n;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  let county = "";
  let sector: number | null = null;
  const rest: string[] = [];
  for (const part of parts) {
    const folded = fold(part);
    const sectorMatch = /^sector(?:ul)?\s*([1-6])$/.exec(folded);
    if (sectorMatch) {
      sector = Number(sectorMatch[1]);
      continue;
    }
    if (/^\d{6}$/.test(folded) || /^rom[aâ]nia$/.test(folded)) continue;
    const cleaned = part.replace(/\b\d{6}\b/, "").trim();
    const code = /^(jud|judet)/.test(folded) ? countyCode(cleaned) : "";
    if (code) {
      county = code;
      continue;
    }
    if (cleaned) rest.push(cleaned);
  }
  const inline = /\bsector(?:ul)?\s*([1-6])\b/.exec(fold(line));
  if (!sector && inline) sector = Number(inline[1]);
  // The city: the last part that does not read as a street part.
  let cityIndex = -1;
  for (let i = rest.length - 1; i >= 0; i--) {
    if (!STREET_WORD.test(fold(rest[i])) && !/\d/.test(rest[i])) {
      cityIndex = i;
      break;
    }
  }
  let city = cityIndex > 0 || (cityIndex === 0 && rest.length === 1) ? rest[cityIndex] : "";
  const street = rest.filter((_, i) => i !== cityIndex || !city).join(", ");
  if (!county) county = countyCode(city) || (sector || /\bbucuresti\b/.test(fold(line)) ? BUCHAREST : "");
  if (!county) {
    const named = Object.entries(RO_COUNTIES).find(([code, name]) => code !== BUCHAREST && new RegExp(`\\b${fold(name)}\\b`).test(fold(line)));
    county = named?.[0] ?? fallbackCounty;
  }
  if (county === BUCHAREST) {
    city = "București";
    if (!sector) sector = null;
  } else sector = null;
  if (!city && county && county !== fallbackCounty) city = RO_COUNTIES[county] ?? "";
  return { street: street || line.trim(), city, county, postalCode, sector };
}

/** CIUS-RO CityName: "SECTOR2" in Bucharest (BR-RO-100), else the locality. */
export function efacturaCity(a: PostalAddress): string {
  if (a.county === BUCHAREST) return `SECTOR${a.sector ?? 1}`;
  return a.city.trim();
}

/** A Bucharest sector typed as "SECTOR 3", "Sectorul 3" or "3" → 3; null otherwise. */
export function sectorOf(input: string): number | null {
  const match = /^(?:sector(?:ul)?\s*)?([1-6])$/.exec(fold(input));
  return match ? Number(match[1]) : null;
}

/** The address columns of a users row (db/schema.ts). */
export interface AddressColumns {
  addressStreet: string;
  addressCity: string;
  addressCounty: string;
  addressPostalCode: string;
  addressSector: number | null;
}

/** A users row's address fields (an address saved before the fields existed: its line in street). */
export function postalOfColumns(row: AddressColumns): PostalAddress {
  return { street: row.addressStreet, city: row.addressCity, county: row.addressCounty, postalCode: row.addressPostalCode, sector: row.addressSector };
}

/** The columns a billing form writes: the fields, and the one line composed from them. */
export function columnsOfPostal(a: PostalAddress): AddressColumns & { address: string } {
  const bucharest = a.county === BUCHAREST;
  const clean: PostalAddress = {
    street: a.street.trim(),
    city: bucharest ? "București" : a.city.trim(),
    county: a.county,
    postalCode: a.postalCode.trim(),
    sector: bucharest ? a.sector : null,
  };
  return {
    address: composeAddress(clean),
    addressStreet: clean.street,
    addressCity: clean.city,
    addressCounty: clean.county,
    addressPostalCode: clean.postalCode,
    addressSector: clean.sector,
  };
}

/** Whether a users row already holds these address columns. */
export function samePostal(a: AddressColumns & { address: string }, b: AddressColumns & { address: string }): boolean {
  return (
    a.address === b.address &&
    a.addressStreet === b.addressStreet &&
    a.addressCity === b.addressCity &&
    a.addressCounty === b.addressCounty &&
    a.addressPostalCode === b.addressPostalCode &&
    a.addressSector === b.addressSector
  );
}
