/**
 * Rows that only age: expired sessions (a session cookie past `expires_at` is refused anyway),
 * rate-limit windows that ended, and in-person places held by a transfer that did not arrive. Swept every hour as part of the
 * retention job (retention.server.ts), so the tables stay the size of the live data.
 */
import { deleteEndedWindows } from "~/services/rate-limit.server";
import { deleteExpiredSessions } from "./session.server";
import { releaseExpiredHolds } from "./seat-holds.server";

export async function sweepExpiredRows(now?: Date): Promise<{ sessions: number; rateLimits: number; seatHolds: number }> {
  const sessions = await deleteExpiredSessions();
  const rateLimits = await deleteEndedWindows(now);
  // In-person places held by bank-transfer orders whose payment did not arrive in time.
  const seatHolds = await releaseExpiredHolds(now);
  return { sessions, rateLimits, seatHolds };
}
