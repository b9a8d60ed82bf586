/**
 * An empty place to restore a backup into: a database with no tables at all (a restore builds
 * the schema from the archive's migrations) and an empty uploads folder. PostgreSQL when
 * DATABASE_URL is set (a new database on that server, dropped by dispose), PGlite in memory
 * otherwise.
 */
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connect, type DatabaseHandle } from "../../db/client";
import { dropEverything } from "~/services/backup/database-dump.server";
import { createLocalBackend } from "~/services/storage/local.server";
import { createTestDatabase, serverUrl } from "./db";

export async function emptyRestoreTarget(): Promise<{ handle: DatabaseHandle; uploadsDir: string; storage: ReturnType<typeof createLocalBackend>; dispose(): Promise<void> }> {
  const uploadsDir = await fsp.mkdtemp(path.join(os.tmpdir(), "restored-uploads-"));
  let handle: DatabaseHandle;
  let disposeDb: () => Promise<void>;
  if (serverUrl()) {
    const database = await createTestDatabase("postgres");
    await dropEverything(database.handle.db);
    handle = database.handle;
    disposeDb = () => database.dispose();
  } else {
    handle = await connect({});
    disposeDb = () => handle.close();
  }
  return {
    handle,
    uploadsDir,
    storage: createLocalBackend(uploadsDir),
    async dispose() {
      await disposeDb();
      await fsp.rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
