/**
 * Dates are shown as dd/mm/yyyy in Europe/Bucharest (docs/product.md §9). Intl's ro-RO gives dots, so the
 * string is built from parts. A missing or invalid date shows "Data necunoscută".
 */

export const UNKNOWN_DATE = "Data necunoscută";
export const TIME_ZONE = "Europe/Bucharest";

const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: DateInput): string {
  // A calendar date ("2026-05-10", a SQL date) has no time zone: show it as written.
  if (typeof value === "string") {
    const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (calendar) {
      return toDate(`${value}T12:00:00Z`) ? `${calendar[3]}/${calendar[2]}/${calendar[1]}` : UNKNOWN_DATE;
    }
  }
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

const timeFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd/mm/yyyy hh:mm in Bucharest time, for admin timelines. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  return `${formatDate(date)} ${timeFormatter.format(date)}`;
}

/** Today's calendar date in Bucharest as YYYY-MM-DD. */
export function todayInBucharest(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(now).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// ─── Calendar months (admin dashboard) ──────────────────────────────────────────────────────

/** The Bucharest calendar month of a moment, as YYYY-MM. */
export function monthInBucharest(now: Date = new Date()): string {
  return todayInBucharest(now).slice(0, 7);
}

/** "2026-01" moved by `delta` months: (-1) → "2025-12". */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonth(last, i - count + 1));
}

const MONTH_NAMES = ["ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august", "septembrie", "octombrie", "noiembrie", "decembrie"];
const MONTH_SHORT = ["ian.", "feb.", "mar.", "apr.", "mai", "iun.", "iul.", "aug.", "sept.", "oct.", "nov.", "dec."];

/** "2026-11" → "noiembrie 2026". */
export function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

/** "2026-11" → "nov." (a chart's axis). */
export function monthShort(month: string): string {
  return MONTH_SHORT[Number(month.slice(5, 7)) - 1];
}
