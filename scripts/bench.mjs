#!/usr/bin/env node
/**
 * `npm run bench`: server speed and page weight, measured in one run (issue 18, docs/architecture.md §9).
 *
 * Builds once, then for each database starts the site the way production does
 * (`node scripts/start.mjs`, on a free loopback port, freshly seeded):
 *  1. PGlite (embedded, one process) in a temporary DATA_DIR;
 *  2. PostgreSQL, when a server answers (DATABASE_URL's server or postgres://postgres@127.0.0.1:5432):
 *     a fresh database created for the run and dropped after it, with WEB_CONCURRENCY set to the
 *     number of cores (the supervisor in `npm start` forks that many workers; the bench reports
 *     how many it observes).
 * For the trivial route /robots.txt (the framework's own ceiling) and each content page it prints
 * req/s, p50, p99, the ratio to /robots.txt (and to nginx serving the same page as a static file,
 * when nginx is installed), server CPU ms per request, SQL queries per request (counted by the
 * app, through the test-hooks endpoint; one process only), resident memory of the whole tree and
 * of each serving process (workers and spare) idle, right after the load and after 30 s idle.
 * With a logged-in user (the bench registers one and logs in through the real form) it measures
 * /cont and /cart the same way, and Lighthouse 12.8.2 mobile on those and the public pages.
 * The site's background jobs run as in production; each row starts when none runs, and a row
 * during which one ran (seen through /metrics) is measured again: the table has the second
 * figures, a line under it names the job and gives the first.
 * Then a bundle report: what each hydrated page downloads (public/build, gzipped, and as sent
 * with Brotli from the build's precompressed copies).
 *
 * The load generator is wrk (`apt-get install wrk`) when it is on the PATH: one thread, in its own
 * process, a few per cent of one core, with a small Lua script (written to a temporary file) that
 * prints requests, p50/p99, errors and non-2xx answers as JSON. Without wrk it is autocannon, in
 * this Node process, which itself burns a good part of a core at these rates (on a 2-core machine
 * that is CPU the server does not get). Every record and the table name the generator and the
 * share of one core it used.
 *
 * Options: --duration=<s> (default 8), --warm-up=<s> (2: load before each measured window, not counted),
 * --connections=<n> (10), --generator=wrk|autocannon,
 * --no-lighthouse, --lighthouse-runs=<n> (3: the median LCP run is reported; a run that fails to
 * record, e.g. NO_NAVSTART, is retried), --lighthouse-only (no load: build, start on PGlite,
 * Lighthouse only), --no-postgres, --no-pglite,
 * --profile (a CPU profile of each serving process during each page's load, through
 * scripts/cpu-profile-hook.mjs: the top entries by self time are printed, the .cpuprofile files
 * kept in a temporary folder the summary names),
 * --server-log=<file> (the server's standard output appended to <file>.<setup>),
 * --server-flags=<flag,flag> (Node flags for the server's processes, e.g. --trace-gc, which
 * NODE_OPTIONS refuses), --bundle-only (build, then only the bundle report of the hydrated
 * pages, from the build manifest: no server, deterministic; same as `node scripts/bundle-report.mjs`).
 * One JSON line per measurement, then a table. The machine may be shared: compare ratios within
 * one run rather than absolute numbers between runs.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { HYDRATED_ROUTES, pageReport, readManifest, sizes } from "./bundle-report.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback; // all after the first "=" (--server-flags=--a=1)
};
const duration = Number(arg("duration", 8));
const WARM_UP_SECONDS = Number(arg("warm-up", 2));
const connections = Number(arg("connections", 10));
const withLighthouse = !process.argv.includes("--no-lighthouse");
const lighthouseOnly = process.argv.includes("--lighthouse-only");
const withPostgres = !process.argv.includes("--no-postgres") && !lighthouseOnly;
const PROFILE_DIR = process.argv.includes("--profile") ? fs.mkdtempSync(path.join(os.tmpdir(), "academy-profiles-")) : null;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const SERVER_LOG = arg("server-log", null);
const SERVER_FLAGS = arg("server-flags", "").split(",").filter(Boolean);
const HOOKS_TOKEN = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const METRICS_TOKEN = `bench-metrics-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

// LCP: issue 31's goal for every public page (Lighthouse mobile, simulated slow 4G and 4× CPU).
const LH_BUDGETS = { performance: 98, accessibility: 100, lcpMs: 1000, cls: 0, documentKB: 14, jsKB: 85 };
const LH_HYDRATED = { performance: 98, fcpMs: 1200, jsKB: 120, scripts: 12 };

const emit = (record) => console.log(JSON.stringify(record));
const rows = [];

// ─── Processes: CPU and memory of the server's process tree ────────────────────────────────

function childrenOf(pid) {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid) found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

function tree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]));
  return all;
}

function cpuTicks(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // gone
    }
  }
  return ticks;
}

function memoryKB(pids, field = "VmRSS") {
  let kb = 0;
  for (const pid of pids) {
    try {
      const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+)`));
      if (match) kb += Number(match[1]);
    } catch {
      // gone
    }
  }
  return kb;
}

/** Serving processes: node processes of the tree with no children of their own (the workers). */
function workers(pid) {
  return tree(pid).filter((p) => childrenOf(p).length === 0);
}

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────

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

