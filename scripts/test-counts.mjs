#!/usr/bin/env node
/**
 * Prints how many tests ran, per database and suite, from the JSON reports a CI run wrote:
 * `<dir>/<database>/<suite>.json`, Vitest's json reporter (unit, integration) or Playwright's
 * (e2e). Usage: node scripts/test-counts.mjs <dir>. Exits 1 when a report is missing or empty,
 * so a suite that silently ran nothing cannot pass as green.
 */
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error("usage: node scripts/test-counts.mjs <report dir>");
  process.exit(1);
}

/** { passed, failed, skipped } from either reporter's JSON. */
export function countsOf(report) {
  if (report.stats && "expected" in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed only on a retry.
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected, failed: unexpected + flaky, skipped };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

let problems = 0;
console.log("── tests run, per database ──");
for (const database of fs.readdirSync(dir).sort()) {
  const folder = path.join(dir, database);
  if (!fs.statSync(folder).isDirectory()) continue;
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".json")).sort()) {
    const suite = file.replace(/\.json$/, "");
    let counts;
    try {
      counts = countsOf(JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")));
    } catch (error) {
      console.log(`   ${database.padEnd(10)} ${suite.padEnd(12)} unreadable report: ${error.message}`);
      problems++;
      continue;
    }
    const ran = counts.passed + counts.failed;
    if (ran === 0 || counts.failed > 0) problems++;
    console.log(`   ${database.padEnd(10)} ${suite.padEnd(12)} ${String(ran).padStart(5)} ran: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
process.exit(problems ? 1 : 0);
