/** Every job that runs in one process of the cluster has its own advisory lock (db/locks.ts). */
import { describe, expect, it } from "vitest";
import { LOCK_IDS } from "../../db/locks";

describe("advisory lock ids", () => {
  it("no two jobs share one", () => {
    const ids = Object.values(LOCK_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("are PostgreSQL bigints", () => {
    for (const id of Object.values(LOCK_IDS)) expect(Number.isSafeInteger(id)).toBe(true);
  });
});
