/**
 * In-person sessions (pure): how their days, places left and state read in Romanian, and the
 * days of a session from a start–end range or a list.
 */
import { formatDate } from "./dates";
import { pluralRo } from "./pricing";

export type SessionStateName = "open" | "full" | "closed" | "cancelled";

export const SESSION_STATE_LABELS: Record<SessionStateName, string> = {
  open: "Deschisă",
  full: "Completă",
  closed: "Închisă pentru vânzare",
  cancelled: "Anulată",
};

export const SESSION_MESSAGES = {
  required: "Alege sesiunea (datele) la care vrei să participi.",
  unknown: "Sesiunea aleasă nu mai este disponibilă. Alege altă sesiune.",
  wrongPeriod: "Sesiunea aleasă nu ține de perioada aleasă. Alege o sesiune din lista perioadei.",
  noSessions: "Nu există sesiuni programate pentru perioada aleasă.",
  full: "Sesiunea aleasă este completă. Alege altă sesiune sau intră pe lista de așteptare.",
  /** The checkout lost the race for the last places. */
  soldOut: (title: string, dates: string) =>
    `Ne pare rău, ultimul loc la sesiunea ${dates} a cursului „${title}” tocmai a fost ocupat. Comanda nu a fost plasată; alege altă sesiune.`,
} as const;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Every day from start to end (YYYY-MM-DD, both included); [] when end is before start. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const last = new Date(`${end}T00:00:00Z`);
  for (let d = new Date(`${start}T00:00:00Z`); d <= last && out.length < 400; d.setUTCDate(d.getUTCDate() + 1)) out.push(iso(d));
  return out;
}

/** A sorted list without duplicates. */
export function normaliseDates(dates: readonly string[]): string[] {
  return [...new Set(dates)].sort();
}

/** True when the days follow each other with no gap. */
export function consecutive(dates: readonly string[]): boolean {
  return dates.length > 0 && daysBetween(dates[0], dates[dates.length - 1]).length === dates.length;
}

/**
 * The days of a session as a person reads them: "12/05/2027" for one day, "12–16/05/2027" for a
 * run in one month, "28/05/2027 – 03/06/2027" across months, a list otherwise ("06/06/2027,
 * 07/06/2027, 13/06/2027").
 */
export function formatSessionDays(dates: readonly string[]): string {
  if (dates.length === 0) return "";
  if (dates.length === 1) return formatDate(dates[0]);
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (consecutive(dates)) {
    if (first.slice(0, 7) === last.slice(0, 7)) return `${first.slice(8, 10)}–${formatDate(last)}`;
    return `${formatDate(first)} – ${formatDate(last)}`;
  }
  return dates.map((d) => formatDate(d)).join(", ");
}

/** "3 locuri rămase", "1 loc rămas", "Complet". */
export function seatsLeftLabel(left: number): string {
  if (left <= 0) return "Complet";
  return left === 1 ? "1 loc rămas" : `${pluralRo(left, "loc", "locuri")} rămase`;
}

export interface SessionLabelParts {
  dates: readonly string[];
  startTime: string;
  endTime: string;
  place: string;
}

/** One line for the cart, order, invoice and e-mails: "12–16/05/2027, 09:00–17:00, <place>". */
export function sessionLabel(session: SessionLabelParts): string {
  return `${formatSessionDays(session.dates)}, ${session.startTime}–${session.endTime}, ${session.place}`;
}
