/**
 * /admin/sistem's list of processes across a real cluster: the supervisor's part
 * (scripts/workers-primary.mjs) and the worker's part (app/services/cluster-workers.server.ts)
 * over Node's IPC channel, three workers (one the spare, one of another version).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
const fixture = path.resolve("tests/fixtures/supervisor/worker-list-primary.mjs");

describe("the cluster's process list", () => {
  it("a worker asks the supervisor and gets every worker with its role, start and own version", async () => {
    const child = spawn(process.execPath, [fixture], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(err).toBe("");
    expect(code).toBe(0);
    const answer = JSON.parse(out) as { asked: number; pids: number[]; spare: number; workers: Array<{ pid: number; role: string; startedAt: string; version: string }> };
    expect(answer.workers.map((w) => w.pid).sort()).toEqual([...answer.pids].sort());
    const byPid = new Map(answer.workers.map((w) => [w.pid, w]));
    expect(byPid.get(answer.spare)).toMatchObject({ role: "spare", version: "9.9.9-alta" });
    expect(answer.workers.at(-1)?.pid).toBe(answer.spare); // the serving ones first
    for (const pid of answer.pids.filter((p) => p !== answer.spare)) expect(byPid.get(pid)).toMatchObject({ role: "serving", version });
    for (const w of answer.workers) expect(Date.now() - new Date(w.startedAt).getTime()).toBeLessThan(60_000);
  }, 40_000);
});
