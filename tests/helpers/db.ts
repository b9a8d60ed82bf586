/**
 * A fresh database for a test file: with DATABASE_URL, a uniquely named database on that
 * server (dropped afterwards); without, PGlite in memory. Migrations applied.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { connect, type DatabaseHandle } from "../../db/client";
import { runMigrations } from "../../db/migrate";

export interface TestDatabase {
  handle: DatabaseHandle;
  name: string;
  dispose(): Promise<void>;
}

export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(kind: "auto" | "pglite" | "postgres" = "auto"): Promise<TestDatabase> {
  const url = serverUrl();
  const usePostgres = kind === "postgres" || (kind === "auto" && url);
  if (!usePostgres) {
    const handle = await connect({});
    await runMigrations(handle);
    return { handle, name: "pglite-memory", dispose: () => handle.close() };
  }
  if (!url) throw new Error("DATABASE_URL is required for a PostgreSQL test database");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const handle = await connect({ url: withDatabase(url, name), max: 5 });
  await runMigrations(handle);
  return {
    handle,
    name,
    async dispose() {
      await handle.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
