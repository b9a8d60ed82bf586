#!/usr/bin/env node
// @ts-check
/**
 * One worker's HTTP server (started by scripts/start.mjs, the supervisor): it listens with the
 * Express app of scripts/http-app.mjs (the Remix build through Remix's public Express adapter)
 * and adds what remix-serve cannot do:
 *
 * - Graceful shutdown. On SIGTERM/SIGINT the worker stops accepting connections, closes idle
 *   keep-alive connections, answers requests still arriving on open ones with `Connection:
 *   close`, lets in-flight requests finish (at most SHUTDOWN_TIMEOUT_MS), then stops the mail
 *   worker and the media sweep and closes the database pool (`serverHost.stop()`). Exit 0 when
 *   it drained, 1 when it had to cut connections. (remix-serve kept answering on keep-alive
 *   connections after the pool had closed: a burst of 500s at every deploy.) The same drain
 *   runs when the supervisor dies (even by SIGKILL), see supervisor-link.mjs.
 * - Idle keep-alive connections last 65 s (see `listen`).
 * - A warm spare waits, loaded and connected, until the supervisor needs it.
 */
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installGlobals } from "@remix-run/node";
import { createHttpApp } from "./http-app.mjs";
import { onSupervisorGone } from "./supervisor-link.mjs";

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

// The signals are this server's from its first moment: it drains first, then calls host.stop().
// Listening before the build loads tells the app to leave them to us (startup.server.ts), and a
// signal that comes while the build loads is never lost. (The app's listener used to be swapped
// for ours after the load; a SIGTERM that came in between was taken by Node and heard by
// nobody, and a spare starting at that moment outlived the supervisor's deadline.) While the
// build loads there is nothing to drain: the worker stops at once, as before.
let loaded = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (loaded) return shutdown(signal);
    say(`${signal} while starting: stopping`);
    process.exit(0);
  });
}

/** @type {import("@remix-run/node").ServerBuild} */
const build = await import(pathToFileURL(buildFile).href); // opens and migrates the database
installGlobals({ nativeFetch: build.future.v3_singleFetch });
/** @type {import("../app/server-host.server").ServerHost} */
const host = /** @type {any} */ (build.entry.module).serverHost;

let draining = false;
const app = createHttpApp(build, {
  draining: () => draining,
  accessLog: process.env.LOG_LEVEL !== "warn" && process.env.LOG_LEVEL !== "error",
});

const port = Number(process.env.PORT) || 3000;
const bindHost = process.env.HOST || undefined;
let server;
function listen() {
  server = app.listen(port, bindHost, () => {
    say(`listening on http://${bindHost ?? "localhost"}:${port}`);
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
  const started = Date.now();
  if (!server) {
    // A spare that never served: nothing to drain.
    say(`${signal}: stopping (a spare that never served)`);
    void host.stop().then(
      () => {
        say(`stopped in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error) => {
        console.error(`[worker ${process.pid}] closing the database failed: ${error?.message ?? error}`);
        process.exit(1);
      },
    );
    return;
  }
  say(`${signal}: draining (up to ${SHUTDOWN_TIMEOUT_MS / 1000} s)`);
  let forced = false;
  const finish = async () => {
    clearInterval(idleSweep);
    try {
      await host.stop();
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
loaded = true;
// The supervisor gone (stopped, crashed or killed with SIGKILL: the IPC channel closed): drain as
// on SIGTERM. Node's cluster code would exit the worker at once; supervisor-link.mjs says why.
onSupervisorGone(() => shutdown("supervisor gone"));
