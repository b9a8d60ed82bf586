/** Snapshots stored on orders and invoices (shared by db/schema.ts and the invoice code). */
import type { PostalAddress } from "./address";

export interface BuyerSnapshot {
  type: "person" | "company";
  /** The person's or the company's name. */
  name: string;
  /** The address as one line (composed from `postal` since the address has fields). */
  address: string;
  /** The address fields (snapshots taken before they existed have none). */
  postal?: PostalAddress;
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
