/**
 * RO e-Factura export: UBL 2.1 with CIUS-RO 1.0.1 for one issued invoice or credit note.
 *
 * - Invoices (full, advance, final) are `Invoice` documents with type 380; a final invoice
 *   deducts its advance with a negative line (quantity -1), as Romanian issuers do.
 * - Credit notes are `CreditNote` documents with type 381 and a BillingReference to the
 *   cancelled invoice; their quantities and amounts are written positive (UBL's credit note
 *   already means "owed back"), the opposite of the negative amounts stored and printed.
 * - Every amount is written from integer bani (no floating point): lines, VAT subtotals and
 *   totals add up to the ban by construction (app/lib/vat.ts).
 * - A private buyer without a personal code is identified by thirteen zeros (BR-RO-120).
 */
import { BUCHAREST, efacturaCity, parseAddressLine, sectorOf, type PostalAddress } from "~/lib/address";
import { RO_COUNTIES, parseCui } from "~/lib/fiscal-ids";
import type { BuyerSnapshot, IssuerSnapshot } from "~/lib/invoice-types";

export const CIUS_RO = "urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1";
export const ANONYMOUS_BUYER_ID = "0000000000000";

export interface UblLine {
  description: string;
  quantity: number;
  unitCode: string;
  vatCategory: string;
  vatRate: number;
  netBani: number;
  vatBani: number;
  grossBani: number;
}

export interface UblDocument {
  kind: "invoice" | "advance" | "final" | "credit";
  series: string;
  number: number;
  issuedOn: string;
  currency: string;
  paymentMethod: "bank_transfer" | "card" | "free";
  orderReference: string;
  issuer: IssuerSnapshot;
  buyer: BuyerSnapshot;
  vatMode: "payer" | "non_payer" | "exempt";
  netBani: number;
  vatBani: number;
  totalBani: number;
  lines: UblLine[];
  reference: { series: string; number: number; issuedOn: string } | null;
  /** How much of the total was paid before issue; what is left is due by `dueOn` under `terms`. */
  settlement: Settlement;
}

export interface Settlement {
  /** Bani paid before the document was issued (same sign as the total). */
  paidBani: number;
  /** YYYY-MM-DD, when something is still due. */
  dueOn?: string;
  terms?: string;
}

/**
 * What the site's documents say about payment (docs/decisions/0001-efactura-payment-status.md):
 * every one is issued after the money moved: an invoice or advance invoice when the order becomes
 * paid (card notification, or the admin confirming the transfer), a final invoice when the rest
 * was collected at the course, a credit note when the refund was made. So the whole total is
 * prepaid (BT-113) and nothing is due (BT-115 = 0).
 */
