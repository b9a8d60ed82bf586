/**
 * The supervisor's part of GET /metrics (scripts/observability.mjs): a worker that got an
 * authorised request asks here, and prom-client's AggregatorRegistry collects every worker's
 * metrics into one answer (counters summed; the app's gauges that every worker reads from the
 * database are declared with aggregator "max", so they are not multiplied by the worker count).
 */
import client from "prom-client";

export function serveClusterMetrics(cluster) {
  const registry = new client.AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== "academy:metrics" || typeof message.id !== "string") return;
    registry.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: "academy:metrics", id: message.id, text }),
      (error) => worker.isConnected() && worker.send({ type: "academy:metrics", id: message.id, error: String(error?.message ?? error) }),
    );
  });
}
