#!/usr/bin/env node
/**
 * `npm run build`: the production build. `remix build` (NODE_ENV=production), then
 * scripts/merge-chunks.mjs, which merges esbuild's small shared chunks so that a hydrated page
 * loads at most 12 script files (issue 18) and rewrites the Remix assets manifest to match,
 * then scripts/precompress.mjs, which writes a Brotli and a gzip copy of every script and style
 * sheet for the server to send as they are (docs/decisions/0018-precompressed-assets.md).
 * `npm start`, `npm test` (scripts/e2e.mjs) and `npm run bench` build through this file.
 * Output is quiet with `--quiet` (errors still go to stderr).
 *
 * A test build (`testHooks`, or ACADEMY_TEST_BUILD=1 in the environment) also compiles the test
 * fixture endpoint app/routes/api.test-hooks.$op.ts (remix.config.js); a production build must
 * not contain it, and this checks the built manifest for it either way. It refuses to build
 * without the dependency patches (scripts/check-patches.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readManifest } from "./bundle-report.mjs";
import { missingPatches } from "./check-patches.mjs";
import { mergeChunks } from "./merge-chunks.mjs";
import { precompress } from "./precompress.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Route ids of the test fixture endpoint in a Remix assets manifest. */
export function testHookRoutes(manifest) {
  return Object.keys(manifest.routes).filter((id) => id.includes("test-hooks"));
}

/** Whether the server build in build/ was made with the test hooks (false when there is none). */
export function isTestBuild(dir = root) {
  try {
    return fs.readFileSync(path.join(dir, "build", "index.js"), "utf8").includes('"routes/api.test-hooks.$op"');
  } catch {
    return false;
  }
}

export async function buildSite({ quiet = false, testHooks = process.env.ACADEMY_TEST_BUILD === "1" } = {}) {
  const problems = missingPatches(root);
  if (problems.length) throw new Error(`dependency patches missing, run \`npm ci\`:\n  ${problems.join("\n  ")}`);
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", ACADEMY_TEST_BUILD: testHooks ? "1" : "" },
  });
  if (result.status !== 0) throw new Error("remix build failed");
  await mergeChunks({ dir: root, log: quiet ? () => {} : console.log });
  const hooks = testHookRoutes(readManifest());
  if (!testHooks && hooks.length) throw new Error(`the production build contains test routes: ${hooks.join(", ")}`);
  if (testHooks && !hooks.length) throw new Error("the test build lacks routes/api.test-hooks.$op");
  // Last: after merge-chunks has written the final files.
  await precompress(path.join(root, "public/build"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildSite({ quiet: process.argv.includes("--quiet") }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
