/**
 * How totals are labelled for the issuer's VAT mode: "TVA inclus" for a VAT payer (prices are
 * final, VAT included), nothing for a non-payer or an exempt issuer (never a misleading VAT).
 */
export interface VatDisplay {
  vatIncluded: boolean;
  vatRate: number;
}

export const vatSuffix = (display: VatDisplay) => (display.vatIncluded ? " (TVA inclus)" : "");

/** The VAT contained in a VAT-inclusive total (one rate), for the cart summary. */
export function vatInTotal(totalBani: number, display: VatDisplay): number {
  if (!display.vatIncluded || display.vatRate === 0) return 0;
  const num = totalBani * display.vatRate;
  const den = 100 + display.vatRate;
  return Math.floor((2 * num + den) / (2 * den));
}
