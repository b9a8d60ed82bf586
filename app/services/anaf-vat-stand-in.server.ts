/**
 * The stand-in for ANAF's public VAT-payer web service (development, tests and the quick start;
 * used when ANAF_VAT_LOOKUP_URL is unset, allowed where the payment simulator is). It answers
 * like PlatitorTvaRest v9 at /simulator/anaf/tva for a few fixed companies; CUI 20000056
 * answers HTTP 503 (ANAF unreachable), any other CUI is in `notFound`.
 */
import { getConfig } from "~/config.server";
import type { AnafFoundCompany } from "~/lib/anaf-company";

/** A CUI whose lookup fails with 503, to see the "ANAF nu răspunde" path by hand. */
export const STAND_IN_UNAVAILABLE_CUI = 20000056;

export const STAND_IN_COMPANIES: AnafFoundCompany[] = [
  {
    date_generale: { cui: 18547290, denumire: "SALON BELLA S.R.L.", nrRegCom: "J13/555/2020", statusRO_e_Factura: true },
    inregistrare_scop_Tva: { scpTVA: true },
    adresa_sediu_social: {
      sdenumire_Strada: "Bd. Tomis",
      snumar_Strada: "100",
      sdenumire_Localitate: "Mun. Constanţa",
      sdenumire_Judet: "CONSTANŢA",
      scod_JudetAuto: "CT",
      sdetalii_Adresa: "Bl. T3, Ap. 12",
      scod_Postal: "900407",
    },
  },
  {
    date_generale: { cui: 31000019, denumire: "ATELIER UNGHII PERFECTE S.R.L.", nrRegCom: "J40/1234/2013", statusRO_e_Factura: false },
    inregistrare_scop_Tva: { scpTVA: false },
    adresa_sediu_social: {
      sdenumire_Strada: "Str. Lalelelor",
      snumar_Strada: "3",
      sdenumire_Localitate: "Sector 2 Mun. Bucureşti",
      sdenumire_Judet: "MUNICIPIUL BUCUREŞTI",
      scod_JudetAuto: "B",
      sdetalii_Adresa: "",
      scod_Postal: "021234",
    },
  },
  {
    date_generale: { cui: 14000116, denumire: "NAIL STUDIO CLUJ S.R.L.", nrRegCom: "J12/777/2001", statusRO_e_Factura: true },
    inregistrare_scop_Tva: { scpTVA: true },
    adresa_sediu_social: {
      sdenumire_Strada: "Str. Memorandumului",
      snumar_Strada: "5",
      sdenumire_Localitate: "Mun. Cluj-Napoca",
      sdenumire_Judet: "CLUJ",
      scod_JudetAuto: "CJ",
      sdetalii_Adresa: "Ap. 3",
      scod_Postal: "400114",
    },
  },
];

export function vatStandInEnabled(): boolean {
  return getConfig().vatLookup.standIn;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The stand-in's answer to one request body (JSON text): [{cui, data}]. */
export function vatStandInAnswer(text: string): { status: number; json: unknown } {
  const body = parseJson(text);
  if (!Array.isArray(body) || body.length === 0 || body.length > 100) {
    return { status: 400, json: { cod: 400, message: "Format invalid" } };
  }
  const asked = body.map((entry) => Number((entry as { cui?: unknown })?.cui));
  if (asked.includes(STAND_IN_UNAVAILABLE_CUI)) return { status: 503, json: { cod: 503, message: "Serviciu indisponibil" } };
  const found = STAND_IN_COMPANIES.filter((c) => asked.includes(Number(c.date_generale?.cui)));
  const notFound = asked.filter((cui) => !found.some((c) => Number(c.date_generale?.cui) === cui));
  return { status: 200, json: { cod: 200, message: "SUCCESS", found, notFound } };
}
