/**
 * The postgres.js 3.4.9 crashes of issue 13, reproduced: a server that closes connections while
 * queries are being written (pg_terminate_backend in a loop stands for a restart or failover).
 * Unpatched, the driver throws from a setImmediate (`Cannot read properties of null (reading
 * 'write')`) or rejects its array-type lookup unhandled: uncaught errors that end the process.
 * A third fault left queries unanswered forever and took connections out of the pool for good
 * (a query written to a socket between its error and its close was never failed, and the
 * reconnected connection inherited it with the kill's error). patches/postgres+3.4.9.patch
 * (applied by patch-package at `npm ci`) guards all three; here no uncaught error may appear, every query must settle
 * and the pool must answer again afterwards. PostgreSQL only (PGlite has no sockets).
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { POOL_TIMINGS } from "../../db/client";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("postgres.js under connection kills", () => {
  it("survives connections closed mid-write, and answers again", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
    const name = `driver_crash_${randomBytes(4).toString("hex")}`;
    const sql = postgres(url!, { max: 10, ...POOL_TIMINGS, onnotice: () => {}, connection: { application_name: name } });
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    let running = true;
    try {
      // A query caught on a killed connection must fail at once (CONNECTION_CLOSED), never hang:
      // the loop moves on after 5 s and counts it, so a hang fails the test instead of timing out.
      let unanswered = 0;
      const settled = (query: Promise<unknown>) =>
        Promise.race([query.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(resolve, 5000, false).unref())]);
      const loops = Array.from({ length: 30 }, async () => {
        while (running) if (!(await settled(sql`select ${"x".repeat(50)}::text as a`))) unanswered++;
      });
      const killer = (async () => {
        while (running) {
          await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.catch(() => {});
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 4000));
      running = false;
      await Promise.all([...loops, killer]);
      expect(unanswered, "queries left unanswered after their connection was killed").toBe(0);
      const answer = sql`select 1 as ok`;
      expect(await settled(answer), "the pool answers again after the kills").toBe(true);
      const [row] = await answer;
      expect(row.ok).toBe(1);
      expect(uncaught.map((e) => (e instanceof Error ? e.message : String(e)))).toEqual([]);
    } finally {
      running = false;
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
      await sql.end({ timeout: 1 });
      await admin.end({ timeout: 1 });
    }
  }, 60_000);
});
