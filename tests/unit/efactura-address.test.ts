import { describe, expect, it } from "vitest";
import { addressLines, columnsOfPostal, composeAddress, countyCode, efacturaCity, isCompleteAddress, parseAddressLine } from "~/lib/address";
import { companyFromAnaf, localityName } from "~/lib/anaf-company";
import { RO_COUNTIES } from "~/lib/fiscal-ids";
import { COUNTY_CHOICES, postalOf } from "~/lib/validation/postal-address";
import { STAND_IN_COMPANIES } from "~/services/anaf-vat-stand-in.server";
import { fulfilmentView } from "~/lib/delivery";
import { buildUbl, sellerTaxId, settlementAtIssue, type UblDocument } from "~/lib/efactura/ubl";

describe("one-line addresses read into fields (migration of old accounts)", () => {
  it.each([
    ["Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114", { street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null }],
    ["Str. Lalelelor 3, Sector 2, București", { street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "", sector: 2 }],
    ["Bd. Unirii 10, Sector 3, București, 030167", { street: "Bd. Unirii 10", city: "București", county: "RO-B", postalCode: "030167", sector: 3 }],
    ["Str. Mircea cel Bătrân 10, Constanța", { street: "Str. Mircea cel Bătrân 10", city: "Constanța", county: "RO-CT", postalCode: "", sector: null }],
    ["Str. Fabricii 2, Voluntari, jud. Ilfov, 077190", { street: "Str. Fabricii 2", city: "Voluntari", county: "RO-IF", postalCode: "077190", sector: null }],
    ["Bd. Tomis 100, Constanța, 900001", { street: "Bd. Tomis 100", city: "Constanța", county: "RO-CT", postalCode: "900001", sector: null }],
    ["Calea Victoriei 12 sector 1 Bucuresti", { street: "Calea Victoriei 12 sector 1 Bucuresti", city: "București", county: "RO-B", postalCode: "", sector: 1 }],
  ])("%s", (line, expected) => {
    expect(parseAddressLine(line)).toEqual(expected);
  });

  it("an address naming no county keeps the fallback county and leaves the city to the buyer", () => {
    expect(parseAddressLine("Str. Florilor 7", "RO-CT")).toMatchObject({ street: "Str. Florilor 7", city: "", county: "RO-CT" });
  });
});

describe("address fields", () => {
  const cluj = { street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null };
  const bucharest = { street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "021234", sector: 2 };

  it("compose into the one line shown to people and read back the same fields", () => {
    expect(composeAddress(cluj)).toBe("Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114");
    expect(composeAddress(bucharest)).toBe("Str. Lalelelor 3, Sector 2, București, 021234");
    expect(parseAddressLine(composeAddress(cluj))).toEqual(cluj);
    expect(parseAddressLine(composeAddress(bucharest))).toEqual(bucharest);
  });

  it("e-Factura city: the locality, in Bucharest the sector code", () => {
    expect(efacturaCity(cluj)).toBe("Cluj-Napoca");
    expect(efacturaCity(bucharest)).toBe("SECTOR2");
  });

  it("county names and codes", () => {
    expect(countyCode("jud. Cluj")).toBe("RO-CJ");
    expect(countyCode("Județul Constanța")).toBe("RO-CT");
    expect(countyCode("Bucuresti")).toBe("RO-B");
    expect(countyCode("CJ")).toBe("RO-CJ");
    expect(countyCode("Atlantis")).toBe("");
  });

  it("complete for an invoice: street, city, county; a sector in Bucharest", () => {
    expect(isCompleteAddress(cluj)).toBe(true);
    expect(isCompleteAddress({ ...bucharest, sector: null })).toBe(false);
    expect(isCompleteAddress({ ...cluj, city: " " })).toBe(false);
  });
});

