#!/usr/bin/env node
/**
 * `npm test`: unit, integration and end-to-end tests, in that order. Every suite runs; the
 * command fails if any of them failed. DATABASE_URL (optional) points integration and e2e
 * tests at a PostgreSQL server, where each run creates and drops its own databases.
 * TEST_REPORT_DIR (optional, CI) also writes each suite's JSON report there (<suite>.json), for
 * scripts/test-counts.mjs.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = process.env.TEST_REPORT_DIR;
if (reports) fs.mkdirSync(reports, { recursive: true });
const vitestReport = (name) => (reports ? ["--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reports, `${name}.json`)}`] : []);
const suites = [
  ["unit", ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", ...vitestReport("unit")]],
  ["integration", ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...vitestReport("integration")]],
  ["e2e", ["scripts/e2e.mjs"]],
];
const env = reports ? { ...process.env, E2E_REPORT: path.join(reports, "e2e.json") } : process.env;

const results = [];
for (const [name, args] of suites) {
  console.log(`\n━━━ ${name} tests ━━━`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log("\n━━━ summary ━━━");
for (const { name, ok, seconds } of results) console.log(`${ok ? "✔" : "✘"} ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
