#!/usr/bin/env node
/**
 * One worker's HTTP server (started by scripts/start.mjs, the supervisor). It serves the Remix
 * build exactly as @remix-run/serve did (compression, /build immutable for a year, public files
 * for an hour, a one-line access log: JSON in production, with Prometheus metrics, see
 * observability.mjs), plus what remix-serve cannot do:
 *
 * - Graceful shutdown. On SIGTERM/SIGINT the worker stops accepting connections, closes idle
 *   keep-alive connections, answers requests still arriving on open ones with `Connection:
 *   close`, lets in-flight requests finish (at most SHUTDOWN_TIMEOUT_MS), then stops the mail
 *   worker and the media sweep and closes the database pool. Exit 0 when it drained, 1 when it
 *   had to cut connections. (remix-serve kept answering on keep-alive connections after the pool
 *   had closed: a burst of 500s at every deploy.) The same drain runs when the supervisor dies
 *   (even by SIGKILL), see supervisor-link.mjs.
 * - The old `?_data=` parameter (Remix before single fetch) is dropped from every address
 *   before Remix sees it: the page or call it names answers, never a made-up data request.
 * - Honest errors. A request whose loader or action could not reach the database is answered
 *   503 + Retry-After with a Romanian page (a form post gets its fields back to send again);
 *   an error page never goes out with a 2xx status.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
// The adapter's request/response converters (public in dist/server.js, not re-exported).
import remixExpress from "@remix-run/express/dist/server.js";
import remixNode from "@remix-run/node";
import compression from "compression";
import express from "express";
import { observability } from "./observability.mjs";
import { onSupervisorGone } from "./supervisor-link.mjs";

const { createRemixRequest, sendRemixResponse } = remixExpress;
const { createRequestHandler, installGlobals } = remixNode;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
const buildFile = path.join(root, "build", "index.js");

function say(message) {
  console.log(`[worker ${process.pid}] ${message}`);
}

/** Tells the supervisor why this worker is about to die, then dies. */
function die(reason, code = 1) {
  console.error(`[worker ${process.pid}] ${reason}`);
  const exit = () => process.exit(code);
  if (process.send && process.connected) {
    process.send({ type: "fatal", reason: reason.split("\n")[0].slice(0, 300) }, exit);
    setTimeout(exit, 500).unref();
  } else exit();
}
process.on("uncaughtException", (error) => die(`uncaught exception: ${error?.stack ?? error}`));
process.on("unhandledRejection", (error) => die(`unhandled rejection: ${error?.stack ?? error}`));

// The app handles SIGTERM here (drain first), not in its own start-up code.
globalThis[Symbol.for("academy.managedShutdown")] = true;
const build = await import(pathToFileURL(buildFile).href); // opens and migrates the database
installGlobals({ nativeFetch: build.future.v3_singleFetch });
const entry = build.entry.module;
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
// The instance app/services/request-scope.server.ts uses (the same global symbol).
const requestScope = (globalThis[Symbol.for("academy.requestScope")] ??= new AsyncLocalStorage());

const FORM_TYPE = /^application\/x-www-form-urlencoded/i;
const MAX_RESEND_BYTES = 64 * 1024;

