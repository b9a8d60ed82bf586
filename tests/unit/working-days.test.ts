import { describe, expect, it } from "vitest";
import { addWorkingDays, deadlineText, efacturaDeadline, isWorkingDay, orthodoxEaster, romanianHolidays, workingDaysBetween } from "~/lib/working-days";

describe("Romanian working days", () => {
  it("Orthodox Easter of known years", () => {
    expect(orthodoxEaster(2024)).toBe("2024-05-05");
    expect(orthodoxEaster(2025)).toBe("2025-04-20");
    expect(orthodoxEaster(2026)).toBe("2026-04-12");
    expect(orthodoxEaster(2027)).toBe("2027-05-02");
  });

  it("the legal holidays of 2026: fixed days, Good Friday, Easter Monday, Pentecost Monday", () => {
    const days = romanianHolidays(2026);
    for (const day of ["2026-01-01", "2026-01-02", "2026-01-06", "2026-01-07", "2026-01-24", "2026-04-10", "2026-04-12", "2026-04-13", "2026-05-01", "2026-05-31", "2026-06-01", "2026-08-15", "2026-11-30", "2026-12-01", "2026-12-25", "2026-12-26"]) {
      expect(days.has(day), day).toBe(true);
    }
    expect(days.size).toBe(16);
    expect(isWorkingDay("2026-04-13")).toBe(false); // Easter Monday
    expect(isWorkingDay("2026-04-14")).toBe(true);
    expect(isWorkingDay("2026-11-28")).toBe(false); // Saturday
  });

  it("the e-Factura deadline skips weekends and holidays", () => {
    // Wednesday 25 Nov 2026: Thu 26, Fri 27, (weekend; Mon 30 Nov and Tue 1 Dec are holidays), Wed 2, Thu 3, Fri 4.
    expect(efacturaDeadline("2026-11-25")).toBe("2026-12-04");
    // Monday 20 Apr 2026: an ordinary week.
    expect(efacturaDeadline("2026-04-20")).toBe("2026-04-27");
    // Issued on Christmas Eve 2026 (Thursday): 25, 26 (Sat), 27 (Sun) skipped; 28, 29, 30, 31 Dec, 1–2 Jan holidays, Mon 4 Jan.
    expect(efacturaDeadline("2026-12-24")).toBe("2027-01-04");
    expect(addWorkingDays("2026-04-09", 1)).toBe("2026-04-14");
  });

  it("working days left and their wording", () => {
    expect(workingDaysBetween("2026-11-25", "2026-12-04")).toBe(5);
    expect(workingDaysBetween("2026-12-04", "2026-11-25")).toBe(-5);
    expect(workingDaysBetween("2026-11-27", "2026-12-02")).toBe(1);
    expect(deadlineText({ deadline: "2026-12-03", daysLeft: 1 })).toBe("termen: 03.12.2026 (o zi lucrătoare)");
    expect(deadlineText({ deadline: "2026-12-03", daysLeft: 0 })).toBe("ultima zi: azi, 03.12.2026");
    expect(deadlineText({ deadline: "2026-12-03", daysLeft: -2 })).toBe("termen depășit (03.12.2026)");
  });
});
