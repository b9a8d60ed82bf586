/** Bucharest wall-clock times with their offset (the course page's schema.org session dates). */
import { describe, expect, it } from "vitest";
import { bucharestDateTime } from "~/lib/bucharest-time";

describe("bucharestDateTime", () => {
  it.each([
    ["2027-01-12", "09:00", "2027-01-12T09:00:00+02:00"],
    ["2027-05-12", "09:00", "2027-05-12T09:00:00+03:00"],
    // Summer time starts on 28 March 2027 at 03:00 (→ 04:00) and ends on 31 October at 04:00 (→ 03:00).
    ["2027-03-27", "23:59", "2027-03-27T23:59:00+02:00"],
    ["2027-03-28", "02:30", "2027-03-28T02:30:00+02:00"],
    ["2027-03-28", "09:00", "2027-03-28T09:00:00+03:00"],
    ["2027-10-30", "17:00", "2027-10-30T17:00:00+03:00"],
    ["2027-10-31", "09:00", "2027-10-31T09:00:00+02:00"],
  ])("%s %s → %s", (date, time, expected) => {
    const value = bucharestDateTime(date, time);
    expect(value).toBe(expected);
    // The same instant read back in Bucharest is the wall time asked for.
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Bucharest", dateStyle: "short", timeStyle: "short" }).format(new Date(value));
    expect(local).toBe(`${date} ${time}`);
  });
});