export function settlementAtIssue(doc: { totalBani: number }): Settlement {
  return { paidBani: doc.totalBani };
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** 12345 → "123.45", -5 → "-0.05". */
export function ublAmount(bani: number): string {
  const sign = bani < 0 ? "-" : "";
  const abs = Math.abs(bani);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The item net price (BT-146) of a line: its net amount per unit, with 2 decimals when exact and
 * otherwise 4 (BT-146 is a unit price, not an amount, and may carry more decimals), so that
 * quantity × price gives back the line's net amount to the ban (e.g. 3 × 41.3233 = 123.97).
 */
export function ublUnitPrice(netBani: number, quantity: number): string {
  if (quantity === 0) return ublAmount(0);
  const abs = Math.abs(netBani);
  const q = Math.abs(quantity);
  if (abs % q === 0) return ublAmount(abs / q);
  const tenThousandths = Math.floor((abs * 100 * 2 + q) / (2 * q)); // round(abs × 100 / q), halves up
  return `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, "0")}`;
}

export const ublDocumentId = (doc: Pick<UblDocument, "series" | "number">) => `${doc.series}${doc.number}`;

/** The buyer's address fields (older snapshots: read from the one-line address). */
export function buyerAddress(buyer: BuyerSnapshot, fallbackCounty: string): PostalAddress {
  return buyer.postal ?? parseAddressLine(buyer.address, fallbackCounty);
}

/** The issuer's street, city and county from the settings (a Bucharest city names its sector). */
export function issuerAddress(issuer: Pick<IssuerSnapshot, "address" | "city" | "county">): PostalAddress {
  const sector = issuer.county === BUCHAREST ? (sectorOf(issuer.city) ?? parseAddressLine(issuer.address).sector) : null;
  const postalCode = /\b(\d{6})\b/.exec(issuer.address)?.[1] ?? "";
  return { street: issuer.address, city: issuer.city, county: issuer.county, postalCode, sector };
}

function postalAddress(a: PostalAddress): string {
  const city = efacturaCity(a) || RO_COUNTIES[a.county] || "-";
  return `<cac:PostalAddress><cbc:StreetName>${escapeXml(a.street.trim() || "-")}</cbc:StreetName><cbc:CityName>${escapeXml(city)}</cbc:CityName>${a.postalCode ? `<cbc:PostalZone>${a.postalCode}</cbc:PostalZone>` : ""}<cbc:CountrySubentity>${a.county}</cbc:CountrySubentity><cac:Country><cbc:IdentificationCode>RO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`;
}

const partyTaxScheme = (companyId: string, scheme: "VAT" | "FC") =>
  `<cac:PartyTaxScheme><cbc:CompanyID>${escapeXml(companyId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>${scheme}</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;

/**
 * The seller's identifiers per VAT mode (the same ones the PDF prints, see `sellerTaxId`):
 * - payer: the VAT id RO+CUI (BT-31), Reg. Com. as the legal registration id (BT-30);
 * - exempt (category E needs BT-31 or BT-32, BR-E-02 / BR-RO-065): a VAT-registered seller
 *   (CUI saved with RO) gives its VAT id, one without VAT registration its CUI as the tax
 *   registration id (BT-32: any tax scheme other than VAT, here "FC");
 * - non-payer (category O must not carry a VAT id, BR-O-02): the CUI as BT-32.
 */
export function sellerTaxId(issuer: Pick<IssuerSnapshot, "cui" | "vatMode">): { id: string; vatRegistered: boolean } {
  const cui = parseCui(issuer.cui);
  const digits = cui?.digits ?? issuer.cui.replace(/^RO/i, "").trim();
  const vatRegistered = issuer.vatMode === "payer" || (issuer.vatMode === "exempt" && Boolean(cui?.vatPrefix));
  return { id: vatRegistered ? `RO${digits}` : digits, vatRegistered };
}

function supplierParty(issuer: IssuerSnapshot, vatMode: UblDocument["vatMode"]): string {
  const tax = sellerTaxId({ cui: issuer.cui, vatMode });
  const scheme = partyTaxScheme(tax.id, tax.vatRegistered ? "VAT" : "FC");
  const legalId = tax.vatRegistered && issuer.regCom ? issuer.regCom : tax.id;
  return `<cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>${escapeXml(issuer.name)}</cbc:Name></cac:PartyName>${postalAddress(issuerAddress(issuer))}${scheme}<cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(issuer.name)}</cbc:RegistrationName><cbc:CompanyID>${escapeXml(legalId)}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>`;
}

/** The buyer's VAT id goes out only when the document carries VAT categories (BR-O-02). */
function customerParty(buyer: BuyerSnapshot, vatMode: UblDocument["vatMode"], fallbackCounty: string): string {
  const cui = buyer.type === "company" ? parseCui(buyer.cui) : null;
  const vatId = cui?.vatPrefix && vatMode !== "non_payer" ? partyTaxScheme(`RO${cui.digits}`, "VAT") : "";
  const legalId = cui ? cui.digits : ANONYMOUS_BUYER_ID;
  const contact = buyer.email ? `<cac:Contact><cbc:ElectronicMail>${escapeXml(buyer.email)}</cbc:ElectronicMail></cac:Contact>` : "";
  return `<cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>${escapeXml(buyer.name)}</cbc:Name></cac:PartyName>${postalAddress(buyerAddress(buyer, fallbackCounty))}${vatId}<cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(buyer.name)}</cbc:RegistrationName><cbc:CompanyID>${legalId}</cbc:CompanyID></cac:PartyLegalEntity>${contact}</cac:Party></cac:AccountingCustomerParty>`;
}

function taxCategory(tag: "TaxCategory" | "ClassifiedTaxCategory", category: string, rate: number, exemptText: string, withReason: boolean): string {
  const percent = category === "O" ? "" : `<cbc:Percent>${rate}</cbc:Percent>`;
  const reason = !withReason
    ? ""
    : category === "O"
      ? "<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>"
      : category === "E"
        ? `<cbc:TaxExemptionReason>${escapeXml(exemptText || "Scutit de TVA")}</cbc:TaxExemptionReason>`
        : "";
  return `<cac:${tag}><cbc:ID>${category}</cbc:ID>${percent}${reason}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
}

