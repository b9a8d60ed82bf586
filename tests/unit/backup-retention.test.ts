import { describe, expect, it } from "vitest";
import { backupDue, backupFileName, backupsToKeep, backupTimeFromName, lastScheduledTime } from "~/lib/backup-retention";

const at = (iso: string) => new Date(iso);

/** One backup every night at 01:00 UTC (03:00 in Romania in winter) for `days` days up to `last`. */
function nightly(last: string, days: number): string[] {
  const end = at(last).getTime();
  return Array.from({ length: days }, (_, i) => backupFileName(new Date(end - i * 86_400_000)));
}

describe("backup file names", () => {
  it("round-trip to the millisecond and ignore other files", () => {
    const time = at("2026-11-25T18:45:12.123Z");
    expect(backupFileName(time)).toBe("backup-20261125T184512123Z.anabackup");
    expect(backupTimeFromName(backupFileName(time))).toEqual(time);
    expect(backupTimeFromName("notes.txt")).toBeNull();
    expect(backupTimeFromName("backup-20261125T184512123Z.anabackup.part")).toBeNull();
  });
});

describe("backupsToKeep: 7 daily + 4 weekly + 12 monthly", () => {
  it("keeps everything while there are fewer than 7 backups", () => {
    const names = nightly("2026-11-25T01:00:00Z", 5);
    expect(backupsToKeep(names)).toEqual(new Set(names));
  });

  it("after two years of nightly backups keeps 7 days, the newest of 4 weeks and of 12 months", () => {
    const names = nightly("2026-11-25T01:00:00Z", 730);
    const kept = [...backupsToKeep(names)].sort().reverse();
    const days = kept.map((name) => backupTimeFromName(name)!.toISOString().slice(0, 10));
    // 7 newest days (Wednesday 25 back to Thursday 19)
    expect(days.slice(0, 7)).toEqual(["2026-11-25", "2026-11-24", "2026-11-23", "2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19"]);
    // weeks: this week's newest is the 25th; earlier weeks end on Sundays 22, 15, 8 (22 already kept as a day)
    expect(days).toContain("2026-11-15");
    expect(days).toContain("2026-11-08");
    expect(days).not.toContain("2026-11-01"); // the Sunday of a 5th week back
    // months: the newest of each of the last 12 months = the last day of each earlier month
    for (const day of ["2026-10-31", "2026-09-30", "2026-08-31", "2026-01-31", "2025-12-31"]) expect(days).toContain(day);
    expect(days).not.toContain("2025-11-30"); // a 13th month
    expect(kept.length).toBe(7 + 2 + 11);
  });

  it("keeps the newest of several backups on one day", () => {
    const names = [backupFileName(at("2026-11-25T01:00:00Z")), backupFileName(at("2026-11-25T15:00:00Z"))];
    expect([...backupsToKeep(names, { daily: 1, weekly: 0, monthly: 0 })]).toEqual([names[1]]);
  });

  it("counts days in Romanian time: 23:30 UTC is already the next day", () => {
    const names = [backupFileName(at("2026-11-24T21:00:00Z")), backupFileName(at("2026-11-24T23:30:00Z"))];
    expect(backupsToKeep(names, { daily: 2, weekly: 0, monthly: 0 }).size).toBe(2);
  });
});

describe("nightly schedule", () => {
  it("finds the last 03:00 in Romania in winter and in summer", () => {
    expect(lastScheduledTime(at("2026-11-25T12:00:00Z"), 3).toISOString()).toBe("2026-11-25T01:00:00.000Z");
    expect(lastScheduledTime(at("2026-11-25T00:30:00Z"), 3).toISOString()).toBe("2026-11-24T01:00:00.000Z");
    expect(lastScheduledTime(at("2026-07-10T12:00:00Z"), 3).toISOString()).toBe("2026-07-10T00:00:00.000Z");
  });

  it("is due once per night, retries a failure after an hour", () => {
    const now = at("2026-11-25T01:10:00Z");
    expect(backupDue(now, 3, { successAt: null, attemptAt: null })).toBe(true);
    expect(backupDue(now, 3, { successAt: at("2026-11-24T01:05:00Z"), attemptAt: at("2026-11-24T01:05:00Z") })).toBe(true);
    expect(backupDue(now, 3, { successAt: at("2026-11-25T01:05:00Z"), attemptAt: at("2026-11-25T01:05:00Z") })).toBe(false);
    expect(backupDue(now, 3, { successAt: at("2026-11-24T01:05:00Z"), attemptAt: at("2026-11-25T01:01:00Z") })).toBe(false);
    expect(backupDue(at("2026-11-25T02:02:00Z"), 3, { successAt: at("2026-11-24T01:05:00Z"), attemptAt: at("2026-11-25T01:01:00Z") })).toBe(true);
    // before tonight's hour, last night's backup is enough
    expect(backupDue(at("2026-11-25T00:30:00Z"), 3, { successAt: at("2026-11-24T01:05:00Z"), attemptAt: null })).toBe(false);
  });
});
