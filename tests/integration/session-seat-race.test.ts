/**
 * Issue 28: no overbooking across processes. On PostgreSQL the site runs several workers, each
 * with its own connection pool; here three Node processes (tests/fixtures/seat-race/worker.ts,
 * through tsx) check out ten buyers each at the same moment for a session with 3 places left.
 * PGlite is one process by design (docs/decisions/0002): its race is session-seats.test.ts's.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSessions, orders } from "../../db/schema";
import { SESSION_MESSAGES } from "~/lib/sessions";
import { addCourseToCart } from "~/models/cart.server";
import { createCourse, createCourseSession, createUser } from "../helpers/factories";
import { serverUrl } from "../helpers/db";

const PROCESSES = 3;
const BUYERS_EACH = 10;
const worker = path.resolve(__dirname, "../fixtures/seat-race/worker.ts");

/** Starts one process; resolves once it has read its buyers' carts. */
function startWorker(url: string, buyers: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", worker], {
    env: { ...process.env, RACE_DATABASE_URL: url, RACE_BUYERS: JSON.stringify(buyers) },
  });
  const lines = createInterface({ input: child.stdout });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      void exited.then((code) => reject(new Error(`the race process exited (${code}): ${stderr.slice(-2000)}`)));
    });
  return { child, next, exited };
}

describe.skipIf(!serverUrl())("the seat race across processes (PostgreSQL)", () => {
  it(`${PROCESSES} processes, ${PROCESSES * BUYERS_EACH} buyers at once, 3 places: exactly 3 orders, the rest a clear refusal`, async () => {
    const { course, options } = await createCourse("physical", { title: "Curs de bază în sală" }, [{ days: 5, amountBani: 200000 }]);
    const session = await createCourseSession(course.id, { days: 5, startsOn: "2099-05-12", capacity: 3 });
    const buyers: string[] = [];
    for (let i = 0; i < PROCESSES * BUYERS_EACH; i++) {
      const user = await createUser();
      expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: session.id })).toMatchObject({ ok: true });
      buyers.push(user.id);
    }
    const [{ name }] = (await getDb().execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const url = new URL(serverUrl()!);
    url.pathname = `/${name}`;

    const workers = Array.from({ length: PROCESSES }, (_, i) => startWorker(url.toString(), buyers.slice(i * BUYERS_EACH, (i + 1) * BUYERS_EACH)));
    try {
      expect(await Promise.all(workers.map((w) => w.next()))).toEqual(Array(PROCESSES).fill("ready"));
      const answers = workers.map((w) => w.next());
      for (const w of workers) w.child.stdin.end("go\n");
      const results = (await Promise.all(answers)).flatMap((line) => JSON.parse(line) as Array<{ ok: boolean; message?: string }>);
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual(Array(PROCESSES).fill(0));

      expect(results.filter((r) => r.ok)).toHaveLength(3);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toHaveLength(PROCESSES * BUYERS_EACH - 3);
      for (const r of refused) expect(r.message).toBe(SESSION_MESSAGES.soldOut("Curs de bază în sală", "12–16/05/2099"));
      const [row] = await getDb().select().from(courseSessions).where(eq(courseSessions.id, session.id));
      expect(row).toMatchObject({ seatsTaken: 3, state: "full" });
      const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(orders).where(inArray(orders.userId, buyers));
      expect(n).toBe(3);
    } finally {
      for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
    }
  }, 120_000);
});
