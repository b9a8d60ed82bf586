#!/usr/bin/env node
/**
 * Are the dependency patches (patches/*.patch, applied by patch-package at `npm ci`) in place?
 * `npm ci --ignore-scripts` skips them without a word, and a package that a dependency nests in
 * its own node_modules would escape them (patch-package patches the top-level copy only).
 *
 * For every file of every patch: each line the patch adds must be in the installed file, and the
 * installed package must be the one the patch names (version in the file name). For packages
 * loaded through another package (the router through @remix-run/server-runtime, which is loaded
 * through @remix-run/node), the copy that
 * package resolves must be the patched top-level one. A dev-only package missing from a production
 * install (`npm ci --omit=dev`) is skipped: nothing can load it there.
 *
 * Cheap (reads the patch files and a few hundred KB of sources, ~2 ms): `npm start`
 * (scripts/start.mjs) and `npm run build` refuse to go on when this finds something, and
 * tests/unit/patches.test.ts fails.
 *
 *   node scripts/check-patches.mjs     exit 1 with one line per problem
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Packages that the app loads through another package, which must resolve the patched copy. */
const LOADED_THROUGH = { "@remix-run/router": "@remix-run/server-runtime", "@remix-run/server-runtime": "@remix-run/node" };

/** `@remix-run+router+1.23.3.patch` → { name: "@remix-run/router", version: "1.23.3" } */
export function parsePatchName(file) {
  const parts = path.basename(file, ".patch").split("+");
  const version = parts.pop();
  return { name: parts.join("/"), version };
}

/** Added lines per target file (paths relative to the project) of one patch file. */
export function addedLines(patchText) {
  const files = new Map();
  let current = null;
  for (const line of patchText.split("\n")) {
    if (line.startsWith("+++ ")) {
      current = line.slice("+++ b/".length).trim();
      files.set(current, []);
    } else if (line.startsWith("diff --git ")) current = null;
    else if (current && line.startsWith("+") && line.slice(1).trim()) files.get(current).push(line.slice(1));
  }
  return files;
}

/** Problems found (empty when every patch is applied), as one-line messages. */
export function missingPatches(dir = root) {
  const patchDir = path.join(dir, "patches");
  const problems = [];
  const devDependencies = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).devDependencies ?? {};
  for (const file of fs.readdirSync(patchDir).filter((f) => f.endsWith(".patch")).sort()) {
    const { name, version } = parsePatchName(file);
    const pkgDir = path.join(dir, "node_modules", name);
    let installed;
    try {
      installed = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")).version;
    } catch {
      if (name in devDependencies) continue; // production install: the dev tool is not there
      problems.push(`${name}: not installed, but patches/${file} is there for it`);
      continue;
    }
    if (installed !== version) {
      problems.push(`${name}: ${installed} installed, patches/${file} is for ${version}`);
      continue;
    }
    for (const [target, lines] of addedLines(fs.readFileSync(path.join(patchDir, file), "utf8"))) {
      let text;
      try {
        text = fs.readFileSync(path.join(dir, target), "utf8");
      } catch {
        problems.push(`${name}: ${target} is missing`);
        continue;
      }
      if (!lines.every((line) => text.includes(line))) {
        problems.push(`${name}: patches/${file} is not applied to ${target} (npm ci --ignore-scripts? run npx patch-package)`);
      }
    }
    const through = LOADED_THROUGH[name];
    if (through) {
      const requireFrom = createRequire(path.join(dir, "node_modules", through, "package.json"));
      const resolved = fs.realpathSync(path.dirname(requireFrom.resolve(`${name}/package.json`)));
      if (resolved !== fs.realpathSync(pkgDir)) {
        problems.push(`${name}: ${through} loads its own copy (${path.relative(dir, resolved)}), which patches/${file} does not reach`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = missingPatches();
  for (const line of problems) console.error(`dependency patch missing: ${line}`);
  process.exit(problems.length ? 1 : 0);
}
