/**
 * The hourly housekeeping sweep: expired sessions and ended rate-limit windows are deleted, live
 * ones stay (a live session still opens its account afterwards). Real database.
 */
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, sessions } from "../../db/schema";
import { sweepExpiredRows } from "~/models/housekeeping.server";
import { getUser } from "~/models/session.server";
import { cookieFor, createUser } from "../helpers/factories";
import { get } from "../helpers/http";

const HOUR = 3600_000;

describe("housekeeping sweep", () => {
  it("deletes expired sessions and ended rate-limit windows, and keeps the live ones", async () => {
    const db = getDb();
    const user = await createUser();
    const liveCookie = await cookieFor(user.id);
    const [live] = await db.select({ id: sessions.id }).from(sessions);
    const now = Date.now();
    await db.insert(sessions).values([
      { id: "expired-session-a", userId: user.id, expiresAt: new Date(now - HOUR) },
      { id: "expired-session-b", userId: user.id, expiresAt: new Date(now - 30 * 24 * HOUR) },
    ]);
    await db.insert(rateLimits).values([
      { key: "test:ended", count: 3, resetAt: new Date(now - 60_000) },
      { key: "test:open", count: 2, resetAt: new Date(now + 15 * 60_000) },
    ]);

    const result = await sweepExpiredRows(new Date(now));

    expect(result).toEqual({ sessions: 2, rateLimits: 1, seatHolds: 0 });
    const leftSessions = await db.select({ id: sessions.id }).from(sessions);
    expect(leftSessions.map((s) => s.id)).toEqual([live.id]);
    const leftWindows = await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, ["test:ended", "test:open"]));
    expect(leftWindows.map((w) => w.key)).toEqual(["test:open"]);
    expect((await getUser(get("/cont", { cookie: liveCookie })))?.id).toBe(user.id);

    // A second sweep finds nothing more to delete.
    expect(await sweepExpiredRows(new Date(now))).toEqual({ sessions: 0, rateLimits: 0, seatHolds: 0 });
  });
});
