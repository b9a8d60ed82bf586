/**
 * For the test files of what runs only where one process owns the database (the session cache and
 * the change feeds, started by the app on PGlite): the file's tests run on a PGlite database of
 * their own when the run's database is PostgreSQL, and on the run's database when it is PGlite.
 */
import { afterAll, beforeAll } from "vitest";
import { getDatabaseHandle, setDatabaseHandle, type DatabaseHandle } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "./db";

export function onPgliteDatabase(start: (handle: DatabaseHandle) => Promise<void>, stop: () => Promise<void>) {
  let runDatabase: DatabaseHandle | undefined;
  let pglite: TestDatabase | undefined;
  beforeAll(async () => {
    runDatabase = getDatabaseHandle();
    if (runDatabase?.kind !== "pglite") {
      pglite = await createTestDatabase("pglite");
      setDatabaseHandle(pglite.handle);
    }
    await start(getDatabaseHandle()!);
  });
  afterAll(async () => {
    await stop();
    if (pglite) {
      setDatabaseHandle(runDatabase);
      await pglite.dispose();
    }
  });
}
