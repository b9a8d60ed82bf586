/**
 * Process start-up, run once when the server build is imported (before remix-serve listens):
 * open the database (PGlite in DATA_DIR/pglite, or PostgreSQL), apply migrations, seed an empty
 * database, and close the database on SIGTERM/SIGINT so the process stops within seconds.
 */
import path from "node:path";
import { connect, getDatabaseHandle, setDatabaseHandle } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { isDatabaseEmpty, seed } from "../../db/seed";
import { getConfig } from "~/config.server";
import { log } from "~/services/log.server";
import { startMediaSweep } from "~/models/media.server";
import { startOutboxWorker } from "~/services/mail-outbox.server";
import { getStorage } from "~/services/storage.server";

const STARTED = Symbol.for("academy.started");
type GlobalWithStart = typeof globalThis & { [STARTED]?: Promise<void> };

export function startApp(): Promise<void> {
  const g = globalThis as GlobalWithStart;
  g[STARTED] ??= start().catch((error: unknown) => {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  return g[STARTED];
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

  await handle.withStartupLock(async () => {
    await runMigrations(handle);
    if (await isDatabaseEmpty(handle.db)) {
      const report = await seed(handle.db, { config, storage: getStorage() });
      log.info("seeded the empty database", report.created);
      if (report.generatedAdminPassword) {
        // Printed once, at the first start of a demo install (no ADMIN_PASSWORD given).
        console.log(
          `\n  Admin login: ${config.admin.email} / ${report.generatedAdminPassword}\n` +
            "  (generated once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n",
        );
      }
    }
  });

  // Queued e-mails are sent in the background and retried until they go through; uploads
  // that never made it into a saved form are removed after a day.
  let stopWorkers = async () => {};
  if (!process.env.VITEST) {
    const stopOutbox = startOutboxWorker();
    const stopSweep = startMediaSweep();
    stopWorkers = async () => {
      stopSweep();
      await stopOutbox();
    };
  }

  log.info("database ready", {
    kind: handle.kind,
    ms: Date.now() - startedAt,
    url: config.publicUrl,
  });
  if (config.paymentSimulator && process.env.NODE_ENV === "production") {
    // Fine for the quick start on this computer; on a server anyone could "pay" with it.
    log.warn(
      "card payments go to the built-in simulator (no NETOPIA_* set): set NETOPIA_SIGNATURE, NETOPIA_PUBLIC_CERT, NETOPIA_PRIVATE_KEY and PUBLIC_URL before opening the site to the public",
    );
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // remix-serve closes the HTTP server on the same signal; we stop the background work,
      // then close the database.
      void stopWorkers()
        .then(() => getDatabaseHandle()?.close())
        .catch((error: unknown) => log.error("closing the database failed", { error }));
      // Whatever else might hold the event loop, do not outlive the signal by long.
      setTimeout(() => process.exit(0), 8000).unref();
    });
  }
}
