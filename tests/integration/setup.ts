/**
 * Every integration test file gets its own fresh, migrated database as the process database.
 */
import { afterAll, beforeAll } from "vitest";
import { setDatabaseHandle } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database.handle);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});
