/**
 * Dates are shown as dd/mm/yyyy in Europe/Bucharest (SPEC §9). Intl's ro-RO gives dots, so the
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
