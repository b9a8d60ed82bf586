/** Which in-person sessions start within the 14-day withdrawal period (Bucharest calendar days). */
import { describe, expect, it } from "vitest";
import { startsWithinWithdrawal } from "~/lib/early-start";

describe("startsWithinWithdrawal", () => {
  it("counts the 14 days from today, across months and years", () => {
    expect(startsWithinWithdrawal("2026-11-24", "2026-11-24")).toBe(true);
    expect(startsWithinWithdrawal("2026-12-08", "2026-11-24")).toBe(true); // day 14
    expect(startsWithinWithdrawal("2026-12-09", "2026-11-24")).toBe(false); // day 15
    expect(startsWithinWithdrawal("2027-01-05", "2026-12-25")).toBe(true);
    expect(startsWithinWithdrawal("2027-03-10", "2027-02-25")).toBe(true); // 13 days over a 28-day February
  });
  it("a session already under way is within it too; no date is not", () => {
    expect(startsWithinWithdrawal("2026-11-20", "2026-11-24")).toBe(true);
    expect(startsWithinWithdrawal(null, "2026-11-24")).toBe(false);
  });
});
