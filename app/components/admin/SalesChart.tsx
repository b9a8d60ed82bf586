/**
 * The last months' sales as a bar chart drawn on the server (inline SVG, no chart script): one
 * accessible image (role="img" with a title and a label naming the figures' table) and, under
 * it, the same figures as a table in a <details>, for screen readers and for exact amounts.
 */
import { formatMoney } from "~/lib/money";
import { salesChartLayout, type MonthTotal } from "~/lib/sales-chart";
import { TableWrap } from "~/components/ui/TableWrap";

export function SalesChart({ months, id = "vanzari" }: { months: MonthTotal[]; id?: string }) {
  const layout = salesChartLayout(months);
  const best = layout.bars.reduce<(typeof layout.bars)[number] | null>((a, b) => (!a || b.totalBani > a.totalBani ? b : a), null);
  const first = layout.bars[0];
  const last = layout.bars[layout.bars.length - 1];
  const label =
    first && last
      ? `Vânzări lunare, ${first.name} – ${last.name}` +
        (best && best.totalBani > 0 ? `; cea mai bună lună: ${best.name}, ${formatMoney(best.totalBani)}` : "; nicio vânzare") +
        ". Cifrele sunt în tabelul de sub grafic."
      : "Nicio lună de afișat.";
  return (
    <figure className="sales-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sales-chart__caption">
        Vânzări pe ultimele {layout.bars.length} luni (scara până la {formatMoney(layout.scaleBani)})
      </figcaption>
      <svg
        className="sales-chart__svg"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        focusable="false"
      >
        <title>{label}</title>
        <line className="sales-chart__grid" x1={0} x2={layout.width} y1={layout.top} y2={layout.top} />
        <line className="sales-chart__grid" x1={0} x2={layout.width} y1={(layout.top + layout.baseline) / 2} y2={(layout.top + layout.baseline) / 2} />
        <line className="sales-chart__axis" x1={0} x2={layout.width} y1={layout.baseline} y2={layout.baseline} />
        {layout.bars.map((bar) => (
          <g key={bar.month}>
            <rect className="sales-chart__bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={3} data-month={bar.month} />
            <text className="sales-chart__label" x={bar.x + bar.width / 2} y={layout.height - 8} textAnchor="middle">
              {bar.short}
            </text>
          </g>
        ))}
      </svg>
      <details className="sales-chart__details">
        <summary>Cifrele lunare</summary>
        <TableWrap label="Vânzări pe luni">
          <table className="table">
            <caption className="visually-hidden">Vânzări pe luni</caption>
            <thead>
              <tr>
                <th scope="col">Luna</th>
                <th scope="col">Încasări</th>
              </tr>
            </thead>
            <tbody>
              {layout.bars.map((bar) => (
                <tr key={bar.month} data-month={bar.month}>
                  <th scope="row">{bar.name}</th>
                  <td>{formatMoney(bar.totalBani)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </figure>
  );
}
