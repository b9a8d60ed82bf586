/**
 * The admin dashboard's sales chart as numbers (pure): one bar per month, heights proportional
 * to the month's total on a scale rounded up to a readable RON amount. The component
 * (`components/admin/SalesChart.tsx`) only draws these rectangles as server-rendered SVG.
 * A month whose credit notes exceed its invoices (a negative total) gets no bar: its figure is
 * in the table under the chart.
 */
import { monthName, monthShort } from "./dates";

export interface MonthTotal {
  /** YYYY-MM (Bucharest). */
  month: string;
  totalBani: number;
}

export interface ChartBar extends MonthTotal {
  /** "nov." under the bar, "noiembrie 2026" for the table and the label. */
  short: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The y of the zero line and of the top of the scale. */
  baseline: number;
  top: number;
  /** The amount at the top of the scale (bani), a round number ≥ the highest month. */
  scaleBani: number;
  bars: ChartBar[];
}

export const CHART_SIZE = { width: 640, height: 240, padTop: 24, padBottom: 28, padX: 8, gap: 0.3 } as const;

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ RON (in bani) not below `bani`; 100 RON when there were no sales. */
export function niceScale(bani: number): number {
  if (bani <= 0) return 10_000;
  const lei = bani / 100;
  const power = 10 ** Math.floor(Math.log10(lei));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= lei) return Math.round(step * power * 100);
  return Math.round(10 * power * 100);
}

export function salesChartLayout(months: MonthTotal[], size: typeof CHART_SIZE = CHART_SIZE): ChartLayout {
  const scaleBani = niceScale(Math.max(0, ...months.map((m) => m.totalBani)));
  const baseline = size.height - size.padBottom;
  const top = size.padTop;
  const slot = months.length ? (size.width - 2 * size.padX) / months.length : 0;
  const barWidth = slot * (1 - size.gap);
  const bars = months.map((m, i) => {
    const height = m.totalBani > 0 ? ((baseline - top) * m.totalBani) / scaleBani : 0;
    return {
      ...m,
      short: monthShort(m.month),
      name: monthName(m.month),
      x: round(size.padX + i * slot + (slot - barWidth) / 2),
      y: round(baseline - height),
      width: round(barWidth),
      height: round(height),
    };
  });
  return { width: size.width, height: size.height, baseline, top, scaleBani, bars };
}

const round = (n: number) => Math.round(n * 10) / 10;
