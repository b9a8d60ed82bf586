#!/usr/bin/env node
/**
 * `npm test`: unit, integration and end-to-end tests, in that order. Every suite runs; the
 * command fails if any of them failed. DATABASE_URL (optional) points integration and e2e
 * tests at a PostgreSQL server, where each run creates and drops its own databases.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const suites = [
  ["unit", ["node_modules/vitest/vitest.mjs", "run", "--project", "unit"]],
  ["integration", ["node_modules/vitest/vitest.mjs", "run", "--project", "integration"]],
  ["e2e", ["scripts/e2e.mjs"]],
];

const results = [];
for (const [name, args] of suites) {
  console.log(`\n━━━ ${name} tests ━━━`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: process.env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log("\n━━━ summary ━━━");
for (const { name, ok, seconds } of results) console.log(`${ok ? "✔" : "✘"} ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
