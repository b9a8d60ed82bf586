import { formatMoney } from "~/lib/money";
import { lowestPriceStatement } from "~/lib/price-history";

/**
 * A catalogue price: "Gratis" for free, "de la 2.000,00 RON" when there are several choices,
 * and an optional compare-at price struck through. With a struck-through price, the lowest
 * price of the 30 days before the reduction is stated (Omnibus rules), when known.
 */
export function Price({
  bani,
  from = false,
  oldBani = null,
  lowestBani = null,
  className = "",
  vatIncluded = false,
}: {
  bani: number | null;
  from?: boolean;
  oldBani?: number | null;
  /** The 30-day reference price (price history), stated next to a struck-through price. */
  lowestBani?: number | null;
  className?: string;
  /** The issuer is a VAT payer: say the price includes VAT (detail pages). */
  vatIncluded?: boolean;
}) {
  if (bani === null) return <span className={`price ${className}`}>Preț la cerere</span>;
  if (bani === 0) return <span className={`tag tag--free ${className}`}>Gratis</span>;
  return (
    <span className={`price ${className}`}>
      {/* Spaces between the parts let a narrow column wrap them (issue 20: 390 px). */}
      {from ? <span className="price__from">de la</span> : null}{" "}
      <span className="price__amount">{formatMoney(bani)}</span>
      {oldBani && oldBani > bani ? (
        <>
          <span className="visually-hidden">, preț întreg </span>{" "}
          <s className="price__old">{formatMoney(oldBani)}</s>
          {lowestBani !== null ? <span className="price__lowest">{lowestPriceStatement(lowestBani)}</span> : null}
        </>
      ) : null}
      {vatIncluded ? <>{" "}<span className="price__vat">TVA inclus</span></> : null}
    </span>
  );
}