async function waitFor(url, child, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const LH_RUNS = Number(arg("lighthouse-runs", 3));
const LH_ATTEMPTS = 3;

/**
 * Lighthouse on one page: LH_RUNS recorded runs (--lighthouse-runs=<n>, default 3), and the
 * run with the median LCP is the page's record (with every run's LCP and FCP beside it). A run
 * Lighthouse itself gives up on (NO_NAVSTART, NO_FCP… on a starved CPU: "Runtime error
 * encountered") is tried again, up to LH_ATTEMPTS times per run; a page where that never
 * succeeds is reported with the error, not fatal.
 */
async function lighthouse(url, cookie) {
  const runs = [];
  const failures = [];
  for (let run = 0; run < LH_RUNS; run++) {
    for (let attempt = 0; attempt < LH_ATTEMPTS; attempt++) {
      try {
        runs.push(await lighthouseRun(url, cookie));
        break;
      } catch (error) {
        failures.push(String(error?.stderr ?? error?.message ?? error).match(/Runtime error encountered: (.*)/)?.[1] ?? "Lighthouse failed");
      }
    }
  }
  if (runs.length === 0) {
    return { finalUrl: url, error: failures.at(-1), retries: failures.length, performance: 0, accessibility: 0, fcpMs: 0, lcpMs: 0, tbtMs: 0, cls: 0, documentKB: 0, jsKB: 0, scriptRequests: 0, requests: 0, lcpElement: null };
  }
  const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...median, runs: runs.length, retries: failures.length, lcpRunsMs: runs.map((r) => r.lcpMs), fcpRunsMs: runs.map((r) => r.fcpMs) };
}

async function lighthouseRun(url, cookie) {
  const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
  const args = ["--yes", "lighthouse@12.8.2", url, "--output=json", "--output-path=stdout", "--quiet", "--only-categories=performance,accessibility", `--chrome-flags=${flags.join(" ")}`];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const { stdout } = await promisify(execFile)("npx", args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stdout);
  const audits = report.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  const documentBytes = requests.filter((r) => r.resourceType === "Document").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    finalUrl: report.finalDisplayedUrl,
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audits["first-contentful-paint"].numericValue),
    lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(audits["total-blocking-time"].numericValue),
    cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    documentKB: Number((documentBytes / 1024).toFixed(1)),
    jsKB: Number((jsBytes / 1024).toFixed(1)),
    scriptRequests: scripts.length,
    requests: requests.length,
    // What the LCP is, and its phases (time to first byte, load delay, load time, render delay).
    lcpElement: audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    lcpPhases: Object.fromEntries(
      (audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]),
    ),
  };
}

// ─── The site ───────────────────────────────────────────────────────────────────────────────

