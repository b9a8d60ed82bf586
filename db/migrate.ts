/**
 * Applies the committed SQL migrations in ../migrations. Used at start-up (both backends), by
 * `npm run db:migrate` and by the test harness. Both drizzle migrators share the
 * drizzle.__drizzle_migrations table, so a database moved between them stays consistent.
 */
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { DatabaseHandle } from "./client";

// Resolves from db/migrate.ts and from build/index.js alike: both sit one level below the root.
export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** `folder`: another set of migrations (a restore builds the schema from the archive's own). */
export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(handle.db as any, { migrationsFolder: folder });
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePostgres(handle.db as any, { migrationsFolder: folder });
  }
}
