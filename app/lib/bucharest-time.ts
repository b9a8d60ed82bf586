/**
 * Bucharest wall-clock times as instants with their offset (schema.org dates of the in-person
 * sessions). Its own module, not dates.ts: only the course page needs it, and the formatter
 * below would otherwise ship in every page's script.
 */
import { TIME_ZONE } from "./dates";

// Pure: a page that imports course-json-ld.ts without its session dates ships none of this.
const wallClock = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** What a clock in Bucharest shows at this instant, as numbers. */
export function bucharestWallClock(at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const p = Object.fromEntries(wallClock.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** Minutes Bucharest is ahead of UTC at this instant (120 in winter, 180 in summer). */
function bucharestOffsetAt(instant: number): number {
  const p = bucharestWallClock(new Date(instant));
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * A Bucharest wall-clock time as ISO 8601 with that day's offset: ("2027-05-12", "09:00") →
 * "2027-05-12T09:00:00+03:00", ("2027-01-12", "09:00") → "2027-01-12T09:00:00+02:00".
 */
export function bucharestDateTime(date: string, time: string): string {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // The offset of the instant the wall time names (checked twice around a DST change).
  const offset = bucharestOffsetAt(naive - bucharestOffsetAt(naive - bucharestOffsetAt(naive) * 60_000) * 60_000);
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${date}T${time}:00${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
