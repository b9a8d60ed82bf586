/**
 * Every process of the cluster for /admin/sistem (the supervisor's part: scripts/workers-primary.mjs):
 * at start-up a worker tells the supervisor its version (`academy:hello`); the worker answering
 * the page asks the supervisor for the list (`academy:workers`, answered over the same IPC channel
 * as GET /metrics). Outside the supervisor (remix dev, tests) or when it does not answer within
 * 2 s, the list is this process alone.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The IPC channel to the supervisor (`process` in a cluster worker). */
export interface SupervisorChannel {
  connected: boolean;
  send(message: unknown): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
}

export interface ClusterWorker {
  pid: number;
  role: "serving" | "spare" | "starting";
  startedAt: Date;
  version: string;
}

/** The site's version (package.json), read once when this process loads the site. */
export const processVersion: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "necunoscută";
  } catch {
    return "necunoscută";
  }
})();

export const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

function supervisor(): SupervisorChannel | null {
  return cluster.isWorker && process.send && process.connected ? (process as unknown as SupervisorChannel) : null;
}

/** Tells the supervisor this worker's version and start (once, when the site is loaded). */
export function announceToSupervisor(channel: SupervisorChannel | null = supervisor()): void {
  if (channel?.connected) channel.send({ type: "academy:hello", version: processVersion, startedAt: processStartedAt.toISOString() });
}

function thisProcess(): ClusterWorker {
  return { pid: process.pid, role: "serving", startedAt: processStartedAt, version: processVersion };
}

const ROLE_ORDER: Record<ClusterWorker["role"], number> = { serving: 0, starting: 1, spare: 2 };

type Answer = { type: "academy:workers"; id: string; workers: Array<{ pid: number; role: ClusterWorker["role"]; startedAt: string | null; version: string | null }> };

/** The cluster's workers (serving, then starting, then the spare; oldest first); this process alone when there is no supervisor to ask. */
export async function clusterWorkers(channel: SupervisorChannel | null = supervisor(), timeoutMs = 2000): Promise<ClusterWorker[]> {
  if (!channel?.connected) return [thisProcess()];
  const id = randomUUID();
  const answer = await new Promise<Answer | null>((resolve) => {
    const timer = setTimeout(() => {
      channel.off("message", onMessage);
      resolve(null);
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      const m = message as Partial<Answer> | null;
      if (m?.type !== "academy:workers" || m.id !== id) return;
      clearTimeout(timer);
      channel.off("message", onMessage);
      resolve(m as Answer);
    };
    channel.on("message", onMessage);
    channel.send({ type: "academy:workers", id });
  });
  if (!answer || !Array.isArray(answer.workers) || answer.workers.length === 0) return [thisProcess()];
  return answer.workers
    .map((w) => ({ pid: w.pid, role: w.role, startedAt: w.startedAt ? new Date(w.startedAt) : new Date(NaN), version: w.version ?? (w.pid === process.pid ? processVersion : "necunoscută") }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.startedAt.getTime() - b.startedAt.getTime());
}
