/**
 * The reference price of a reduction (Omnibus rules: Legea 193/2000 / OG 21/1992 as amended):
 * the lowest price applied in the 30 days before the reduction took effect. Computed from the
 * recorded price changes of one priced thing (a course option or a product). Pure.
 */
import { formatMoney } from "./money";

export interface PriceChange {
  at: Date;
  /** Null when the price was first set. */
  oldBani: number | null;
  newBani: number;
}

export const REFERENCE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lowest price in effect during the 30 days before the current price was set, when the
 * current price is a reduction (lower than the one before it); otherwise the lowest price in
 * effect during the last 30 days (current price included). With no history, the current price.
 */
export function lowestPriceBeforeReduction(changes: readonly PriceChange[], currentBani: number, now: Date = new Date()): number {
  const sorted = [...changes].filter((c) => c.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = sorted.at(-1);
  if (!last) return currentBani;
  const reduction = last.oldBani !== null && last.newBani < last.oldBani;
  const end = reduction ? last.at.getTime() : now.getTime();
  const start = end - REFERENCE_WINDOW_DAYS * DAY_MS;
  const levels: number[] = [];
  // The price in effect when the window opened.
  const before = sorted.filter((c) => c.at.getTime() <= start).at(-1);
  if (before) levels.push(before.newBani);
  for (const change of sorted) {
    const t = change.at.getTime();
    if (t <= start) continue;
    if (reduction && change === last) {
      // The reduction itself is not a price "before the reduction"; what it replaced is.
      if (change.oldBani !== null) levels.push(change.oldBani);
      continue;
    }
    if (t > end) continue;
    if (!before && levels.length === 0 && change.oldBani !== null) levels.push(change.oldBani);
    levels.push(change.newBani);
  }
  if (!reduction) levels.push(currentBani);
  return levels.length ? Math.min(...levels) : currentBani;
}

/** The lowest across several priced things (a course's options): each one's reference price. */
export function lowestAcross(items: ReadonlyArray<{ changes: readonly PriceChange[]; currentBani: number }>, now: Date = new Date()): number | null {
  if (items.length === 0) return null;
  return Math.min(...items.map((i) => lowestPriceBeforeReduction(i.changes, i.currentBani, now)));
}

/** The sentence shown next to a struck-through price. */
export function lowestPriceStatement(bani: number): string {
  return `Cel mai mic preț din ultimele 30 de zile: ${formatMoney(bani)}`;
}

/**
 * The admin editor's notice (issue 19): a struck-through reference price that is not the lowest
 * price of the last 30 days misstates the reduction. Null when no struck-through price is shown
 * (no reference, or not above the current price) or when it is the 30-day lowest.
 */
export function referencePriceWarning(referenceBani: number | null, currentBani: number | null, lowestBani: number | null): string | null {
  if (referenceBani === null || currentBani === null || lowestBani === null) return null;
  if (referenceBani <= currentBani || referenceBani === lowestBani) return null;
  return `Prețul de referință ${formatMoney(referenceBani)} nu este cel mai mic preț din ultimele 30 de zile (${formatMoney(lowestBani)}); conform legii, reducerea se raportează la acesta.`;
}
