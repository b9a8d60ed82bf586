/**
 * Which backups to keep, and when the nightly one is due. Pure; dates are calendar days,
 * ISO weeks and months in Romanian time.
 *
 * Kept: the newest backup of each of the last 7 days that have one, of each of the last 4 weeks
 * and of each of the last 12 months (one archive can count for all three). Everything else is
 * deleted after a successful backup.
 */
import { bucharestWallClock } from "./bucharest-time";

export const BACKUP_KEEP = { daily: 7, weekly: 4, monthly: 12 } as const;

/** An attempt that failed is retried after this long (not on every scheduler tick). */
export const BACKUP_RETRY_MS = 60 * 60_000;

const EXTENSION = ".anabackup";
const NAME_PATTERN = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.anabackup$/;

/** `backup-20261125T184512123Z.anabackup` (UTC, to the millisecond: names sort by time). */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/[-:.]/g, "")}${EXTENSION}`;
}

/** The time in a backup's file name, or null for any other file. */
export function backupTimeFromName(name: string): Date | null {
  const m = NAME_PATTERN.exec(name);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]));
  return Number.isNaN(date.getTime()) ? null : date;
}

const localParts = bucharestWallClock;

function dayKey(at: Date): string {
  const p = localParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

function monthKey(at: Date): string {
  const p = localParts(at);
  return `${p.year}-${p.month}`;
}

/** ISO week (Monday first) of the local calendar day. */
function weekKey(at: Date): string {
  const p = localParts(at);
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day));
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7)); // the Thursday of its week decides the year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${week}`;
}

/**
 * The names (from `names`) to keep; names that are not backups are never returned nor deleted
 * by the caller.
 */
export function backupsToKeep(names: string[], keep: { daily: number; weekly: number; monthly: number } = BACKUP_KEEP): Set<string> {
  const dated = names
    .map((name) => ({ name, at: backupTimeFromName(name) }))
    .filter((item): item is { name: string; at: Date } => item.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const pick = (keyOf: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const item of dated) {
      const key = keyOf(item.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(item.name);
    }
  };
  pick(dayKey, keep.daily);
  pick(weekKey, keep.weekly);
  pick(monthKey, keep.monthly);
  return kept;
}

/** The most recent moment at or before `now` when the clock in Romania showed `hour`:00. */
export function lastScheduledTime(now: Date, hour: number): Date {
  const p = localParts(now);
  // The local wall clock read as if it were UTC, minus the real instant: Romania's offset now.
  const offsetMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(now.getTime() / 1000) * 1000;
  let candidate = new Date(Date.UTC(p.year, p.month - 1, p.day, hour) - offsetMs);
  if (candidate.getTime() > now.getTime()) candidate = new Date(candidate.getTime() - 86_400_000);
  return candidate;
}

/**
 * Whether the nightly backup should run now: no success since the last scheduled hour, and no
 * failed attempt within the retry delay.
 */
export function backupDue(now: Date, hour: number, last: { successAt: Date | null; attemptAt: Date | null }): boolean {
  const scheduled = lastScheduledTime(now, hour);
  if (last.successAt && last.successAt.getTime() >= scheduled.getTime()) return false;
  if (last.attemptAt && now.getTime() - last.attemptAt.getTime() < BACKUP_RETRY_MS) return false;
  return true;
}

/** Older than this, the last successful backup is a problem (system page, alert). */
export const BACKUP_STALE_MS = 26 * 3600_000;
