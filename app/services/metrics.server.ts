/**
 * The app's own Prometheus metrics (prom-client's default registry; scripts/observability.mjs
 * serves them at /metrics behind METRICS_TOKEN, with the request counts and durations): the
 * mail outbox's depth and oldest waiting mail, the last good backup, and for each background job
 * (schedule.server.ts) its last successful run, the seconds spent running it and whether it runs
 * now (`npm run bench` reads the last two to tell a row measured while a job ran). Figures read
 * from the database are gauges with aggregator "max": every worker reads the same rows, the
 * cluster's answer shows them once.
 */
import { and, count, eq, inArray, max, min } from "drizzle-orm";
import client from "prom-client";
import { getDatabaseHandle } from "../../db/client";
import { backupRuns, mailOutbox } from "../../db/schema";

function gauge(name: string, help: string, collect?: (g: client.Gauge) => Promise<void>, labelNames: string[] = []): client.Gauge {
  const existing = client.register.getSingleMetric(name);
  if (existing) return existing as client.Gauge;
  return new client.Gauge({
    name,
    help,
    labelNames,
    aggregator: "max",
    async collect() {
      if (!collect) return;
      // Metrics never fail for a database that does not answer: the figure is left out.
      await collect(this).catch(() => {});
    },
  });
}

const jobSuccess = gauge("academy_job_last_success_timestamp_seconds", "When each background job last finished without an error (Unix time)", undefined, ["job"]);

function metric<T extends client.Metric>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

// Summed over the workers (prom-client's default aggregator for counters; "sum" for the gauge).
const jobSeconds = metric("academy_job_seconds_total", () => new client.Counter({ name: "academy_job_seconds_total", help: "Seconds spent running each background job, failed runs included", labelNames: ["job"] }));
const jobRunning = metric("academy_job_running", () => new client.Gauge({ name: "academy_job_running", help: "Runs of each background job in progress now", labelNames: ["job"], aggregator: "sum" }));

/** Called by every() after a job's run that did not throw. */
export function recordJobSuccess(job: string, at = Date.now()): void {
  jobSuccess.set({ job }, Math.floor(at / 1000));
}

/** Called by every() when a job's run starts; the returned function when it ends, however it ends. */
export function recordJobRun(job: string): () => void {
  const started = performance.now();
  jobRunning.inc({ job });
  return () => {
    jobRunning.dec({ job });
    jobSeconds.inc({ job }, (performance.now() - started) / 1000);
  };
}

/** Registers the database-backed gauges (once per process). */
export function registerAppMetrics(): void {
  const oldest = gauge("academy_mail_outbox_oldest_seconds", "Age of the oldest mail still waiting (0: none)");
  gauge("academy_mail_outbox_depth", "Mails waiting to be sent (pending, claimed or sending)", async (g) => {
    const db = getDatabaseHandle()?.db;
    if (!db) return;
    const [row] = await db.select({ n: count(), oldest: min(mailOutbox.createdAt) }).from(mailOutbox).where(inArray(mailOutbox.status, ["pending", "claimed", "sending"]));
    g.set(row.n);
    oldest.set(row.oldest ? Math.max(0, (Date.now() - row.oldest.getTime()) / 1000) : 0);
  });
  gauge("academy_backup_last_success_timestamp_seconds", "When the last good backup finished (Unix time; 0: never)", async (g) => {
    const db = getDatabaseHandle()?.db;
    if (!db) return;
    const [row] = await db.select({ at: max(backupRuns.finishedAt) }).from(backupRuns).where(and(eq(backupRuns.ok, true)));
    g.set(row.at ? Math.floor(new Date(row.at).getTime() / 1000) : 0);
  });
}