describe("the billing form's fields (issue 24)", () => {
  it("the county list: the 41 counties and București, as ISO 3166-2:RO codes, București first", () => {
    expect(Object.keys(RO_COUNTIES)).toHaveLength(42);
    expect(COUNTY_CHOICES).toHaveLength(42);
    expect(COUNTY_CHOICES[0]).toEqual({ value: "RO-B", label: "București" });
    expect(COUNTY_CHOICES.every((c) => /^RO-[A-Z]{1,2}$/.test(c.value))).toBe(true);
  });

  it("in București the locality is București and the sector is kept; elsewhere no sector", () => {
    expect(postalOf({ street: "Str. Lalelelor 3", city: "", county: "RO-B", sector: "2" })).toEqual({
      street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "", sector: 2,
    });
    expect(postalOf({ street: "Str. Y 2", city: "Cluj-Napoca", county: "RO-CJ", sector: "2", postalCode: "400 114" })).toEqual({
      street: "Str. Y 2", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null,
    });
  });

  it("the columns written: the fields and the one line composed from them", () => {
    const bucharest = postalOf({ street: "Str. Lalelelor 3", county: "RO-B", sector: "2", postalCode: "021234" });
    expect(columnsOfPostal(bucharest)).toEqual({
      address: "Str. Lalelelor 3, Sector 2, București, 021234",
      addressStreet: "Str. Lalelelor 3", addressCity: "București", addressCounty: "RO-B", addressPostalCode: "021234", addressSector: 2,
    });
  });

  it("the PDF prints the street, then locality, county and code", () => {
    expect(addressLines({ street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null })).toEqual([
      "Str. Memorandumului nr. 5, ap. 3",
      "Cluj-Napoca, jud. Cluj, 400114",
    ]);
    expect(addressLines({ street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "", sector: 2 })).toEqual(["Str. Lalelelor 3", "Sector 2, București"]);
  });
});

describe("ANAF's VAT register answer read into the billing fields", () => {
  it("a VAT payer outside București: RO prefix, locality without 'Mun.', county code, postal code", () => {
    expect(companyFromAnaf(STAND_IN_COMPANIES[0])).toEqual({
      name: "SALON BELLA S.R.L.",
      cui: "RO18547290",
      regCom: "J13/555/2020",
      vatPayer: true,
      eFactura: true,
      address: { street: "Bd. Tomis, nr. 100, Bl. T3, Ap. 12", city: "Constanţa", county: "RO-CT", postalCode: "900407", sector: null },
    });
  });

  it("a company in București that is not a VAT payer: no RO, the sector from the locality", () => {
    expect(companyFromAnaf(STAND_IN_COMPANIES[1])).toMatchObject({
      cui: "31000019",
      vatPayer: false,
      address: { street: "Str. Lalelelor, nr. 3", city: "București", county: "RO-B", postalCode: "021234", sector: 2 },
    });
  });

  it("locality names", () => {
    expect(localityName("Mun. Cluj-Napoca")).toBe("Cluj-Napoca");
    expect(localityName("Oraş Năvodari")).toBe("Năvodari");
    expect(localityName("Com. Corbu")).toBe("Corbu");
    expect(localityName("Voluntari")).toBe("Voluntari");
  });
});

describe("seller identifier per VAT mode (the PDF prints the same one)", () => {
  it.each([
    ["payer", "41234564", "RO41234564", true],
    ["payer", "RO41234564", "RO41234564", true],
    ["exempt", "RO41234564", "RO41234564", true],
    ["exempt", "41234564", "41234564", false],
    ["non_payer", "RO41234564", "41234564", false],
    ["non_payer", "41234564", "41234564", false],
  ] as const)("%s with %s → %s", (vatMode, cui, id, vatRegistered) => {
    expect(sellerTaxId({ cui, vatMode })).toEqual({ id, vatRegistered });
  });
});

