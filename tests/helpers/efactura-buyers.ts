/**
 * The buyers of the e-Factura tests: a private person outside Bucharest, one in Bucharest, a
 * VAT-registered company in Bucharest and a company without VAT registration near it, with the
 * city and county code their invoice must carry.
 */
import type { users } from "../../db/schema";

export interface TestBuyer {
  user: Partial<typeof users.$inferInsert>;
  /** What the e-Factura XML must say (CityName, CountrySubentity). */
  expected: { city: string; county: string };
  /** The buyer's VAT id, when VAT registered. */
  vatId: string;
}

export const BUYERS = {
  personCluj: {
    user: { name: "Maria Popescu", address: "Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114" },
    expected: { city: "Cluj-Napoca", county: "RO-CJ" },
    vatId: "",
  },
  personBucharest: {
    user: { name: "Elena Ionescu", address: "Str. Lalelelor 3, Sector 2, București, 021234" },
    expected: { city: "SECTOR2", county: "RO-B" },
    vatId: "",
  },
  companyBucharestVat: {
    user: {
      name: "Ioana Pop",
      buyerType: "company",
      companyName: "Salon Bella S.R.L.",
      companyCui: "RO18547290",
      companyRegCom: "J40/555/2020",
      address: "Bd. Unirii 10, Sector 3, București, 030167",
    },
    expected: { city: "SECTOR3", county: "RO-B" },
    vatId: "RO18547290",
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
  },
} satisfies Record<string, TestBuyer>;
