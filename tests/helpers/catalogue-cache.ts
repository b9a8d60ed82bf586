/** The process's catalogue cache for one test file: started before its tests, stopped after. */
import { afterAll, beforeAll } from "vitest";
import { getDatabaseHandle } from "../../db/client";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";

export function withProcessCatalogueCache() {
  beforeAll(async () => {
    await startCatalogueCache(getDatabaseHandle()!);
  });
  afterAll(async () => {
    await processCatalogueCache()?.stop();
    setProcessCatalogueCache(undefined);
  });
}