async function startSite({ databaseUrl, concurrency, label }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    PUBLIC_URL: base,
    ADMIN_PASSWORD: "Bench-Parola1!",
    SESSION_SECRET: "bench-session-secret-0123456789abcdefghij",
    TEST_HOOKS_TOKEN: HOOKS_TOKEN,
    METRICS_TOKEN,
    ACADEMY_TEST_BUILD: "1",
    // Many requests from one address: the bench's own login must not hit the per-IP limit.
    RATE_LIMIT_LOGIN_MAX: "1000",
    LOG_LEVEL: "warn",
  };
  if (PROFILE_DIR) {
    env.CPU_PROFILE_DIR = PROFILE_DIR;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import=${path.join(root, "scripts/cpu-profile-hook.mjs")}`.trim();
  }
  if (concurrency) env.WEB_CONCURRENCY = String(concurrency);
  else delete env.WEB_CONCURRENCY;
  const out = SERVER_LOG ? fs.openSync(`${SERVER_LOG}.${label.replace(/\W+/g, "-")}`, "a") : "ignore";
  // The supervisor passes its own Node flags on to its workers.
  const child = spawn(process.execPath, [...SERVER_FLAGS, "scripts/start.mjs"], { env, stdio: ["ignore", out, "inherit"] });
  if (typeof out === "number") fs.closeSync(out);
  let startupMs;
  try {
    startupMs = await waitFor(`${base}/healthz`, child);
  } catch (error) {
    // A server that never answered leaves no process and no data folder behind.
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    child,
    startupMs,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function hook(base, op, body = {}) {
  const response = await fetch(`${base}/api/test-hooks/${op}`, {
    method: "POST",
    headers: { "X-Test-Hooks-Token": HOOKS_TOKEN, "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`test hook ${op}: ${response.status}`);
  return response.json();
}

/** The online course a bench student is enrolled in (a seeded title): its lesson player is measured. */
const BENCH_ONLINE_COURSE = "Ojă semipermanentă de la zero";

/**
 * Registers a student (fixture) and logs in through the real login form: the session cookie.
 * The student has a course in the cart and is enrolled in an online course (its lesson player's
 * address is returned); an admin logs in the same way for the order list.
 */
async function logIn(base) {
  const email = `bench-${Date.now()}@example.com`;
  const cookie = await logInAs(base, email, "user");
  // A course in the cart (a seeded title), so /cart renders its full form.
  await hook(base, "addToCart", { email, items: [{ title: "Curs de bază – Tehnician manichiură" }] }).catch(() => {});
  const enrolled = await hook(base, "enroll", { email, courseTitle: BENCH_ONLINE_COURSE }).catch(() => null);
  const admin = await logInAs(base, `bench-admin-${Date.now()}@example.com`, "admin");
  return { cookie, admin, lesson: enrolled ? `/cursuri-online/curs/${enrolled.courseId}/lectie` : null };
}

async function logInAs(base, email, role) {
  const password = "Bench-Parola1!";
  await hook(base, "user", { email, password, name: "Cursantă Bench", role });
  const response = await fetch(`${base}/autentificare`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password, redirectTo: "/cont" }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`login failed: ${response.status}`);
  return session;
}

/** The first detail page a list links to (the seed's ids are not assumed). */
async function firstLink(base, list, prefix) {
  const html = await fetch(base + list).then((r) => r.text());
  const match = html.match(new RegExp(`href="(${prefix}\\d+)"`));
  if (!match) throw new Error(`no ${prefix} link on ${list}`);
  return match[1];
}

// ─── Load generator: wrk when installed (C, a few % of one core), else autocannon (in this process) ──

/** wrk's Lua hooks: count non-2xx answers per thread, print one JSON line at the end (times in µs). */
const WRK_SCRIPT = `local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) non2xx = 0 end
function response(status, headers, body) if status < 200 or status > 299 then non2xx = non2xx + 1 end end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("non2xx") end
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"durationUs":%d,"p50us":%d,"p99us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, n))
end
`;

function findWrk() {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir || ".", "wrk");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

const wanted = arg("generator", findWrk() ? "wrk" : "autocannon");
if (!["wrk", "autocannon"].includes(wanted)) throw new Error(`--generator=${wanted}: wrk or autocannon`);
const WRK = wanted === "wrk" ? findWrk() : null;
if (wanted === "wrk" && !WRK) throw new Error("--generator=wrk: wrk is not installed (apt-get install wrk)");
const GENERATOR = WRK ? `wrk ${(spawnSync(WRK, ["--version"], { encoding: "utf8" }).stdout.match(/wrk (\S+)/)?.[1] ?? "").replace(/^debian\//, "")}`.trim() : "autocannon";
const wrkScript = WRK ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "academy-bench-wrk-")), "stats.lua") : null;
if (wrkScript) {
  fs.writeFileSync(wrkScript, WRK_SCRIPT);
  process.on("exit", () => fs.rmSync(path.dirname(wrkScript), { recursive: true, force: true }));
}

