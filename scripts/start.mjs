#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then serves it with
 * @remix-run/serve. The server build opens the database, migrates and seeds an empty one before
 * it listens. SIGTERM/SIGINT are passed on, and this process exits with the server's code.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
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
  const built = fs.statSync(buildFile).mtimeMs;
  const sources = ["app", "db", "remix.config.js", "package-lock.json", "tsconfig.json"];
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  console.log("Building the site (remix build)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(
  process.execPath,
  [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), buildFile],
  { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } },
);
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
