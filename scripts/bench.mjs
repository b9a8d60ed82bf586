#!/usr/bin/env node
/**
 * `npm run bench`: performance budgets, measured (DESIGN §9). Starts the production build on a
 * free loopback port with freshly seeded data on the embedded defaults (PGlite in a temporary
 * DATA_DIR, whatever DATABASE_URL says, so runs compare), then runs a bounded load test with
 * autocannon and prints one JSON line per measurement. Options: --duration=<seconds> (default 10), --connections=<n> (10),
 * --no-lighthouse (load test only).
 *
 * Lighthouse 12.8.2 (mobile defaults: simulated slow 4G and a mid-range phone) runs through npx
 * on Debian's Chromium for the main public pages, as a first-time visitor (cookie banner shown).
 * Budgets (issue 3): performance ≥ 98, accessibility 100, LCP ≤ 1.5 s, CLS 0, document ≤ 14 KB
 * compressed, JS ≤ 85 KB compressed. Each line says which budgets a page misses.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.split("=")[1] : fallback;
};
const duration = Number(arg("duration", 10));
const connections = Number(arg("connections", 10));
const withLighthouse = !process.argv.includes("--no-lighthouse");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const BUDGETS = { performance: 98, accessibility: 100, lcpMs: 1500, cls: 0, documentKB: 14, jsKB: 85 };

async function lighthouse(url) {
  const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
  const { stdout } = await promisify(execFile)(
    "npx",
    ["--yes", "lighthouse@12.8.2", url, "--output=json", "--output-path=stdout", "--quiet", "--only-categories=performance,accessibility", `--chrome-flags=${flags.join(" ")}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  const audits = report.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  const documentBytes = requests.filter((r) => r.resourceType === "Document").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const result = {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audits["first-contentful-paint"].numericValue),
    lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(audits["total-blocking-time"].numericValue),
    cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    documentKB: Number((documentBytes / 1024).toFixed(1)),
    jsKB: Number((jsBytes / 1024).toFixed(1)),
    requests: requests.length,
  };
  const misses = [];
  if (result.performance < BUDGETS.performance) misses.push("performance");
  if (result.accessibility < BUDGETS.accessibility) misses.push("accessibility");
  if (result.lcpMs > BUDGETS.lcpMs) misses.push("LCP");
  if (result.cls > BUDGETS.cls) misses.push("CLS");
  if (result.documentKB > BUDGETS.documentKB) misses.push("document size");
  if (result.jsKB > BUDGETS.jsKB) misses.push("JS size");
  return { ...result, withinBudget: misses.length === 0, misses };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

const emit = (record) => console.log(JSON.stringify(record));

const build = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], {
  stdio: ["ignore", "ignore", "ignore"],
  env: { ...process.env, NODE_ENV: "production" },
});
if (build.status !== 0) throw new Error("remix build failed");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-bench-"));
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: base,
    ADMIN_PASSWORD: "Bench-Parola1!",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  const startupMs = await waitForHealth(base, server);
  emit({ metric: "startup", database: "pglite", ms: startupMs });

  /** The first detail page a list links to (the seed's ids are not assumed). */
  const firstLink = async (list, prefix) => {
    const html = await fetch(base + list).then((r) => r.text());
    const match = html.match(new RegExp(`href="(${prefix}\\d+)"`));
    if (!match) throw new Error(`no ${prefix} link on ${list}`);
    return match[1];
  };

  if (withLighthouse) {
    const physical = await firstLink("/cursuri", "/cursuri/curs/");
    const online = await firstLink("/cursuri-online", "/cursuri-online/curs/");
    for (const page of ["/", "/cursuri", physical, online, "/produse"]) {
      emit({ metric: "lighthouse", page, ...(await lighthouse(base + page)) });
    }
  }

  const pages = ["/", "/cursuri"];
  for (const page of pages) {
    // Warm up (first render compiles nothing, but fills caches fairly for every page).
    await fetch(base + page).then((r) => r.arrayBuffer());
    const result = await autocannon({ url: base + page, connections, duration });
    emit({
      metric: "load",
      page,
      connections,
      seconds: duration,
      requests: result.requests.total,
      reqPerSec: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    });
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
