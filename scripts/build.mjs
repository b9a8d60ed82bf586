#!/usr/bin/env node
/**
 * `npm run build`: the production build. `remix build` (NODE_ENV=production), then
 * scripts/merge-chunks.mjs, which merges esbuild's small shared chunks so that a hydrated page
 * loads at most 12 script files (issue 18) and rewrites the Remix assets manifest to match.
 * `npm start`, `npm test` (scripts/e2e.mjs) and `npm run bench` build through this file.
 * Output is quiet with `--quiet` (errors still go to stderr).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mergeChunks } from "./merge-chunks.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function buildSite({ quiet = false } = {}) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("remix build failed");
  await mergeChunks({ dir: root, log: quiet ? () => {} : console.log });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildSite({ quiet: process.argv.includes("--quiet") }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
