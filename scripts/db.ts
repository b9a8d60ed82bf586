/**
 * `npm run db:migrate` and `npm run db:seed` against the configured database (DATABASE_URL, or
 * the embedded one in DATA_DIR/pglite: stop the running site first, PGlite has one owner).
 * A composition root, like the server: it wires config, storage and password hashing into db/.
 */
import path from "node:path";
import { getConfig } from "../app/config.server";
import { hashPassword } from "../app/services/password.server";
import { getStorage } from "../app/services/storage.server";
import { connect, setDatabaseHandle } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seed, upgradeSeededTermsPages } from "../db/seed";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("Usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}

const config = getConfig();
const handle = await connect({
  url: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
});
setDatabaseHandle(handle);
try {
  await handle.withStartupLock(async () => {
    await runMigrations(handle);
    console.log("Migrations applied.");
    const upgraded = await upgradeSeededTermsPages(handle.db, config.business);
    if (upgraded.length) console.log(`Seeded legal pages updated: ${upgraded.join(", ")}`);
    if (command === "seed") {
      const report = await seed(handle.db, { config, storage: getStorage(), hashPassword });
      console.log(`Seed: ${JSON.stringify(report.created)}`);
      if (report.generatedAdminPassword) {
        console.log(`Admin login: ${config.admin.email} / ${report.generatedAdminPassword}`);
      }
    }
  });
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
