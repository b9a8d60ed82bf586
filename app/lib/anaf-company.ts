/**
 * A company as ANAF's public VAT-payer web service (PlatitorTvaRest v9) describes it, read into the
 * billing form's fields (issue 24 "Completează din ANAF"): name, Reg. Com., the CUI with RO when
 * VAT registered (scpTVA), the registered office's address as fields. Pure; the HTTP call is
 * app/services/anaf-vat-lookup.server.ts.
 */
import { BUCHAREST, countyCode, type PostalAddress } from "./address";

/** The parts of one `found[]` entry the site reads (ANAF sends more). */
export interface AnafFoundCompany {
  date_generale?: {
    cui?: number | string;
    denumire?: string;
    nrRegCom?: string;
    adresa?: string;
    codPostal?: string;
    statusRO_e_Factura?: boolean;
  };
  inregistrare_scop_Tva?: { scpTVA?: boolean };
  adresa_sediu_social?: {
    sdenumire_Strada?: string;
    snumar_Strada?: string;
    sdenumire_Localitate?: string;
    sdenumire_Judet?: string;
    scod_JudetAuto?: string;
    sdetalii_Adresa?: string;
    scod_Postal?: string;
  };
}

export interface AnafCompany {
  name: string;
  /** With RO when VAT registered: what goes on the invoice. */
  cui: string;
  regCom: string;
  vatPayer: boolean;
  /** Registered in RO e-Factura (statusRO_e_Factura). */
  eFactura: boolean;
  address: PostalAddress;
}

const clean = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** "Mun. Cluj-Napoca" → "Cluj-Napoca"; "Oraş Năvodari" → "Năvodari"; "Com. X" → "X". */
export function localityName(input: string): string {
  return clean(input).replace(/^(mun\.|municipiul|ora[sșş]\.?|ora[sșş]ul|com\.|comuna|sat)\s+/i, "");
}

/** The registered office's address as fields (a Bucharest locality names its sector). */
export function anafAddress(office: NonNullable<AnafFoundCompany["adresa_sediu_social"]>): PostalAddress {
  const county = countyCode(clean(office.scod_JudetAuto)) || countyCode(clean(office.sdenumire_Judet));
  const number = clean(office.snumar_Strada);
  const street = [clean(office.sdenumire_Strada), number ? `nr. ${number}` : "", clean(office.sdetalii_Adresa)].filter(Boolean).join(", ");
  const postal = clean(office.scod_Postal).replace(/\D/g, "");
  if (county === BUCHAREST) {
    const sector = /\bsec(?:tor(?:ul)?|\.)?\s*([1-6])\b/i.exec(clean(office.sdenumire_Localitate))?.[1];
    return { street, city: "București", county, postalCode: postal.length === 6 ? postal : "", sector: sector ? Number(sector) : null };
  }
  return { street, city: localityName(clean(office.sdenumire_Localitate)), county, postalCode: postal.length === 6 ? postal : "", sector: null };
}

export function companyFromAnaf(found: AnafFoundCompany): AnafCompany {
  const general = found.date_generale ?? {};
  const vatPayer = Boolean(found.inregistrare_scop_Tva?.scpTVA);
  const digits = String(general.cui ?? "").replace(/\D/g, "");
  return {
    name: clean(general.denumire),
    cui: `${vatPayer ? "RO" : ""}${digits}`,
    regCom: clean(general.nrRegCom),
    vatPayer,
    eFactura: Boolean(general.statusRO_e_Factura),
    address: anafAddress(found.adresa_sediu_social ?? {}),
  };
}
