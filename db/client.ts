/**
 * The database connection: PostgreSQL through postgres.js when DATABASE_URL is set, otherwise
 * the embedded PGlite (real PostgreSQL compiled to WASM) in DATA_DIR/pglite, or in memory for
 * tests. One handle per process, opened once at start-up.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
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
}

const STARTUP_LOCK_ID = 7_204_118_001;

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
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client: sql, schema }) as unknown as Db;
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
        await reserved`select pg_advisory_lock(${STARTUP_LOCK_ID})`;
        return await fn();
      } finally {
        await reserved`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.catch(() => {});
        reserved.release();
      }
    },
  };
}

async function connectPglite(dir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dir) {
    // PGlite creates only the last folder; and two processes on one folder would corrupt it.
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = acquireDirLock(dir);
  }
  let client: PGlite;
  try {
    client = dir ? new PGlite(dir) : new PGlite();
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
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

const GLOBAL_KEY = Symbol.for("academy.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: DatabaseHandle };

/** The open database of this process (opened at start-up by db/startup.ts, or by a test). */
export function getDb(): Db {
  const handle = (globalThis as GlobalWithDb)[GLOBAL_KEY];
  if (!handle) throw new Error("The database is not open yet");
  return handle.db;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return (globalThis as GlobalWithDb)[GLOBAL_KEY];
}

export function setDatabaseHandle(handle: DatabaseHandle | undefined) {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = handle;
}