/** CPU seconds of this process's children that have exited and been reaped (wrk runs). */
function reapedChildrenCpu() {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLK_TCK; // cutime + cstime
}

async function load(url, headers = {}, seconds = duration) {
  if (WRK) return loadWrk(url, headers, seconds);
  const before = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpu = process.cpuUsage(before);
  return {
    generator: GENERATOR,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    generatorCpuPct: Math.round(((cpu.user + cpu.system) / 1e6 / duration) * 100),
  };
}

/** One thread is plenty (it does >10k req/s against nginx) and leaves the server the other core. */
async function loadWrk(url, headers, length) {
  const args = ["-t1", `-c${connections}`, `-d${length}s`, "--timeout", "10s", "-s", wrkScript];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const cpuBefore = reapedChildrenCpu();
  const { stdout } = await promisify(execFile)(WRK, args, { maxBuffer: 1024 * 1024 });
  const line = stdout.trim().split("\n").at(-1);
  const stats = JSON.parse(line);
  const seconds = stats.durationUs / 1e6;
  return {
    generator: GENERATOR,
    requests: stats.requests,
    reqPerSec: Math.round(stats.requests / seconds),
    p50ms: Number((stats.p50us / 1000).toFixed(1)),
    p99ms: Number((stats.p99us / 1000).toFixed(1)),
    errors: stats.errors,
    non2xx: stats.non2xx,
    generatorCpuPct: Math.round(((reapedChildrenCpu() - cpuBefore) / seconds) * 100),
  };
}

/** The site's background jobs (app/services/metrics.server.ts): seconds each has run, runs in progress. */
async function jobActivity(base) {
  const text = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => (r.ok ? r.text() : ""));
  const seconds = new Map();
  let running = 0;
  for (const [, name, job, value] of text.matchAll(/^(academy_job_seconds_total|academy_job_running)\{job="([^"]+)"\} (\S+)$/gm)) {
    if (name === "academy_job_running") running += Number(value);
    else seconds.set(job, Number(value));
  }
  return { seconds, running };
}

/** Waits (up to 2 minutes) until no background job runs, and returns each job's seconds so far. */
async function jobsAtRest(base) {
  for (let i = 0; ; i++) {
    const activity = await jobActivity(base);
    if (activity.running === 0 || i === 240) return activity.seconds;
    await sleep(500);
  }
}

/**
 * A job that ran this long during a row is named in it, and the row is measured again. To move a
 * p99 it must hold up ~1 % of a row's requests: ~80 ms of an 8 s row; the e-Factura check with
 * nothing to send takes ~20 ms every 15 s.
 */
const JOB_NOISE_SECONDS = 0.05;

/** One measured load of a page: wrk's figures, the server tree's CPU, the queries, the jobs that ran. */
async function measureOnce(site, label, page, headers, dbPids, singleProcess) {
  const pids = tree(site.child.pid);
  const queries = async () => (singleProcess ? ((await hook(site.base, "queries").catch(() => null))?.queries ?? null) : null);
  const jobsBefore = await jobsAtRest(site.base);
  const before = { cpu: cpuTicks(pids) + cpuTicks(dbPids?.() ?? []), queries: await queries() };
  const profiled = PROFILE_DIR && page !== "/robots.txt" ? workers(site.child.pid) : [];
  const known = profiled.length ? new Set(fs.readdirSync(PROFILE_DIR)) : null;
  for (const pid of profiled) process.kill(pid, "SIGUSR2");
  const startedAt = new Date().toISOString();
  const result = await load(site.base + page, headers);
  for (const pid of profiled) process.kill(pid, "SIGUSR2");
  const after = { cpu: cpuTicks(pids) + cpuTicks(dbPids?.() ?? []), queries: await queries() };
  if (profiled.length) await profileSummary(label, page, known, profiled.length);
  // A job that started during the load is waited for, so its whole run is counted.
  const jobsAfter = await jobsAtRest(site.base);
  const jobs = [...jobsAfter]
    .map(([job, seconds]) => ({ job, seconds: Number((seconds - (jobsBefore.get(job) ?? 0)).toFixed(2)) }))
    .filter((j) => j.seconds >= JOB_NOISE_SECONDS);
  return {
    result: { ...result, startedAt },
    jobs,
    cpuMsPerRequest: Number((((after.cpu - before.cpu) * 1000) / CLK_TCK / Math.max(1, result.requests)).toFixed(2)),
    // The two hook calls are queries-free; the warm-up request is not in the window.
    queriesPerRequest: before.queries === null || after.queries === null ? null : Number(((after.queries - before.queries) / Math.max(1, result.requests)).toFixed(2)),
  };
}

