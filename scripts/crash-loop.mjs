// @ts-check
/**
 * The supervisor's record of a crash loop (scripts/start.mjs stops the site when workers die too
 * often): `DATA_DIR/crash-loop.json`, written just before it stops, so that the site, once it
 * runs again, can alert the owner (app/models/crash-loop.server.ts reads it: the "Procesele
 * serverului" check of /admin/sistem and its alert). The supervisor has no database connection;
 * this file is the whole link. A newer crash loop replaces the record (and counts how many there
 * were since the owner last marked one as checked).
 */
import fs from "node:fs";
import path from "node:path";

export const CRASH_LOOP_FILE = "crash-loop.json";

/**
 * @param {string} dataDir
 * @param {{ at?: Date, deaths: number, windowSeconds: number, reasons: string[] }} loop
 */
export function recordCrashLoop(dataDir, { at = new Date(), deaths, windowSeconds, reasons }) {
  const file = path.join(dataDir, CRASH_LOOP_FILE);
  let earlier = 0;
  try {
    const previous = JSON.parse(fs.readFileSync(file, "utf8"));
    if (!previous.checkedAt) earlier = Number(previous.times) || 1;
  } catch {
    // none yet (or unreadable: this one replaces it)
  }
  const record = { at: at.toISOString(), deaths, windowSeconds, reasons: reasons.slice(-5).map((r) => String(r).split("\n")[0].slice(0, 300)), times: earlier + 1 };
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(temporary, file);
  return file;
}