describe("amount due (BR-CO-25)", () => {
  const base: UblDocument = {
    kind: "invoice", series: "ANA", number: 7, issuedOn: "2026-11-25", currency: "RON", paymentMethod: "bank_transfer", orderReference: "AN-1",
    issuer: { name: "Ana S.R.L.", cui: "RO41234564", regCom: "J13/1/2019", address: "Str. X 1", city: "Constanța", county: "RO-CT", bank: "BT", iban: "RO49AAAA1B31007593840000", vatMode: "payer", vatRate: 21, exemptText: "" },
    buyer: { type: "person", name: "Maria", address: "Str. Y 2, Cluj-Napoca, jud. Cluj", email: "", cui: "", regCom: "" },
    vatMode: "payer", netBani: 10000, vatBani: 2100, totalBani: 12100,
    lines: [{ description: "Curs", quantity: 1, unitCode: "E48", vatCategory: "S", vatRate: 21, netBani: 10000, vatBani: 2100, grossBani: 12100 }],
    reference: null, settlement: { paidBani: 12100 },
  };

  it("a document issued after payment: all prepaid, nothing due, no terms", () => {
    const xml = buildUbl({ ...base, settlement: settlementAtIssue(base) });
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="RON">121.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="RON">0.00</cbc:PayableAmount>');
    expect(xml).not.toContain("PaymentTerms");
    expect(xml).not.toContain("DueDate");
  });

  it("something left to pay: the amount due with its due date and terms", () => {
    const xml = buildUbl({ ...base, settlement: { paidBani: 2100, dueOn: "2026-12-05", terms: "Plata prin transfer în 10 zile" } });
    expect(xml).toContain('<cbc:PayableAmount currencyID="RON">100.00</cbc:PayableAmount>');
    expect(xml).toContain("<cbc:DueDate>2026-12-05</cbc:DueDate>");
    expect(xml).toContain("<cac:PaymentTerms><cbc:Note>Plata prin transfer în 10 zile</cbc:Note></cac:PaymentTerms>");
  });

  it("the buyer's address comes from the snapshot's fields, not from reading the line", () => {
    const line = "Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114";
    const cluj = { street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null };
    const xml = buildUbl({ ...base, buyer: { ...base.buyer, address: "anything", postal: cluj } });
    expect(xml).toContain(
      "<cac:PartyName><cbc:Name>Maria</cbc:Name></cac:PartyName><cac:PostalAddress><cbc:StreetName>Str. Memorandumului nr. 5, ap. 3</cbc:StreetName><cbc:CityName>Cluj-Napoca</cbc:CityName><cbc:PostalZone>400114</cbc:PostalZone><cbc:CountrySubentity>RO-CJ</cbc:CountrySubentity>",
    );
    expect(line).toBe(composeAddress(cluj));
    const bucharest = { street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "", sector: 4 };
    const xmlB = buildUbl({ ...base, buyer: { ...base.buyer, postal: bucharest } });
    expect(xmlB).toContain("<cbc:StreetName>Str. Lalelelor 3</cbc:StreetName><cbc:CityName>SECTOR4</cbc:CityName><cbc:CountrySubentity>RO-B</cbc:CountrySubentity>");
  });

  it("a buyer's RO VAT id is left out of a non-VAT invoice (BR-O-02) and kept otherwise", () => {
    const company = { ...base.buyer, type: "company" as const, cui: "RO18547290" };
    expect(buildUbl({ ...base, buyer: company })).toContain("<cbc:CompanyID>RO18547290</cbc:CompanyID>");
    const nonPayer = { ...base, vatMode: "non_payer" as const, issuer: { ...base.issuer, vatMode: "non_payer" as const }, buyer: company };
    expect(buildUbl(nonPayer)).not.toContain("RO18547290");
  });
});

describe("delivery status beside an order", () => {
  it("a refunded, cancelled or failed order that never left is no longer 'de pregătit'", () => {
    expect(fulfilmentView("to_prepare", "paid")).toEqual({ label: "de pregătit", tone: "pending", closed: false });
    expect(fulfilmentView("to_prepare", "awaiting_transfer")).toMatchObject({ label: "de pregătit", closed: false });
    expect(fulfilmentView("to_prepare", "refunded")).toEqual({ label: "nu se mai livrează", tone: "failed", closed: true });
    expect(fulfilmentView("to_prepare", "cancelled")).toMatchObject({ closed: true });
    expect(fulfilmentView("delivered", "refunded")).toMatchObject({ label: "livrată", closed: false });
  });
});
