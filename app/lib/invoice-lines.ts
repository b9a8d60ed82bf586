/**
 * What goes on an invoice (pure): the lines of a full, advance or final invoice from the order's
 * lines, and a credit note from the invoices it cancels, with VAT per the issuer's mode.
 *
 * - full ("invoice"): every order line for what was paid (amountBani), a product with its real
 *   quantity (art. 319 of the Fiscal Code: quantity and price), then the delivery fee the buyer
 *   paid as its own service line, so the invoice's total is the order's total.
 * - advance: the same amounts, the advance lines described as "Avans …".
 * - final: the advance lines at their full price, minus the advance (one negative line per
 *   advance line, referencing the advance invoice); the total is what was collected at the course.
 * - credit: every line of the cancelled invoices with the opposite sign.
 */
import { splitVat, type VatSplit } from "./vat";

export type VatMode = "payer" | "non_payer" | "exempt";

export interface OrderLineForInvoice {
  category: "physical" | "online" | "product";
  title: string;
  advancePayment: boolean;
  amountBani: number;
  fullAmountBani: number;
  /** Units of a product line (courses: 1). */
  quantity: number;
  position: number;
}

/** The delivery fee of an order, invoiced with its first invoice. */
export interface ShippingForInvoice {
  methodName: string;
  grossBani: number;
}

export const shippingDescription = (methodName: string) => `Transport – ${methodName}`;

export interface DraftLine {
  description: string;
  quantity: number;
  unitCode: "H87" | "E48";
  grossBani: number;
  /** Percent; 0 when the issuer charges no VAT. */
  vatRate: number;
}

export interface ComposedLine extends DraftLine {
  vatCategory: "S" | "E" | "O";
  netBani: number;
  vatBani: number;
}

export interface ComposedInvoice {
  lines: ComposedLine[];
  split: VatSplit;
}

export function vatCategoryOf(mode: VatMode): "S" | "E" | "O" {
  return mode === "payer" ? "S" : mode === "exempt" ? "E" : "O";
}

const unitOf = (line: OrderLineForInvoice) => (line.category === "product" ? "H87" : "E48");

/** An order line is an advance when only part of its price was due at checkout. */
export const isAdvanceLine = (line: OrderLineForInvoice) => line.advancePayment && line.fullAmountBani > line.amountBani;

export function draftLines(
  kind: "invoice" | "advance" | "final",
  lines: OrderLineForInvoice[],
  rate: number,
  advanceNumber = "",
  shipping: ShippingForInvoice | null = null,
): DraftLine[] {
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  if (kind === "final") {
    return sorted.filter(isAdvanceLine).flatMap((line) => [
      { description: line.title, quantity: 1, unitCode: unitOf(line), grossBani: line.fullAmountBani, vatRate: rate },
      {
        description: `Avans facturat${advanceNumber ? ` cu factura ${advanceNumber}` : ""} – ${line.title}`,
        quantity: -1,
        unitCode: unitOf(line),
        grossBani: -line.amountBani,
        vatRate: rate,
      },
    ]);
  }
  const drafts: DraftLine[] = sorted.map((line) => ({
    description: kind === "advance" && isAdvanceLine(line) ? `Avans – ${line.title}` : line.title,
    quantity: line.category === "product" ? Math.max(1, line.quantity) : 1,
    unitCode: unitOf(line),
    grossBani: line.amountBani,
    vatRate: rate,
  }));
  if (shipping && shipping.grossBani > 0) {
    drafts.push({ description: shippingDescription(shipping.methodName), quantity: 1, unitCode: "E48", grossBani: shipping.grossBani, vatRate: rate });
  }
  return drafts;
}

/** The opposite of issued lines (a credit note). */
export function creditDraft(lines: Array<Pick<DraftLine, "description" | "quantity" | "unitCode" | "grossBani" | "vatRate">>): DraftLine[] {
  return lines.map((l) => ({ ...l, quantity: -l.quantity, grossBani: -l.grossBani }));
}

/** VAT per line and per rate for the issuer's mode (no VAT at all unless a payer). */
export function composeInvoice(drafts: DraftLine[], mode: VatMode): ComposedInvoice {
  const withRates = drafts.map((d) => ({ ...d, vatRate: mode === "payer" ? d.vatRate : 0 }));
  const split = splitVat(withRates.map((d) => ({ grossBani: d.grossBani, rate: d.vatRate })));
  const category = vatCategoryOf(mode);
  return {
    lines: withRates.map((d, i) => ({ ...d, vatCategory: category, netBani: split.lines[i].netBani, vatBani: split.lines[i].vatBani })),
    split,
  };
}

/** The mention printed where no VAT is charged. */
export function vatMention(mode: VatMode, exemptText: string): string {
  if (mode === "non_payer") return "Neplătitor de TVA";
  if (mode === "exempt") return exemptText || "Scutit de TVA";
  return "";
}

export const INVOICE_KIND_LABELS = {
  invoice: "Factură",
  advance: "Factură de avans",
  final: "Factură finală",
  credit: "Factură de stornare",
} as const;

/** One invoice or credit note in the account's "Facturi și comenzi" list. */
export interface InvoiceSummary {
  id: string;
  kind: keyof typeof INVOICE_KIND_LABELS;
  series: string;
  number: number;
  issuedOn: string;
  totalBani: number;
  orderReference: string;
  /** Cancelled by a credit note. */
  credited: boolean;
  /** Issued by a VAT payer: its total includes VAT. */
  withVat: boolean;
}
