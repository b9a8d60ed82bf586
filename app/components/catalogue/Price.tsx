import { formatMoney } from "~/lib/money";

/**
 * A catalogue price: "Gratis" for free, "de la 2.000,00 RON" when there are several choices,
 * and an optional compare-at price struck through.
 */
export function Price({
  bani,
  from = false,
  oldBani = null,
  className = "",
}: {
  bani: number | null;
  from?: boolean;
  oldBani?: number | null;
  className?: string;
}) {
  if (bani === null) return <span className={`price ${className}`}>Preț la cerere</span>;
  if (bani === 0) return <span className={`tag tag--free ${className}`}>Gratis</span>;
  return (
    <span className={`price ${className}`}>
      {from ? <span className="price__from">de la</span> : null}
      <span className="price__amount">{formatMoney(bani)}</span>
      {oldBani && oldBani > bani ? (
        <>
          <span className="visually-hidden">, preț întreg </span>
          <s className="price__old">{formatMoney(oldBani)}</s>
        </>
      ) : null}
    </span>
  );
}
