/** Under the cart total: the VAT it contains (VAT payer) — nothing for a non-payer. */
import { formatMoney } from "~/lib/money";
import { vatInTotal, type VatDisplay } from "~/lib/vat-display";

export function VatNote({ totalBani, vat }: { totalBani: number; vat: VatDisplay }) {
  if (!vat.vatIncluded || totalBani === 0) return null;
  return (
    <p className="muted cart-summary__vat" data-testid="cart-vat">
      TVA inclus ({vat.vatRate}%): {formatMoney(vatInTotal(totalBani, vat))}
    </p>
  );
}
