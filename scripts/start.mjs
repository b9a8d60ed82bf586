#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then supervises the
 * HTTP workers (scripts/server.mjs) with Node's `cluster`: they share the port, and a worker that
 * dies is replaced at once (the log says why it died). With DATABASE_URL there are
 * WEB_CONCURRENCY workers (default: the CPU cores); with the embedded PGlite exactly one (a PGlite
 * folder has one owner). Five deaths within 60 s stop everything with exit code 1 (a crash loop,
 * e.g. a broken build or configuration, must not spin) and leave DATA_DIR/crash-loop.json behind
 * (scripts/crash-loop.mjs): once the site runs again, /admin/sistem and an alert tell the owner;
 * a worker that fails before the first one
 * ever listened stops start-up with its exit code. With PostgreSQL one extra warm spare waits
 * (loaded, connected, not listening) and takes over within milliseconds when a worker dies;
 * SPARE_WORKER=0 turns it off. SIGTERM/SIGINT: every worker drains (see
 * server.mjs) and this process exits 0 when all of them stopped cleanly, 1 otherwise.
 *
 * Each worker opens the database and applies pending migrations under a PostgreSQL advisory
 * lock at start (db/client.ts withStartupLock): the first one migrates and seeds, the others wait
 * for the lock and find nothing to do. The supervisor itself never touches the database.
 *
 * It refuses to start without the dependency patches (scripts/check-patches.mjs: `npm ci
 * --ignore-scripts` skips them), and with TEST_HOOKS_TOKEN under NODE_ENV=production unless this
 * is a test run (ACADEMY_TEST_BUILD=1): the production build has no test hooks. A build of the
 * other kind (test build vs production build) counts as stale.
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isTestBuild } from "./build.mjs";
import { missingPatches } from "./check-patches.mjs";
import { recordCrashLoop } from "./crash-loop.mjs";
import { serveClusterMetrics } from "./metrics-primary.mjs";
import { serveWorkerList } from "./workers-primary.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const patchProblems = missingPatches(root);
if (patchProblems.length) {
  for (const line of patchProblems) console.error(`[supervisor] dependency patch missing: ${line}`);
  console.error("[supervisor] not starting: run `npm ci` (install scripts apply patches/*.patch)");
  process.exit(1);
}
const testRun = process.env.ACADEMY_TEST_BUILD === "1";
if ((process.env.NODE_ENV ?? "production") === "production" && process.env.TEST_HOOKS_TOKEN && !testRun) {
  console.error("[supervisor] not starting: TEST_HOOKS_TOKEN is set on a production server (the test hooks exist only in a test build, ACADEMY_TEST_BUILD=1); unset it");
  process.exit(1);
}
const buildFile = path.join(root, "build", "index.js");

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function buildIsStale() {
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(root, "public", "build"))) return true;
  if (isTestBuild(root) !== testRun) return true;
  const built = fs.statSync(buildFile).mtimeMs;
  const sources = ["app", "db", "remix.config.js", "package-lock.json", "patches", "tsconfig.json", "scripts/build.mjs", "scripts/merge-chunks.mjs"];
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  console.log("[supervisor] building the site (scripts/build.mjs: remix build, then merge-chunks)…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 60_000;

const requested = Number(process.env.WEB_CONCURRENCY);
const workerCount = !process.env.DATABASE_URL
  ? 1
  : Number.isInteger(requested) && requested > 0
    ? requested
    : os.availableParallelism();
if (!process.env.DATABASE_URL && requested > 1) {
  say(`WEB_CONCURRENCY=${requested} ignored: the embedded database (no DATABASE_URL) has one owner, so one worker`);
}

function say(message) {
  console.log(`[supervisor] ${message}`);
}

/**
 * How far the old generation may grow past the live data before the next full collection. V8
 * derives the factor from the ceiling: at 256 MB it uses its smallest (1.3), so under load a
 * worker holding ~47 MB of live data ran a 10 ms mark-compact every ~1.3 s, and with five
 * requests in flight on it those pauses set the p99 (issue 31: 39–46 mark-compacts in 16 s of
 * load on two workers, p99 17–24 ms on `/`). With ×3 (200 %): 10 mark-compacts, p99 9–13 ms,
 * 25 % more requests per second; RSS per worker after the bench's whole load ~265 MB instead of
 * ~185 MB. The ceiling still holds: near it V8 collects harder whatever this factor says.
 */
const HEAP_GROWING_PERCENT = 200;
/**
 * Memory ceiling of each PostgreSQL worker's JavaScript heap (README, Production → Memory): V8
 * sizes its heap from the machine's memory (gigabytes) and, under load, lets it grow to several
 * times the live data before collecting, then keeps it. With a ceiling it collects harder
 * instead; a worker that really needs more dies with an out-of-memory error and is replaced like
 * any dead worker. WORKER_MAX_HEAP_MB (default 256; 0 = V8's default) bounds the old generation;
 * the young generation is capped at 2 × 8 MB (V8's default is 2 × 16 MB). The embedded PGlite
 * worker keeps V8's defaults (its database lives in WebAssembly memory, outside these limits,
 * and its start-up seeding needs the room).
 */
const requestedHeap = process.env.WORKER_MAX_HEAP_MB === undefined ? 256 : Number(process.env.WORKER_MAX_HEAP_MB);
const heapFlags = [];
if (process.env.DATABASE_URL && Number.isInteger(requestedHeap) && requestedHeap > 0) {
  heapFlags.push(`--max-old-space-size=${requestedHeap}`, "--max-semi-space-size=8", `--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
cluster.setupPrimary({ exec: path.join(root, "scripts", "server.mjs"), execArgv: [...process.execArgv, ...heapFlags] });
// GET /metrics answers for every worker: the worker asks here (observability.mjs).
serveClusterMetrics(cluster);
const env = { NODE_ENV: "production", ...process.env };
const reasons = new Map(); // worker id → why it said it dies
const listening = new Set();
let everListened = false;
let stopping = false;
let exitCode = 0;
const deaths = [];
// /admin/sistem lists every worker: the worker answering the page asks here (workers-primary.mjs).
serveWorkerList(cluster, (worker) => workerState(worker));
const lastReasons = []; // why the last workers died (the crash-loop record keeps them)

// With PostgreSQL one warm spare waits, loaded and connected, and takes over the moment a worker
// dies (a cold start takes seconds on a busy machine). PGlite has one owner: no spare.
const useSpare = Boolean(process.env.DATABASE_URL) && process.env.SPARE_WORKER !== "0";
let spare; // { worker, ready }

/** What a worker is doing, as /admin/sistem and the supervisor's log name it. */
function workerState(worker) {
  return listening.has(worker.id) ? "serving" : spare?.worker === worker ? "spare" : "starting";
}

function fork(asSpare = false) {
  const worker = cluster.fork(asSpare ? { ...env, ACADEMY_SPARE: "1" } : env);
  if (asSpare) spare = { worker, ready: false };
  worker.on("message", (message) => {
    if (message && message.type === "fatal") reasons.set(worker.id, message.reason);
    if (message && message.type === "ready" && spare?.worker === worker) spare.ready = true;
  });
  return worker;
}

/** Replaces a dead worker: the ready spare starts serving at once (and a new spare is made). */
function replace() {
  if (spare?.ready) {
    spare.worker.send({ type: "serve" });
    spare = undefined;
    fork(true);
    return "the spare took over";
  }
  fork();
  return "starting a new one";
}

cluster.on("listening", (worker) => {
  listening.add(worker.id);
  if (!everListened) say(`${workerCount} worker${workerCount === 1 ? "" : "s"} (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"})`);
  everListened = true;
});

cluster.on("exit", (worker, code, signal) => {
  const served = listening.delete(worker.id);
  const why = reasons.get(worker.id) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
  reasons.delete(worker.id);
  if (stopping) {
    // A worker (the spare) still starting when the signal came dies of it: nothing was lost.
    const stoppedWhileStarting = !served && signal === "SIGTERM";
    if (code !== 0 && !stoppedWhileStarting) exitCode = 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      say(exitCode === 0 ? "all workers stopped cleanly" : "stopped (a worker had to be forced or failed)");
      process.exit(exitCode);
    }
    return;
  }
  if (!everListened && !served && spare?.worker !== worker) {
    say(`a worker failed during start-up (${why}); stopping`);
    stopAll(typeof code === "number" && code !== 0 ? code : 1);
    return;
  }
  const now = Date.now();
  deaths.push(now);
  lastReasons.push(why);
  if (lastReasons.length > CRASH_LIMIT) lastReasons.shift();
  while (deaths.length && deaths[0] < now - CRASH_WINDOW_MS) deaths.shift();
  if (deaths.length >= CRASH_LIMIT) {
    say(`worker ${worker.process.pid} died (${why}); ${deaths.length} deaths within ${CRASH_WINDOW_MS / 1000} s: crash loop, stopping the site`);
    try {
      const file = recordCrashLoop(path.resolve(process.env.DATA_DIR || "./data"), { deaths: deaths.length, windowSeconds: CRASH_WINDOW_MS / 1000, reasons: lastReasons });
      say(`crash loop recorded in ${file}: the site alerts the owner once it runs again`);
    } catch (error) {
      say(`could not record the crash loop: ${error?.message ?? error}`);
    }
    stopAll(1);
    return;
  }
  if (spare?.worker === worker) {
    spare = undefined;
    say(`the spare worker ${worker.process.pid} died (${why}); starting a new spare`);
    fork(true);
    return;
  }
  say(`worker ${worker.process.pid} died (${why}); ${replace()}`);
});

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(code);
  for (const worker of workers) worker.process.kill("SIGTERM");
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    say(`${signal}: stopping the workers`);
    stopAll(0);
    // Workers bound their own drain (10 s); never outlive them by much.
    setTimeout(() => {
      const left = Object.values(cluster.workers ?? {}).map(
        (worker) => `${worker.process.pid} (${workerState(worker)}${spare?.worker === worker && !spare.ready ? ", starting" : ""})`,
      );
      say(`workers did not stop in time; killing them: ${left.join(", ")}`);
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGKILL");
      process.exit(1);
    }, (Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000) + 5_000).unref();
  });
}

for (let i = 0; i < workerCount; i++) fork();
if (useSpare) fork(true);
