#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the production bundle with the test fixture endpoint (scripts/build.mjs,
 * a test build), fails if a hydrated page
 * is over the script budget (scripts/bundle-report.mjs BUDGET), then runs Playwright (projects js and
 * no-js) against it, served on a free port with an empty DATA_DIR. With DATABASE_URL a fresh
 * database is created on that server for the run (and dropped after); otherwise PGlite.
 * Extra arguments go to Playwright (e.g. `npm run test:e2e -- tests/e2e/home.spec.ts`).
 */
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { buildSite } from "./build.mjs";
import { budgetViolations } from "./bundle-report.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

/**
 * After a failed run, what each failed test's page showed (Playwright's error-context.md, an
 * accessibility snapshot), so that a CI log's tail tells a click that led nowhere from a page that
 * came late or redirected elsewhere, without the trace files.
 */
function printErrorContexts(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, "error-context.md");
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    // From the live region (toasts) and the main content on; the site's header is the same everywhere.
    const snapshot = lines.findIndex((line) => line.startsWith("# Page snapshot"));
    const content = lines.findIndex((line, i) => i > snapshot && /^- (status|main|alert)\b/.test(line));
    const from = content >= 0 ? content : Math.max(snapshot, 0);
    console.error(`\n━━━ the page when it failed: ${entry.name} ━━━`);
    console.error(lines.slice(from, from + 60).join("\n"));
    if (lines.length > from + 60) console.error(`… (${lines.length - from - 60} more lines in ${file})`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

ensureChromium();

try {
  await buildSite({ quiet: true, testHooks: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Issue 18's budget for the hydrated pages (≤ 12 scripts, ≤ 120 KB gzipped), from this build.
const overBudget = budgetViolations();
if (overBudget.length) {
  for (const line of overBudget) console.error(`bundle budget exceeded: ${line}`);
  process.exit(1);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-e2e-"));
let databaseUrl;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  };
}

const env = {
  ...process.env,
  E2E_PORT: String(port),
  E2E_BASE_URL: `http://127.0.0.1:${port}`,
  E2E_DATA_DIR: dataDir,
  E2E_DATABASE_URL: databaseUrl ?? "",
  E2E_SESSION_SECRET: randomBytes(32).toString("base64url"),
  TEST_HOOKS_TOKEN: randomBytes(24).toString("base64url"),
  ACADEMY_TEST_BUILD: "1",
};

const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});

if (result.status !== 0) printErrorContexts(path.join(root, "test-results"));

await dropDatabase().catch((error) => console.error(`could not drop the e2e database: ${error.message}`));
if (result.status === 0) fs.rmSync(dataDir, { recursive: true, force: true });
else console.error(`e2e DATA_DIR kept for inspection: ${dataDir}`);
process.exit(result.status ?? 1);
