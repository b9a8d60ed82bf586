/**
 * Process start-up, run once when the server build is imported (before the server listens):
 * open the database (PGlite in DATA_DIR/pglite, or PostgreSQL), apply migrations, seed an empty
 * database; stopApp() ends the background work and closes the database at shutdown.
 */
import path from "node:path";
import { connect, getDatabaseHandle, setDatabaseHandle } from "../db/client";
import { runMigrations } from "../db/migrate";
import { isDatabaseEmpty, seed, upgradeSeededTermsPages } from "../db/seed";
import { getConfig } from "~/config.server";
import { log } from "~/log.server";
import { startRetention } from "~/models/retention.server";
import { startAlerts } from "~/models/system-alerts.server";
import { startErrorLog } from "~/models/system-errors.server";
import { announceToSupervisor } from "~/services/cluster-workers.server";
import { startMediaSweep } from "~/models/media.server";
import { startEfacturaWorker } from "~/models/efactura.server";
import { startSessionReminders } from "~/models/session-reminders.server";
import { processCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { processSessionCache, setProcessSessionCache, startSessionCache } from "~/services/session-cache.server";
import { startChangeFeeds, stopChangeFeeds } from "~/services/change-feed.server";
import { startNightlyBackups } from "~/services/backup/run.server";
import { registerAppMetrics } from "~/services/metrics.server";
import { startOutboxWorker } from "~/services/mail-outbox.server";
import { getStorage } from "~/services/storage.server";
import { isDatabaseUnavailable } from "~/services/unavailable.server";
import { underTest } from "./test-support.server";
import { hashPassword } from "~/services/password.server";

const STARTUP_WAIT_MS = 30_000;

/**
 * A worker restarted during a database outage waits for the database (up to 30 s) instead of
 * dying at once: the supervisor would count each quick death towards its crash-loop limit.
 */
async function untilDatabaseAnswers<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      log.warn("the database does not answer yet; retrying", { error });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

let started: Promise<void> | undefined;
let stopApp_: (() => Promise<void>) | undefined;

/**
 * Starts the app once per process. A database already open in this process (the test setup
 * opens one; `remix dev` imports each rebuilt server build again) means it is started: nothing
 * is opened twice.
 */
export function startApp(): Promise<void> {
  started ??= getDatabaseHandle()
    ? Promise.resolve()
    : start().catch((error: unknown) => {
        log.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  return started;
}

async function start() {
  const config = getConfig();
  const startedAt = Date.now();
  const handle = await connect({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
  }).catch((error: unknown) => {
    const target = config.databaseUrl ? "DATABASE_URL" : `the embedded database in ${config.dataDir}`;
    throw new Error(`cannot open ${target}: ${error instanceof Error ? error.message : error}`);
  });
  setDatabaseHandle(handle);

  await untilDatabaseAnswers(() => handle.withStartupLock(async () => {
    await runMigrations(handle);
    if (await isDatabaseEmpty(handle.db)) {
      const report = await seed(handle.db, { config, storage: getStorage(), hashPassword });
      log.info("seeded the empty database", report.created);
      if (report.generatedAdminPassword) {
        // Printed once, at the first start of a demo install (no ADMIN_PASSWORD given).
        console.log(
          `\n  Admin login: ${config.admin.email} / ${report.generatedAdminPassword}\n` +
            "  (generated once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n",
        );
      }
    }
    // Legal texts still exactly as an earlier seed wrote them get the current text (never an admin's edit).
    const upgraded = await upgradeSeededTermsPages(handle.db, config.business);
    if (upgraded.length) log.info("updated the seeded legal pages", { pages: upgraded.join(",") });
  }));

  // The outbox depth and the last backup for GET /metrics (scripts/observability.mjs).
  registerAppMetrics();

  // Published courses, products and legal pages are served from memory until an admin write.
  await startCatalogueCache(handle);
  // Where this process owns the database (PGlite), sessions are kept in memory until the database
  // announces a change to them or their user; on PostgreSQL every request reads its session.
  // The admin's order lists likewise, until a write to the tables they read.
  if (handle.kind === "pglite") {
    await startSessionCache(handle);
    await startChangeFeeds(handle);
  }

  // Queued e-mails are sent in the background and retried until they go through; uploads
  // that never made it into a saved form are removed after a day; the retention job (expired
  // sessions, ended rate-limit windows, what the privacy policy's periods end) runs every hour;
  // the alert job mails the owner when a check of /admin/sistem turns bad or clears.
  let stopWorkers = async () => {};
  if (!underTest) {
    const stopOutbox = startOutboxWorker();
    const stopSweep = startMediaSweep();
    const stopRetention = startRetention();
    const stopAlerts = startAlerts();
    // In-person sessions: reminder e-mails before the start (one process of the cluster).
    const stopReminders = startSessionReminders();
    // e-Factura: uploads, status polls and deadline warnings (one process of the cluster).
    const stopEfactura = config.efacturaWorker ? startEfacturaWorker() : () => {};
    // The nightly backup (BACKUP_HOUR): one process takes it, under the backup lock.
    const stopBackups = startNightlyBackups();
    // Every logged error, grouped by its scrubbed message, for /admin/sistem's last errors.
    const stopErrorLog = startErrorLog();
    stopWorkers = async () => {
      stopEfactura();
      stopSweep();
      stopRetention();
      stopAlerts();
      stopReminders();
      stopBackups();
      await shutdownStep("the mail outbox", stopOutbox);
      await shutdownStep("the error log", stopErrorLog);
    };
  }

  // The supervisor lists every worker with its version on /admin/sistem.
  announceToSupervisor();

  log.info("database ready", {
    kind: handle.kind,
    ms: Date.now() - startedAt,
    url: config.publicUrl,
  });
  if (handle.kind === "postgres" && !config.storage.s3) {
    // A shared database suggests several instances; their files would not be shared (issue 26).
    log.warn(
      `uploads are stored on this instance only (${config.storage.uploadsDir}): behind a load balancer with several instances, set S3_BUCKET (or mount one shared volume as DATA_DIR/uploads on every instance), otherwise a file uploaded through one instance is missing on the others`,
    );
  }
  if (config.paymentSimulator && process.env.NODE_ENV === "production") {
    // Fine for the quick start on this computer; on a server anyone could "pay" with it.
    log.warn(
      "card payments go to the built-in simulator (no NETOPIA_* set): set NETOPIA_SIGNATURE, NETOPIA_PUBLIC_CERT, NETOPIA_PRIVATE_KEY and PUBLIC_URL before opening the site to the public",
    );
  }

  stopApp_ = async () => {
    await stopWorkers();
    await shutdownStep("the catalogue cache", async () => processCatalogueCache()?.stop());
    await shutdownStep("the session cache and change feeds", async () => {
      await processSessionCache()?.stop();
      setProcessSessionCache(undefined);
      await stopChangeFeeds();
    });
    await shutdownStep("the database", async () => getDatabaseHandle()?.close());
  };
  // Under a host that does not drain first (remix dev, remix-serve), stop the background work and
  // close the database on the signal ourselves. A host that drains first (scripts/server.mjs)
  // listens before it loads the build and calls stopApp() itself: the signals are left to it.
  // (Swapping our listener for the host's after the load lost a SIGTERM that came in between:
  // Node had taken it, and no listener was left to hear it.)
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      void stopApp().catch((error: unknown) => log.error("closing the database failed", { error }));
      // Whatever else might hold the event loop, do not outlive the signal by long.
      setTimeout(() => process.exit(0), 8000).unref();
    });
  }
}

/**
 * One step of stopping the app. A step that holds the shutdown up names itself in the log while
 * it waits (after 2 s) and says how long it took, so a slow stop can be read instead of guessed.
 */
async function shutdownStep(name: string, step: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  const waiting = setTimeout(() => log.warn(`stopping: still waiting for ${name}`, { ms: Date.now() - started }), 2000);
  waiting.unref();
  try {
    await step();
  } finally {
    clearTimeout(waiting);
    const ms = Date.now() - started;
    if (ms >= 2000) log.warn(`stopping: ${name} took ${ms} ms`);
  }
}

/**
 * Stops the mail worker and the media sweep (waiting for a run in progress), then closes the
 * database. Called by the HTTP server once in-flight requests have finished.
 */
export async function stopApp(): Promise<void> {
  await stopApp_?.();
}
