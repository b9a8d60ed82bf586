/** Snapshots stored on orders and invoices (shared by db/schema.ts and the invoice code). */

export interface BuyerSnapshot {
  type: "person" | "company";
  /** The person's or the company's name. */
  name: string;
  address: string;
  email: string;
  /** Company CUI/CIF as entered (with RO when VAT registered); "" for a person. */
  cui: string;
  regCom: string;
}

export interface IssuerSnapshot {
  name: string;
  cui: string;
  regCom: string;
  address: string;
  city: string;
  county: string;
  bank: string;
  iban: string;
  vatMode: "payer" | "non_payer" | "exempt";
  vatRate: number;
  exemptText: string;
}
