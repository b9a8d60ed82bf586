// @ts-check
/**
 * The supervisor's part of /admin/sistem's list of processes (app/services/cluster-workers.server.ts
 * is the worker's part): each worker says its version once it has loaded the site
 * (`academy:hello`), and a worker answering the page asks for the list (`academy:workers`, a
 * request id, like the metrics of metrics-primary.mjs). The answer lists every live worker: pid,
 * role (serving, the warm spare, starting), when it was forked, the version it said.
 */

/**
 * @param {import("node:cluster").Cluster} cluster
 * @param {(worker: import("node:cluster").Worker) => "serving" | "spare" | "starting"} roleOf
 */
export function serveWorkerList(cluster, roleOf) {
  /** @type {Map<number, { startedAt: string, version: string | null }>} */
  const known = new Map();
  cluster.on("fork", (worker) => known.set(worker.id, { startedAt: new Date().toISOString(), version: null }));
  cluster.on("exit", (worker) => known.delete(worker.id));
  cluster.on("message", (worker, message) => {
    if (message?.type === "academy:hello") {
      const entry = known.get(worker.id);
      if (entry) {
        entry.version = typeof message.version === "string" ? message.version.slice(0, 40) : null;
        if (typeof message.startedAt === "string") entry.startedAt = message.startedAt;
      }
      return;
    }
    if (message?.type !== "academy:workers" || typeof message.id !== "string") return;
    const workers = Object.values(cluster.workers ?? {})
      .filter((w) => w !== undefined && !w.isDead())
      .map((w) => ({ pid: w.process.pid, role: roleOf(w), startedAt: known.get(w.id)?.startedAt ?? null, version: known.get(w.id)?.version ?? null }));
    if (worker.isConnected()) worker.send({ type: "academy:workers", id: message.id, workers });
  });
}