let draining = false;
const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => {
  if (draining) res.set("Connection", "close");
  next();
});
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
// public/ holds only files with an extension (favicon.svg, fonts/, images/): a page address
// such as /cont goes straight to Remix instead of costing a failed stat() on every request.
const publicFiles = express.static("public", { maxAge: "1h" });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
// One log line per request (JSON in production) and GET /metrics behind METRICS_TOKEN (observability.mjs).
const { requests, metrics } = observability({ routes: build.routes, quiet: process.env.LOG_LEVEL === "warn" || process.env.LOG_LEVEL === "error" });
app.use(requests);
app.get("/metrics", metrics);
app.all("*", async (req, res, next) => {
  try {
    const request = entry.withoutLegacyDataParam(createRemixRequest(req, res));
    const state = { errored: false, databaseUnavailable: false };
    const small =
      req.method === "POST" &&
      FORM_TYPE.test(req.get("content-type") ?? "") &&
      Number(req.get("content-length") ?? Infinity) <= MAX_RESEND_BYTES;
    // A small form post is teed so its fields can go back to the user on a 503 page.
    const copy = small ? request.clone() : undefined;
    // One scope per HTTP request: its loaders share the session lookup (request-scope.server.ts).
    let response = await requestScope.run(new Map(), () => handleRequest(request, { [entry.REQUEST_STATE]: state }));
    if (state.databaseUnavailable) response = await unavailable(req, response, copy);
    else if (state.errored && response.status < 300) {
      // An error boundary rendered with a success status: monitoring must see an error.
      response = new Response(response.body, { status: 500, headers: response.headers });
    }
    void copy?.body?.cancel().catch(() => {});
    await sendRemixResponse(res, response);
  } catch (error) {
    next(error);
  }
});

async function unavailable(req, response, copy) {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(entry.RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  if (!(headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // Data requests and resource routes keep Remix's error body (the browser's Remix shows the
    // error boundary); only the status changes.
    return new Response(response.body, { status: 503, headers });
  }
  await response.body?.cancel().catch(() => {});
  let fields;
  if (copy) {
    try {
      fields = [...(await copy.formData()).entries()].filter(([, v]) => typeof v === "string");
    } catch {
      fields = undefined;
    }
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  const page = entry.unavailablePage({ method: req.method, action: req.originalUrl, fields });
  return new Response(page, { status: 503, headers });
}

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || undefined;
let server;
function listen() {
  server = app.listen(port, host, () => {
    say(`listening on http://${host ?? "localhost"}:${port}`);
  });
  server.on("error", (error) => die(`cannot listen on port ${port}: ${error.message}`));
  // Idle keep-alive connections stay open longer than a load balancer's or client's own idle
  // timeout (commonly 60 s): with Node's 5 s default the server closes a socket just as the other
  // side reuses it, and that request fails with ECONNRESET (seen in the e2e suite). Shutdown
  // still closes idle connections at once.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
if (process.env.ACADEMY_SPARE === "1" && process.send) {
  // A warm spare (see start.mjs): loaded and connected, it starts serving the moment the
  // supervisor says a worker died, instead of a cold start of several seconds.
  process.on("message", (message) => {
    if (message?.type === "serve" && !server && !draining) listen();
  });
  process.send({ type: "ready" });
} else listen();

function shutdown(signal) {
  if (draining) return;
  draining = true;
  if (!server) {
    // A spare that never served: nothing to drain.
    void entry.stopApp().finally(() => process.exit(0));
    return;
  }
  const started = Date.now();
  say(`${signal}: draining (up to ${SHUTDOWN_TIMEOUT_MS / 1000} s)`);
  let forced = false;
  const finish = async () => {
    clearInterval(idleSweep);
    try {
      await entry.stopApp();
    } catch (error) {
      console.error(`[worker ${process.pid}] closing the database failed: ${error?.message ?? error}`);
      forced = true;
    }
    say(`stopped in ${Date.now() - started} ms${forced ? " (forced: connections were cut)" : ""}`);
    process.exit(forced ? 1 : 0);
  };
  server.close(() => void finish());
  server.closeIdleConnections();
  // Connections that finish their response become idle: close them as they do.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  setTimeout(() => {
    forced = true;
    say(`requests still open after ${SHUTDOWN_TIMEOUT_MS / 1000} s: cutting them`);
    server.closeAllConnections();
  }, SHUTDOWN_TIMEOUT_MS).unref();
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));
// The supervisor gone (stopped, crashed or killed with SIGKILL: the IPC channel closed): drain as
// on SIGTERM. Node's cluster code would exit the worker at once; supervisor-link.mjs says why.
onSupervisorGone(() => shutdown("supervisor gone"));
