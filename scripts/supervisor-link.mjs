/**
 * The worker's link to its supervisor (scripts/start.mjs): `onSupervisorGone(callback)` runs the
 * callback once when the IPC channel to the supervisor closes — the supervisor stopped, crashed,
 * or was killed with SIGKILL — so the worker can drain (finish requests in flight, settle the
 * mail outbox, close the database) and exit on its own terms.
 *
 * Why this is needed: Node's cluster worker code (lib/internal/cluster/child.js, Node 20–22)
 * registers `process.once("disconnect")` before any app code runs; it emits the worker's
 * "disconnect" event and then calls `process.exit(0)` unless `worker.exitedAfterDisconnect` is
 * true (the flag Node sets itself when a disconnect was asked for). An app's own
 * `process.on("disconnect")` handler therefore never gets the chance to drain: requests in flight
 * are cut and mail being handed over stays `sending`. The worker's "disconnect" event fires just
 * before that exit, so handling it — marking the disconnect as expected through the worker's
 * public `exitedAfterDisconnect` property — keeps the process alive for the drain.
 * tests/unit/supervisor-link.test.ts kills a supervisor with SIGKILL both ways and fails if a
 * Node upgrade changes this.
 */
import cluster from "node:cluster";
import process from "node:process";

export function onSupervisorGone(callback) {
  let called = false;
  const gone = () => {
    if (called) return;
    called = true;
    callback();
  };
  if (cluster.isWorker) {
    cluster.worker.once("disconnect", () => {
      cluster.worker.exitedAfterDisconnect = true; // "expected": Node's handler then leaves the exit to us
      gone();
    });
  }
  // A worker started with child_process.fork (no cluster) gets the plain event.
  if (process.send) process.once("disconnect", gone);
}
