/**
 * The buyers of the e-Factura tests: a private person outside Bucharest, one in Bucharest, a
 * VAT-registered company in Bucharest (their addresses as the billing forms save them: fields,
 * issue 24) and a company without VAT registration near it whose one-line address was saved
 * before the fields existed (migration 0021 kept it in street), with the city and county code
 * their invoice must carry.
 */
import type { users } from "../../db/schema";
import { columnsOfPostal } from "~/lib/address";

export interface TestBuyer {
  user: Partial<typeof users.$inferInsert>;
  /** What the e-Factura XML must say (CityName, CountrySubentity). */
  expected: { city: string; county: string };
  /** The buyer's VAT id, when VAT registered. */
  vatId: string;
  /** The address was saved as fields (else one line, read by the e-Factura code). */
  fields: boolean;
}

export const BUYERS = {
  personCluj: {
    user: {
      name: "Maria Popescu",
      ...columnsOfPostal({ street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null }),
    },
    expected: { city: "Cluj-Napoca", county: "RO-CJ" },
    vatId: "",
    fields: true,
  },
  personBucharest: {
    user: { name: "Elena Ionescu", ...columnsOfPostal({ street: "Str. Lalelelor 3", city: "București", county: "RO-B", postalCode: "021234", sector: 2 }) },
    expected: { city: "SECTOR2", county: "RO-B" },
    vatId: "",
    fields: true,
  },
  companyBucharestVat: {
    user: {
      name: "Ioana Pop",
      buyerType: "company",
      companyName: "Salon Bella S.R.L.",
      companyCui: "RO18547290",
      companyRegCom: "J40/555/2020",
      ...columnsOfPostal({ street: "Bd. Unirii 10", city: "București", county: "RO-B", postalCode: "030167", sector: 3 }),
    },
    expected: { city: "SECTOR3", county: "RO-B" },
    vatId: "RO18547290",
    fields: true,
  },
  companyNonVat: {
    user: {
      name: "Ana Marin",
      buyerType: "company",
      companyName: "Unghii Marin S.R.L.",
      companyCui: "15900825",
      companyRegCom: "J23/100/2021",
      address: "Str. Fabricii 2, Voluntari, jud. Ilfov, 077190",
    },
    expected: { city: "Voluntari", county: "RO-IF" },
    vatId: "",
    fields: false,
  },
} satisfies Record<string, TestBuyer>;
