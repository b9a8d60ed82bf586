import { describe, expect, it } from "vitest";
import { getDatabaseHandle, setDatabaseHandle } from "../../db/client";
import { loader } from "~/routes/healthz";
import { createTestDatabase } from "../helpers/db";

describe("GET /healthz", () => {
  it("answers 200 {ok:true} while the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers 503 when the database is gone", async () => {
    const original = getDatabaseHandle();
    const doomed = await createTestDatabase();
    setDatabaseHandle(doomed.handle);
    try {
      await doomed.dispose();
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ok: false });
    } finally {
      setDatabaseHandle(original);
    }
  });
});
