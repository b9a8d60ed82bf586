/**
 * kill -9 of the supervisor: Node's cluster worker exits by itself before an app's
 * process.on("disconnect") can drain; scripts/supervisor-link.mjs keeps it alive for the drain.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const fixture = path.resolve("tests/fixtures/supervisor/kill-primary.mjs");

async function run(mode: "plain" | "link"): Promise<string[]> {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "supervisor-link-")), "log");
  fs.writeFileSync(logFile, "");
  const primary = spawn(process.execPath, [fixture, mode, logFile], { stdio: "ignore" });
  await new Promise((resolve) => primary.on("exit", resolve));
  // The worker is an orphan now: wait for its last line.
  const deadline = Date.now() + 10_000;
  while (!/exit \d+/.test(fs.readFileSync(logFile, "utf8")) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return fs.readFileSync(logFile, "utf8").trim().split("\n");
}

describe("a cluster worker whose supervisor is killed with SIGKILL", () => {
  it("exits at once without running the app's disconnect handler (Node's own behaviour)", async () => {
    expect(await run("plain")).toEqual(["exit 0"]);
  }, 20_000);

  it("drains and then exits with onSupervisorGone", async () => {
    expect(await run("link")).toEqual(["drain started", "drained", "exit 0"]);
  }, 20_000);
});