/**
 * Load on each page; CPU of the whole server tree; queries counted by the app (one process).
 * The site's background jobs run as they would in production (a fresh data folder has no backup
 * yet, so the nightly one is taken 3 minutes after the start). A row during which a job ran is
 * measured once more: the table shows the second figures, the record keeps the first with the jobs.
 */
async function measurePages(site, label, pages, { cookie, nginx, dbPids, user } = {}) {
  const headers = cookie ? { Cookie: cookie } : {};
  const singleProcess = workers(site.child.pid).length === 1;
  let trivial = null;
  for (const page of pages) {
    // Steady state, not start-up: each page's first seconds under load run code V8 has not yet
    // optimised (a page measured cold ran at 0.15–0.3 of its warm rate), so a warm-up load comes first.
    await fetch(site.base + page, { headers }).then((r) => r.arrayBuffer());
    await load(site.base + page, headers, WARM_UP_SECONDS);
    let measured = await measureOnce(site, label, page, headers, dbPids, singleProcess);
    let duringJobs = null;
    if (measured.jobs.length && !PROFILE_DIR) {
      duringJobs = { jobs: measured.jobs, reqPerSec: measured.result.reqPerSec, p50ms: measured.result.p50ms, p99ms: measured.result.p99ms };
      measured = await measureOnce(site, label, page, headers, dbPids, singleProcess);
    }
    const { result } = measured;
    if (page === "/robots.txt") trivial = result.reqPerSec;
    const record = {
      metric: "load",
      setup: label,
      page,
      user: user ?? (cookie ? "logged in" : "guest"),
      connections,
      seconds: duration,
      ...result,
      toRobots: trivial ? Number((result.reqPerSec / trivial).toFixed(2)) : null,
      toNginx: nginx ? Number((result.reqPerSec / nginx).toFixed(3)) : null,
      cpuMsPerRequest: measured.cpuMsPerRequest,
      queriesPerRequest: measured.queriesPerRequest,
      jobs: measured.jobs,
      duringJobs,
    };
    emit(record);
    rows.push(record);
  }
}

/** Waits for the profiles of one page's load and records the top entries by self time. */
async function profileSummary(label, page, known, expected) {
  let files = [];
  for (let i = 0; i < 100 && files.length < expected; i++) {
    files = fs.readdirSync(PROFILE_DIR).filter((f) => f.endsWith(".cpuprofile") && !known.has(f));
    if (files.length < expected) await sleep(100);
  }
  const self = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(PROFILE_DIR, file), "utf8"));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const counts = new Map();
    for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, count] of counts) {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      if (functionName === "(idle)") continue;
      const where = url ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(build|app|scripts)\//, "$1/")}:${lineNumber + 1}` : "";
      const key = `${functionName || "(anonymous)"} ${where}`.trim();
      self.set(key, (self.get(key) ?? 0) + count);
      total += count;
    }
  }
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, count]) => ({ name, pct: Number(((count * 100) / Math.max(1, total)).toFixed(1)) }));
  const record = { metric: "profile", setup: label, page, files: files.map((f) => path.join(PROFILE_DIR, f)), samples: total, top };
  emit(record);
  rows.push(record);
}

function memory(site, label, moment, dbPids) {
  const pids = tree(site.child.pid);
  const mb = (kb) => Number((kb / 1024).toFixed(1));
  const record = {
    metric: "memory",
    setup: label,
    moment,
    appRssMB: mb(memoryKB(pids)),
    // Each serving process (the workers and the warm spare; the supervisor is not one).
    workerRssMB: workers(site.child.pid).map((pid) => mb(memoryKB([pid]))),
    // PostgreSQL backends serving the app: private memory only (shared buffers are the server's).
    databaseRssAnonMB: dbPids ? Number((memoryKB(dbPids(), "RssAnon") / 1024).toFixed(1)) : null,
  };
  emit(record);
  rows.push(record);
}

// ─── nginx: the machine's ceiling for a static page ─────────────────────────────────────────

