/**
 * Rows that only age: expired sessions (a session cookie past `expires_at` is refused anyway),
 * rate-limit windows that ended, and in-person places held by a transfer that did not arrive. Swept every hour by the app process (startup.server), so
 * the tables stay the size of the live data.
 */
import { deleteEndedWindows } from "~/services/rate-limit.server";
import { log } from "~/services/log.server";
import { every } from "~/services/schedule.server";
import { deleteExpiredSessions } from "./session.server";
import { releaseExpiredHolds } from "./seat-holds.server";

export async function sweepExpiredRows(now?: Date): Promise<{ sessions: number; rateLimits: number; seatHolds: number }> {
  const sessions = await deleteExpiredSessions();
  const rateLimits = await deleteEndedWindows(now);
  // In-person places held by bank-transfer orders whose payment did not arrive in time.
  const seatHolds = await releaseExpiredHolds(now);
  return { sessions, rateLimits, seatHolds };
}

/** Every hour (first run 2 minutes after start), in the background. */
export function startHousekeeping(intervalMs = 3600_000): () => void {
  return every("housekeeping", intervalMs, 2 * 60_000, async () => {
    const result = await sweepExpiredRows();
    if (result.sessions > 0 || result.rateLimits > 0 || result.seatHolds > 0) log.info("removed expired rows", result);
  });
}
