/**
 * The database connection: PostgreSQL through postgres.js when DATABASE_URL is set, otherwise
 * the embedded PGlite (real PostgreSQL compiled to WASM) in DATA_DIR/pglite, or in memory for
 * tests. One handle per process, opened once at start-up.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { LOCK_IDS } from "./locks";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (several app processes starting at once). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn only if no other process holds the session-level advisory lock `id` (a PostgreSQL
   * advisory lock held on one connection for the duration: background jobs and backups that must
   * have one runner in the cluster); resolves to null at once without running otherwise.
   */
  tryWithLock<T>(id: number, fn: () => Promise<T>): Promise<T | null>;
  /**
   * LISTEN on a channel: onNotify for each NOTIFY (delivered at the sender's commit), onListen
   * each time listening starts or restarts after a lost connection (notifications sent in
   * between are lost). Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen: () => void): Promise<() => Promise<void>>;
}

const STARTUP_LOCK_ID = LOCK_IDS.startup;
const CONNECT_TIMEOUT_SECONDS = 2;
const STATEMENT_TIMEOUT_MS = 10_000;
const LOCK_TIMEOUT_MS = 5_000;
const IDLE_IN_TRANSACTION_MS = 30_000;

/** Every query this process sent, on any handle (the query-budget test and `npm run bench`). */
/**
 * Pool timings shared by the app and the driver test (issue 13). postgres.js backs off
 * 3^n/100 s after the nth failed connection, up to 20 s: after a restart or a burst of killed
 * connections the pool could sit idle for 10–20 s while the server already answers. A web
 * request cannot wait that long, so reconnects back off from 50 ms, doubling, to at most 1 s.
 */
export const POOL_TIMINGS = {
  idle_timeout: 30,
  // An unreachable server fails a request within ~2 s (a 503 page) instead of hanging.
  connect_timeout: CONNECT_TIMEOUT_SECONDS,
  backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
};

/** Queries sent by this process, and by the work started inside `countQueries` (its async context). */
const counting = new AsyncLocalStorage<{ count: number }>();
const queryCounter = {
  count: 0,
  logQuery: () => {
    queryCounter.count++;
    const own = counting.getStore();
    if (own) own.count++;
  },
};
export const queriesSent = () => queryCounter.count;

/**
 * How many queries `fn` sent itself: those of work running meanwhile outside it (the mail
 * worker, a timer's check) do not count. For the query budget tests.
 */
export async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const own = { count: 0 };
  await counting.run(own, fn);
  return own.count;
}

export interface ConnectOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; absent means in memory. */
  pgliteDir?: string;
  /** postgres.js pool size. */
  max?: number;
}

export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.url) return connectPostgres(options.url, options.max ?? 10);
  return connectPglite(options.pgliteDir);
}

async function connectPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const sql = postgres(url, {
    max,
    // Sized for a web request (issue 13): see POOL_TIMINGS; a stuck statement or lock is cut off
    // well before the browser gives up. Migrations and the seed run under the same limits.
    ...POOL_TIMINGS,
    connection: {
      statement_timeout: STATEMENT_TIMEOUT_MS,
      lock_timeout: LOCK_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    },
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client: sql, schema, logger: queryCounter }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "postgres",
    async ping() {
      if (closed) throw new Error("database closed");
      await sql`select 1`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
    },
    async withStartupLock(fn) {
      const reserved = await sql.reserve();
      try {
        // Waiting for another process's migrations may take longer than a web statement.
        await reserved`set statement_timeout = 0`;
        await reserved`select pg_advisory_lock(${STARTUP_LOCK_ID})`;
        return await fn();
      } finally {
        await reserved`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.catch(() => {});
        await reserved`reset statement_timeout`.catch(() => {});
        reserved.release();
      }
    },
    async tryWithLock(id, fn) {
      const reserved = await sql.reserve();
      let held = false;
      try {
        const [row] = await reserved<{ ok: boolean }[]>`select pg_try_advisory_lock(${id}) as ok`;
        held = row.ok;
        if (!held) return null;
        return await fn();
      } finally {
        if (held) await reserved`select pg_advisory_unlock(${id})`.catch(() => {});
        reserved.release();
      }
    },
    async listen(channel, onNotify, onListen) {
      const { unlisten } = await sql.listen(channel, onNotify, onListen);
      return async () => {
        await unlisten().catch(() => {});
      };
    },
  };
}

/**
 * PGlite's WebAssembly heap only grows, so its buffers count fully in the process's resident
 * memory: PostgreSQL's defaults (shared_buffers 128MB, maintenance_work_mem 64MB) are cut to
 * what a small shop needs (README, Production: memory figures).
 */
const PGLITE_MEMORY_SETTINGS = [
  "shared_buffers = 16MB",
  "work_mem = 2MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 2MB",
];

async function connectPglite(dir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dir) {
    // PGlite creates only the last folder; and two processes on one folder would corrupt it.
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = acquireDirLock(dir);
  }
  let client: PGlite;
  try {
    client = dir ? new PGlite(dir, { postgresqlconf: PGLITE_MEMORY_SETTINGS }) : new PGlite({ postgresqlconf: PGLITE_MEMORY_SETTINGS });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema, logger: queryCounter }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async ping() {
      if (closed || client.closed) throw new Error("database closed");
      await client.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
    // One process owns a PGlite folder, so there is nobody to race with.
    withStartupLock: (fn) => fn(),
    // One process owns a PGlite folder: its own job runner already never runs a job twice at once.
    tryWithLock: (_id, fn) => fn(),
    async listen(channel, onNotify, onListen) {
      const stop = await client.listen(channel, onNotify);
      onListen();
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/** A pid file next to the PGlite folder: refuse to open a folder another live process holds. */
function acquireDirLock(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database ${dir} is in use by process ${pid}; stop it first (or set DATABASE_URL).`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// ─── The process-wide handle ─────────────────────────────────────────────────────────────────

// On globalThis, not in a module variable: `remix dev` imports every rebuilt server build again,
// and a second open of the same PGlite folder in one process would fail on its lock (the Epic
// Stack keeps its Prisma client the same way). Production imports the build once.
const GLOBAL_KEY = Symbol.for("academy.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: DatabaseHandle };

/** The open database of this process (opened at start-up by db/startup.ts, or by a test). */
export function getDb(): Db {
  const handle = (globalThis as GlobalWithDb)[GLOBAL_KEY];
  if (!handle) throw new Error("The database is not open yet");
  return handle.db;
}

const preparedQueries = new WeakMap<Db, Map<string, unknown>>();

/**
 * A read the site runs on many requests (the session, the admin's order lists), built by drizzle
 * once per open database instead of on every call: `build(db, name)` returns `….prepare(name)` with
 * `sql.placeholder()` for what varies, and callers `.execute({ … })` it. `name` is unique per
 * query (postgres.js keeps its own statement cache by SQL text; PGlite plans each run anyway).
 */
export function preparedQuery<T>(name: string, build: (db: Db, name: string) => T): T {
  const db = getDb();
  let queries = preparedQueries.get(db);
  if (!queries) preparedQueries.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) queries.set(name, (query = build(db, name)));
  return query;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return (globalThis as GlobalWithDb)[GLOBAL_KEY];
}

export function setDatabaseHandle(handle: DatabaseHandle | undefined) {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = handle;
}
