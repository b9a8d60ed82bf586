/**
 * Romanian working days: Monday to Friday except the legal public holidays (Labour Code art. 139):
 * 1 and 2 January, 6 January (Boboteaza), 7 January (Sf. Ioan), 24 January (Unirea), Orthodox Good
 * Friday, Easter Sunday and Monday, 1 May, 1 June (Ziua Copilului), Orthodox Pentecost (Rusalii)
 * Sunday and Monday, 15 August (Adormirea Maicii Domnului), 30 November (Sf. Andrei), 1 December,
 * 25 and 26 December. Days are calendar dates `YYYY-MM-DD` (Bucharest), no time zone involved.
 *
 * The e-Factura deadline: a document must reach ANAF within 5 working days from its issue date
 * (the issue day itself not counted), so the last allowed day is `addWorkingDays(issuedOn, 5)`.
 */

const FIXED_HOLIDAYS = ["01-01", "01-02", "01-06", "01-07", "01-24", "05-01", "06-01", "08-15", "11-30", "12-01", "12-25", "12-26"];

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (iso: string, days: number) => toIso(new Date(toDate(iso).getTime() + days * 86_400_000));

/** Orthodox Easter Sunday (Gregorian date) of a year: Meeus' Julian algorithm + 13 days (1900–2099). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  const julian = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return plusDays(julian, 13);
}

const cache = new Map<number, Set<string>>();

/** The legal public holidays of a year, as `YYYY-MM-DD`. */
export function romanianHolidays(year: number): Set<string> {
  const known = cache.get(year);
  if (known) return known;
  const easter = orthodoxEaster(year);
  const days = new Set(FIXED_HOLIDAYS.map((md) => `${year}-${md}`));
  for (const offset of [-2, 0, 1, 49, 50]) days.add(plusDays(easter, offset));
  cache.set(year, days);
  return days;
}

export function isWorkingDay(iso: string): boolean {
  const weekday = toDate(iso).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !romanianHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The `n`-th working day after `iso` (the day itself not counted). */
export function addWorkingDays(iso: string, n: number): string {
  let day = iso;
  let left = n;
  while (left > 0) {
    day = plusDays(day, 1);
    if (isWorkingDay(day)) left--;
  }
  return day;
}

/** Working days from `from` (exclusive) to `to` (inclusive); negative when `to` is earlier. */
export function workingDaysBetween(from: string, to: string): number {
  if (to < from) return -workingDaysBetween(to, from);
  let count = 0;
  for (let day = plusDays(from, 1); day <= to; day = plusDays(day, 1)) if (isWorkingDay(day)) count++;
  return count;
}

/** The last day to upload a document issued on `issuedOn` (RO e-Factura: 5 working days). */
export const EFACTURA_WORKING_DAYS = 5;
export const efacturaDeadline = (issuedOn: string) => addWorkingDays(issuedOn, EFACTURA_WORKING_DAYS);

/** `2026-11-25` → `25.11.2026`. */
export const formatDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The deadline in words, from the working days left (0: today is the last day; negative: late). */
export function deadlineText(d: { daysLeft: number; deadline: string }): string {
  if (d.daysLeft < 0) return `termen depășit (${formatDay(d.deadline)})`;
  if (d.daysLeft === 0) return `ultima zi: azi, ${formatDay(d.deadline)}`;
  return `termen: ${formatDay(d.deadline)} (${d.daysLeft === 1 ? "o zi lucrătoare" : `${d.daysLeft} zile lucrătoare`})`;
}
