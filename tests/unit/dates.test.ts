import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, todayInBucharest, UNKNOWN_DATE } from "~/lib/dates";

describe("formatDate", () => {
  it("shows dd/mm/yyyy in Bucharest time", () => {
    expect(formatDate(new Date("2026-03-05T10:00:00Z"))).toBe("05/03/2026");
    // 22:30 UTC on 31 Dec is already 1 Jan in Bucharest (UTC+2).
    expect(formatDate(new Date("2025-12-31T22:30:00Z"))).toBe("01/01/2026");
    // Summer time (UTC+3): 21:30 UTC on 30 June is 1 July in Bucharest.
    expect(formatDate("2026-06-30T21:30:00Z")).toBe("01/07/2026");
    expect(formatDate(Date.UTC(2024, 1, 29, 12))).toBe("29/02/2024");
  });

  it("shows a calendar date as written", () => {
    expect(formatDate("2026-05-10")).toBe("10/05/2026");
  });

  it.each([null, undefined, "", "nu e o dată", Number.NaN, new Date("invalid")])(
    "shows %j as Data necunoscută",
    (value) => {
      expect(formatDate(value as never)).toBe(UNKNOWN_DATE);
    },
  );

  it("formats date and time for timelines", () => {
    expect(formatDateTime(new Date("2026-03-05T10:07:00Z"))).toBe("05/03/2026 12:07");
    expect(formatDateTime(null)).toBe(UNKNOWN_DATE);
  });

  it("knows today's date in Bucharest", () => {
    expect(todayInBucharest(new Date("2025-12-31T22:30:00Z"))).toBe("2026-01-01");
  });
});
