/**
 * Rows that only age: expired sessions (a session cookie past `expires_at` is refused anyway)
 * and rate-limit windows that ended. Swept every hour by the app process (startup.server), so
 * the tables stay the size of the live data.
 */
import { deleteEndedWindows } from "~/services/rate-limit.server";
import { log } from "~/services/log.server";
import { every } from "~/services/schedule.server";
import { deleteExpiredSessions } from "./session.server";

export async function sweepExpiredRows(now?: Date): Promise<{ sessions: number; rateLimits: number }> {
  const sessions = await deleteExpiredSessions();
  const rateLimits = await deleteEndedWindows(now);
  return { sessions, rateLimits };
}

/** Every hour (first run 2 minutes after start), in the background. */
export function startHousekeeping(intervalMs = 3600_000): () => void {
  return every("housekeeping", intervalMs, 2 * 60_000, async () => {
    const result = await sweepExpiredRows();
    if (result.sessions > 0 || result.rateLimits > 0) log.info("removed expired rows", result);
  });
}