export function buildUbl(doc: UblDocument): string {
  const credit = doc.kind === "credit";
  const sign = credit ? -1 : 1;
  const root = credit ? "CreditNote" : "Invoice";
  const ns = credit ? "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" : "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
  const cur = `currencyID="${doc.currency}"`;
  const amount = (bani: number) => ublAmount(sign * bani);

  // VAT breakdown per category and rate, from the lines (they carry the exact split).
  const groups = new Map<string, { category: string; rate: number; net: number; vat: number }>();
  for (const line of doc.lines) {
    const key = `${line.vatCategory}:${line.vatRate}`;
    const group = groups.get(key) ?? { category: line.vatCategory, rate: line.vatRate, net: 0, vat: 0 };
    group.net += line.netBani;
    group.vat += line.vatBani;
    groups.set(key, group);
  }
  const subtotals = [...groups.values()]
    .map(
      (g) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount ${cur}>${amount(g.net)}</cbc:TaxableAmount><cbc:TaxAmount ${cur}>${amount(g.vat)}</cbc:TaxAmount>${taxCategory("TaxCategory", g.category, g.rate, doc.issuer.exemptText, true)}</cac:TaxSubtotal>`,
    )
    .join("");

  const lineTag = credit ? "CreditNoteLine" : "InvoiceLine";
  const qtyTag = credit ? "CreditedQuantity" : "InvoicedQuantity";
  const lines = doc.lines
    .map((line, i) => {
      const quantity = sign * line.quantity;
      return `<cac:${lineTag}><cbc:ID>${i + 1}</cbc:ID><cbc:${qtyTag} unitCode="${line.unitCode}">${quantity}</cbc:${qtyTag}><cbc:LineExtensionAmount ${cur}>${amount(line.netBani)}</cbc:LineExtensionAmount><cac:Item><cbc:Name>${escapeXml(line.description.slice(0, 200))}</cbc:Name>${taxCategory("ClassifiedTaxCategory", line.vatCategory, line.vatRate, doc.issuer.exemptText, false)}</cac:Item><cac:Price><cbc:PriceAmount ${cur}>${ublUnitPrice(line.netBani, line.quantity)}</cbc:PriceAmount></cac:Price></cac:${lineTag}>`;
    })
    .join("");

  const notes = [
    doc.vatMode === "non_payer" ? "Neplătitor de TVA" : doc.vatMode === "exempt" ? doc.issuer.exemptText : "",
    doc.kind === "advance" ? "Factură de avans" : doc.kind === "final" ? "Factură finală (deduce avansul)" : "",
  ].filter(Boolean);
  const paymentCode = doc.paymentMethod === "card" ? "48" : doc.paymentMethod === "bank_transfer" ? "42" : "";
  const paymentMeans = paymentCode
    ? `<cac:PaymentMeans><cbc:PaymentMeansCode>${paymentCode}</cbc:PaymentMeansCode>${doc.paymentMethod === "bank_transfer" && doc.issuer.iban ? `<cac:PayeeFinancialAccount><cbc:ID>${escapeXml(doc.issuer.iban)}</cbc:ID></cac:PayeeFinancialAccount>` : ""}</cac:PaymentMeans>`
    : "";
  const billingReference = doc.reference
    ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${escapeXml(ublDocumentId(doc.reference))}</cbc:ID><cbc:IssueDate>${doc.reference.issuedOn}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
    : "";

  // What was paid before the document was issued (BT-113) and what is still due (BT-115); a
  // positive amount due needs a due date (BT-9) and payment terms (BT-20), BR-CO-25.
  const paidBani = doc.settlement.paidBani;
  const due = doc.totalBani - paidBani;
  const dueDate = !credit && due * sign > 0 && doc.settlement.dueOn ? `<cbc:DueDate>${doc.settlement.dueOn}</cbc:DueDate>` : "";
  const terms = due * sign > 0 ? `<cac:PaymentTerms><cbc:Note>${escapeXml(doc.settlement.terms || "Plata în termenul convenit")}</cbc:Note></cac:PaymentTerms>` : "";

  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<${root} xmlns="${ns}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    `<cbc:UBLVersionID>2.1</cbc:UBLVersionID>`,
    `<cbc:CustomizationID>${CIUS_RO}</cbc:CustomizationID>`,
    `<cbc:ID>${escapeXml(ublDocumentId(doc))}</cbc:ID>`,
    `<cbc:IssueDate>${doc.issuedOn}</cbc:IssueDate>`,
    dueDate,
    credit ? `<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>` : `<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>`,
    ...notes.map((n) => `<cbc:Note>${escapeXml(n)}</cbc:Note>`),
    `<cbc:DocumentCurrencyCode>${doc.currency}</cbc:DocumentCurrencyCode>`,
    `<cac:OrderReference><cbc:ID>${escapeXml(doc.orderReference)}</cbc:ID></cac:OrderReference>`,
    billingReference,
    supplierParty(doc.issuer, doc.vatMode),
    customerParty(doc.buyer, doc.vatMode, doc.issuer.county),
    paymentMeans,
    terms,
    `<cac:TaxTotal><cbc:TaxAmount ${cur}>${amount(doc.vatBani)}</cbc:TaxAmount>${subtotals}</cac:TaxTotal>`,
    `<cac:LegalMonetaryTotal><cbc:LineExtensionAmount ${cur}>${amount(doc.netBani)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount ${cur}>${amount(doc.netBani)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount ${cur}>${amount(doc.totalBani)}</cbc:TaxInclusiveAmount><cbc:PrepaidAmount ${cur}>${amount(paidBani)}</cbc:PrepaidAmount><cbc:PayableAmount ${cur}>${amount(doc.totalBani - paidBani)}</cbc:PayableAmount></cac:LegalMonetaryTotal>`,
    lines,
    `</${root}>`,
  ]
    .filter(Boolean)
    .join("\n");
}
