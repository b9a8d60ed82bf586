#!/usr/bin/env node
/**
 * Bundle report from the build alone (no server): for a route, the script files its first load
 * downloads (entry + every route of the match, each with its `imports` from the Remix manifest,
 * and whatever those files import statically in turn) and their gzipped sizes (gzip level 6, the
 * budget's measure), plus what a browser that accepts Brotli is sent: the build's `.br` copy
 * (scripts/precompress.mjs) where there is one. Deterministic, so before/after comparisons need
 * no quiet machine.
 *
 *   node scripts/bundle-report.mjs                 hydrated pages (account, cart, player, editor)
 *   node scripts/bundle-report.mjs routes/cont …   the given route ids
 *   --files                                        list every file of each page
 *   --json                                         one JSON line per page
 *   --check                                        exit 1 if a hydrated page is over BUDGET
 *
 * Run after `npm run build` (scripts/build.mjs; a bare `remix build` has not merged the chunks). `npm run bench` prints the same figures from
 * the served HTML.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = path.join(root, "public", "build");
export const HYDRATED_ROUTES = [
  "routes/cont",
  "routes/cart",
  "routes/cursuri-online.curs.$id.lectie",
  "routes/admin.cursuri-online.$id._index",
];

/** Issue 18: what a hydrated page may load first. scripts/e2e.mjs (so `npm test`) fails above it. */
export const BUDGET = { scripts: 12, gzipKB: 120 };

/** The hydrated pages over BUDGET, as messages (empty when all are within it). */
export function budgetViolations(manifest = readManifest()) {
  return HYDRATED_ROUTES.map((id) => pageReport(manifest, id))
    .filter((r) => r.scripts > BUDGET.scripts || r.gzipKB > BUDGET.gzipKB)
    .map((r) => `${r.route}: ${r.scripts} scripts, ${r.gzipKB} KB gzipped (budget ${BUDGET.scripts} scripts, ${BUDGET.gzipKB} KB)`);
}

export function readManifest() {
  const file = fs.readdirSync(build).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no public/build/manifest-*.js: run `npm run build` first");
  const text = fs.readFileSync(path.join(build, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const gzCache = new Map();
/**
 * One built file's sizes in bytes (`url` as the page names it, `/build/…`): raw, gzip level 6 (the
 * budget's measure) and what a Brotli browser is sent (the build's `.br` copy, else gzip).
 */
export function sizes(url) {
  if (!gzCache.has(url)) {
    const body = fs.readFileSync(path.join(root, "public", url));
    const gzip = gzipSync(body, { level: 6 }).length;
    const brCopy = path.join(root, "public", `${url}.br`);
    gzCache.set(url, { raw: body.length, gzip, br: fs.existsSync(brCopy) ? fs.statSync(brCopy).size : gzip });
  }
  return gzCache.get(url);
}

/** The script URLs a first load of `routeId` fetches (entry, root … route, their imports). */
export function routeScripts(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`no route ${id} in the manifest`);
    chain.unshift(manifest.routes[id]);
  }
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) {
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  // The manifest lists what the HTML preloads; chunks import further chunks (the browser
  // fetches those too), so follow every static import.
  for (const url of urls) {
    const code = fs.readFileSync(path.join(root, "public", url), "utf8");
    for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${}\s,*]*?from\s*)?"((?:\/build\/|\.\.?\/)[^"]+\.js)"/g)) {
      urls.add(match[1].startsWith("/") ? match[1] : path.posix.resolve(path.posix.dirname(url), match[1]));
    }
  }
  return [...urls];
}

export function pageReport(manifest, routeId) {
  const files = routeScripts(manifest, routeId).map((url) => ({ file: url.replace("/build/", ""), ...sizes(url) }));
  files.sort((a, b) => b.gzip - a.gzip);
  const kb = (n) => Number((n / 1024).toFixed(1));
  return {
    route: routeId,
    scripts: files.length,
    rawKB: kb(files.reduce((s, f) => s + f.raw, 0)),
    gzipKB: kb(files.reduce((s, f) => s + f.gzip, 0)),
    brKB: kb(files.reduce((s, f) => s + f.br, 0)),
    files: files.map((f) => ({ file: f.file, gzipKB: kb(f.gzip), brKB: kb(f.br) })),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ids = args.filter((a) => !a.startsWith("--"));
  const manifest = readManifest();
  if (args.includes("--check")) {
    const violations = budgetViolations(manifest);
    for (const line of violations) console.error(`over budget: ${line}`);
    if (violations.length) process.exit(1);
  }
  for (const id of ids.length ? ids : HYDRATED_ROUTES) {
    const report = pageReport(manifest, id);
    if (args.includes("--json")) {
      console.log(JSON.stringify(report));
      continue;
    }
    console.log(`${report.route}: ${report.scripts} scripts, ${report.gzipKB} KB gzipped, ${report.brKB} KB sent with Brotli (${report.rawKB} KB raw)`);
    if (args.includes("--files")) for (const f of report.files) console.log(`  ${String(f.gzipKB).padStart(6)} KB gzip ${String(f.brKB).padStart(6)} KB br  ${f.file}`);
  }
}
