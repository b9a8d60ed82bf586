/**
 * The crash loops the supervisor recorded (scripts/crash-loop.mjs writes DATA_DIR/crash-loop.json
 * just before it stops the site): read by the "Procesele serverului" check of /admin/sistem and
 * so by its alert; the owner marks it as checked from that page ("Am verificat"), which resolves
 * the alert. The same file format on both sides; tests/integration/system-crash-loop.test.ts
 * writes it with the supervisor's own function.
 */
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";

/** The supervisor's file name (scripts/crash-loop.mjs CRASH_LOOP_FILE). */
const FILE = "crash-loop.json";

export interface CrashLoop {
  at: Date;
  deaths: number;
  windowSeconds: number;
  /** Why the last workers died, as the supervisor logged it (shown scrubbed). */
  reasons: string[];
  /** Crash loops since the owner last marked one as checked. */
  times: number;
  checkedAt: Date | null;
}

function file(): string {
  return path.join(getConfig().dataDir, FILE);
}

/** The last recorded crash loop, or null when there never was one (or the record is unreadable). */
export function readCrashLoop(): CrashLoop | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(fs.readFileSync(file(), "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
  const at = new Date(String(raw.at));
  if (Number.isNaN(at.getTime())) return null;
  const checkedAt = raw.checkedAt ? new Date(String(raw.checkedAt)) : null;
  return {
    at,
    deaths: Number(raw.deaths) || 0,
    windowSeconds: Number(raw.windowSeconds) || 0,
    reasons: Array.isArray(raw.reasons) ? raw.reasons.map(String) : [],
    times: Number(raw.times) || 1,
    checkedAt: checkedAt && !Number.isNaN(checkedAt.getTime()) ? checkedAt : null,
  };
}

/** The owner read about the last crash loop: the check is in order again (until the next one). */
export function markCrashLoopChecked(now = new Date()): boolean {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(fs.readFileSync(file(), "utf8")) as Record<string, unknown>;
  } catch {
    return false;
  }
  if (raw.checkedAt) return false;
  const temporary = `${file()}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ ...raw, checkedAt: now.toISOString() }, null, 2)}\n`);
  fs.renameSync(temporary, file());
  return true;
}