async function nginxCeiling(html) {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (!nginx) return null;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "academy-bench-nginx-"));
  const port = await freePort();
  fs.mkdirSync(path.join(prefix, "html"));
  fs.mkdirSync(path.join(prefix, "logs"));
  fs.writeFileSync(path.join(prefix, "html", "index.html"), html);
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes ${os.cpus().length};
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp; fastcgi_temp_path ${prefix}/tmp;
  uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  server { listen 127.0.0.1:${port}; root ${prefix}/html; }
}
`,
  );
  const child = spawn(nginx, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  try {
    await waitFor(`http://127.0.0.1:${port}/index.html`, child, 10_000);
    const result = await load(`http://127.0.0.1:${port}/index.html`);
    const record = { metric: "load", setup: "nginx", page: "static copy of /", connections, seconds: duration, ...result };
    emit(record);
    rows.push(record);
    return result.reqPerSec;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}

// ─── Bundle report ──────────────────────────────────────────────────────────────────────────

/**
 * What a page's HTML makes the browser download: script files, their gzipped sizes (the budget's
 * measure) and what a browser that accepts Brotli is sent (the build's `.br` copy, if any).
 */
async function bundleReport(base, page, cookie) {
  const html = await fetch(base + page, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.text());
  const urls = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/build\/[^"']+\.js)["']/g)) urls.add(match[1]);
  let raw = 0;
  let gzip = 0;
  let br = 0;
  const files = [];
  for (const url of urls) {
    if (!fs.existsSync(path.join(root, "public", url))) continue;
    const size = sizes(url);
    raw += size.raw;
    gzip += size.gzip;
    br += size.br;
    files.push({ file: url.replace("/build/", ""), gzipKB: Number((size.gzip / 1024).toFixed(1)) });
  }
  files.sort((a, b) => b.gzipKB - a.gzipKB);
  const record = {
    metric: "bundle",
    page,
    scripts: files.length,
    rawKB: Number((raw / 1024).toFixed(1)),
    gzipKB: Number((gzip / 1024).toFixed(1)),
    brKB: Number((br / 1024).toFixed(1)),
    withinBudget: files.length <= LH_HYDRATED.scripts && gzip / 1024 <= LH_HYDRATED.jsKB,
    largest: files.slice(0, 5),
  };
  emit(record);
  rows.push(record);
}

// ─── PostgreSQL: a fresh database for the run ───────────────────────────────────────────────

async function freshPostgres() {
  const serverUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(serverUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return null;
  }
  const name = `academy_bench_${process.pid}_${Date.now()}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** PostgreSQL backend processes connected to this database (for CPU and memory). */
    async pids() {
      const rows = await admin`select pid from pg_stat_activity where datname = ${name}`;
      return rows.map((r) => r.pid);
    },
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end({ timeout: 5 });
    },
  };
}

// ─── The run ────────────────────────────────────────────────────────────────────────────────

const build = spawnSync(process.execPath, ["scripts/build.mjs", "--quiet"], {
  stdio: ["ignore", "ignore", "inherit"],
  // A test build: the SQL query counts come through the test fixture endpoint.
  env: { ...process.env, NODE_ENV: "production", ACADEMY_TEST_BUILD: "1" },
});
if (build.status !== 0) throw new Error("build failed");

if (process.argv.includes("--bundle-only")) {
  const manifest = readManifest();
  for (const route of HYDRATED_ROUTES) {
    const report = pageReport(manifest, route);
    const withinBudget = report.scripts <= LH_HYDRATED.scripts && report.gzipKB <= LH_HYDRATED.jsKB;
    emit({ metric: "bundle", route, scripts: report.scripts, gzipKB: report.gzipKB, brKB: report.brKB, rawKB: report.rawKB, withinBudget, largest: report.files.slice(0, 5) });
  }
  for (const route of HYDRATED_ROUTES) {
    const r = pageReport(manifest, route);
    console.log(`bundle ${route}: ${r.scripts} scripts, ${r.gzipKB} KB gzipped, ${r.brKB} KB sent with Brotli (${r.rawKB} KB raw) — budget ${LH_HYDRATED.scripts} scripts, ${LH_HYDRATED.jsKB} KB`);
  }
  process.exit(0);
}

const guestPages = ["/robots.txt", "/", "/cursuri", "/cursuri-online", null, "/produse"];
const userPages = ["/robots.txt", "/cont", "/cart"];
const adminPages = ["/robots.txt", "/admin/comenzi"];
let nginx = null;

async function suite(label, { databaseUrl, concurrency, dbPids }) {
  const site = await startSite({ databaseUrl, concurrency, label });
  try {
    const observed = workers(site.child.pid).length;
    emit({ metric: "startup", setup: label, ms: site.startupMs, workersRequested: concurrency ?? null, workersObserved: observed });
    rows.push({ metric: "startup", setup: label, ms: site.startupMs, workersObserved: observed });
    await sleep(1000);
    let pgPids = [];
    const refreshDbPids = dbPids
      ? async () => {
          pgPids = await dbPids();
        }
      : async () => {};
    await refreshDbPids();
    memory(site, label, "idle", dbPids ? () => pgPids : null);
    const pages = [...guestPages];
    pages[pages.indexOf(null)] = await firstLink(site.base, "/cursuri", "/cursuri/curs/");
    if (nginx === null && !label.startsWith("PostgreSQL") && !lighthouseOnly) {
      const html = await fetch(site.base + "/").then((r) => r.text());
      nginx = (await nginxCeiling(html)) ?? undefined;
    }
    if (!lighthouseOnly) await measurePages(site, label, pages, { nginx, dbPids: dbPids ? () => pgPids : null });
    const { cookie, admin, lesson } = await logIn(site.base);
    if (!lighthouseOnly) {
      await refreshDbPids();
      const studentPages = lesson ? [...userPages, lesson] : userPages;
      await measurePages(site, label, studentPages, { cookie, nginx, dbPids: dbPids ? () => pgPids : null });
      await measurePages(site, label, adminPages, { cookie: admin, nginx, dbPids: dbPids ? () => pgPids : null, user: "admin" });
      await refreshDbPids();
      memory(site, label, "after load", dbPids ? () => pgPids : null);
      // Memory that stays after the load ended (caches, allocator, V8's heap) is what a server pays.
      await sleep(30_000);
      await refreshDbPids();
      memory(site, label, "after 30 s idle", dbPids ? () => pgPids : null);
    }
    if (label === "PGlite") {
      for (const page of ["/cont", "/cart"]) await bundleReport(site.base, page, cookie);
      const online = await firstLink(site.base, "/cursuri-online", "/cursuri-online/curs/");
      await bundleReport(site.base, online, null);
      if (withLighthouse) {
        const physical = pages[4];
        const product = await firstLink(site.base, "/produse", "/produse/produs/");
        // Every kind of public page: the catalogue, the details, the content pages, a legal page and
        // the forms a visitor meets before logging in.
        const publicPages = ["/", "/cursuri", physical, "/cursuri-online", online, "/produse", product, "/servicii", "/contact", "/termeni", "/autentificare", "/register"];
        for (const page of publicPages) {
          const result = await lighthouse(site.base + page);
          const misses = [];
          if (result.error) misses.push(result.error);
          if (result.performance < LH_BUDGETS.performance) misses.push("performance");
          if (result.accessibility < LH_BUDGETS.accessibility) misses.push("accessibility");
          if (result.lcpMs > LH_BUDGETS.lcpMs) misses.push("LCP");
          if (result.cls > LH_BUDGETS.cls) misses.push("CLS");
          if (result.documentKB > LH_BUDGETS.documentKB) misses.push("document size");
          // Login, register and the legal pages start their scripts after the first paint, by
          // design (route-handle.ts): judged by the hydrated pages' script budget.
          if (result.jsKB > (result.scriptRequests > 0 ? LH_HYDRATED.jsKB : LH_BUDGETS.jsKB)) misses.push("JS size");
          const record = { metric: "lighthouse", page, user: "guest", ...result, misses };
          emit(record);
          rows.push(record);
        }
        for (const page of ["/cont", "/cart"]) {
          const result = await lighthouse(site.base + page, cookie);
          const misses = [];
          if (result.performance < LH_HYDRATED.performance) misses.push("performance");
          if (result.fcpMs > LH_HYDRATED.fcpMs) misses.push("FCP");
          if (result.jsKB > LH_HYDRATED.jsKB) misses.push("JS size");
          if (result.scriptRequests > LH_HYDRATED.scripts) misses.push("script requests");
          if (result.error) misses.push(result.error);
          else if (!result.finalUrl.endsWith(page)) misses.push(`not logged in (${result.finalUrl})`);
          const record = { metric: "lighthouse", page, user: "logged in", ...result, misses };
          emit(record);
          rows.push(record);
        }
      }
    }
  } finally {
    await site.stop();
  }
}

if (!process.argv.includes("--no-pglite")) await suite("PGlite", {});
if (withPostgres) {
  const pg = await freshPostgres();
  if (!pg) emit({ metric: "skipped", setup: "PostgreSQL", reason: "no PostgreSQL server answers" });
  else {
    const cores = os.cpus().length;
    try {
      await suite(`PostgreSQL ×${cores}`, { databaseUrl: pg.url, concurrency: cores, dbPids: () => pg.pids() });
    } finally {
      await pg.drop();
    }
  }
}

// ─── Summary table ──────────────────────────────────────────────────────────────────────────

console.log(`\nload generator: ${GENERATOR} (${WRK ? "1 thread, " : "in the bench's process, "}${connections} connections, ${duration} s per page)`);
console.log("\n| setup | page | user | req/s | p50 ms | p99 ms | ÷ robots | ÷ nginx | CPU ms/req | queries/req | generator CPU % |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows.filter((r) => r.metric === "load")) {
  const cell = (v) => (v === null || v === undefined ? "–" : v);
  console.log(`| ${r.setup} | ${r.page} | ${cell(r.user)} | ${r.reqPerSec} | ${r.p50ms} | ${r.p99ms} | ${cell(r.toRobots)} | ${cell(r.toNginx)} | ${cell(r.cpuMsPerRequest)} | ${cell(r.queriesPerRequest)} | ${cell(r.generatorCpuPct)} |`);
}
const named = (jobs) => jobs.map((j) => `${j.job} ${j.seconds} s`).join(", ");
for (const r of rows.filter((r) => r.metric === "load" && (r.duringJobs || r.jobs?.length))) {
  const first = r.duringJobs ? `first run, while ${named(r.duringJobs.jobs)} ran: ${r.duringJobs.reqPerSec} req/s, p50 ${r.duringJobs.p50ms} ms, p99 ${r.duringJobs.p99ms} ms; the table has the second run` : "";
  const second = r.jobs.length ? `${first ? "; " : ""}jobs also ran during the figures in the table: ${named(r.jobs)}` : "";
  console.log(`background jobs ${r.setup} ${r.page}: ${first}${second}`);
}
for (const r of rows.filter((r) => r.metric === "startup")) console.log(`startup ${r.setup}: ${r.ms} ms, ${r.workersObserved} serving process(es)`);
for (const r of rows.filter((r) => r.metric === "memory")) {
  console.log(
    `memory ${r.setup} ${r.moment}: app ${r.appRssMB} MB RSS, per serving process ${r.workerRssMB.join(" / ")} MB${r.databaseRssAnonMB === null ? "" : `, PostgreSQL backends ${r.databaseRssAnonMB} MB private`}`,
  );
}
for (const r of rows.filter((r) => r.metric === "profile")) {
  console.log(`profile ${r.setup} ${r.page} (${r.samples} samples, self time): ${r.top.map((t) => `${t.name} ${t.pct} %`).join(" · ")}`);
}
if (PROFILE_DIR) console.log(`profiles kept in ${PROFILE_DIR}`);
for (const r of rows.filter((r) => r.metric === "bundle")) console.log(`bundle ${r.page}: ${r.scripts} scripts, ${r.gzipKB} KB gzipped, ${r.brKB} KB sent with Brotli (${r.rawKB} KB raw)`);
for (const r of rows.filter((r) => r.metric === "lighthouse")) {
  const spread = r.lcpRunsMs ? ` (median of ${r.lcpRunsMs.join(" / ")}${r.retries ? `, ${r.retries} retried` : ""})` : "";
  console.log(`lighthouse ${r.page} (${r.user}): perf ${r.performance}, a11y ${r.accessibility}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms${spread}, JS ${r.jsKB} KB in ${r.scriptRequests} scripts${r.misses.length ? ` — misses: ${r.misses.join(", ")}` : ""}`);
  if (r.lcpElement) console.log(`  LCP element: ${r.lcpElement.replace(/\s+/g, " ").slice(0, 160)} ${JSON.stringify(r.lcpPhases ?? {})}`);
}
