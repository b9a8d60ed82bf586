/**
 * Every integration test file gets its own fresh, migrated database as the process database, and
 * the app wired as the server wires it (app/composition.server.ts).
 */
import { afterAll, beforeAll } from "vitest";
import { composeApp } from "~/composition.server";
import { setDatabaseHandle } from "../../db/client";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

composeApp();

let database: TestDatabase | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database.handle);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});
