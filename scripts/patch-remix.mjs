#!/usr/bin/env node
/**
 * postinstall: two patches of Remix's packages (issue 18). Each is idempotent; if the package's
 * version or code differs it says so and changes nothing (the site then works as before, only
 * slower or with more chunks).
 *
 * 1. Fewer script requests per hydrated page. In the browser build the Remix classic compiler
 *    (@remix-run/dev 2.17.5) replaces every `*.server` import, and `@remix-run/node`, with an
 *    empty CommonJS module (`module.exports = {}`). esbuild cannot tell that such a module has no
 *    side effects, so it keeps each one and, with code splitting, puts every `.server` path
 *    imported by a different set of routes into a chunk of its own: /cont loaded 11 of these
 *    158-byte files (plus the CommonJS helpers they need). The patch marks the substitutes
 *    `sideEffects: false` in the plugin's onResolve, so unused ones disappear (/cont 37 → 24
 *    scripts, /cart 30 → 20; nothing else changes).
 *
 * 2. Less CPU per server render (@remix-run/router 1.23.3, its CommonJS build: the server's).
 *    `matchRoutes` flattens and ranks the whole route tree (~150 routes here) on every call and
 *    compiles a RegExp for every branch it tries; one document request calls it four times
 *    (request handler, static handler, <Scripts>' route discovery, the render's route tree): about
 *    an eighth of the CPU of a logged-in page. The patch keeps the ranked branches per routes
 *    array (a WeakMap: the server's route arrays are built once, the render's once per request)
 *    and the compiled pattern per path (bounded Map). Route arrays are never mutated on the
 *    server (only the browser router patches routes in, and it uses the ESM build).
 *
 * Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function versionOf(pkg) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return null; // not installed (yet): nothing to patch
  }
}

/** Applies [original, patched] replacements to one file, all or none. */
function patchFile(label, file, mark, replacements) {
  const text = fs.readFileSync(file, "utf8");
  if (text.includes(mark)) return;
  let next = text;
  for (const [original, patched] of replacements) {
    if (!next.includes(original)) {
      console.warn(`patch-remix: ${path.basename(file)} does not contain the expected code; ${label} not patched`);
      return;
    }
    next = next.replace(original, patched);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, next);
  fs.renameSync(tmp, file);
  console.log(`patch-remix: ${label}`);
}

// 1. Empty .server modules have no side effects.
const devVersion = versionOf("@remix-run/dev");
if (devVersion && devVersion !== "2.17.5") {
  console.warn(`patch-remix: @remix-run/dev ${devVersion} is not 2.17.5; check whether empty modules still need sideEffects: false`);
} else if (devVersion) {
  const MARK = "/* academy: empty modules have no side effects */";
  patchFile(
    "empty .server modules marked side-effect free (@remix-run/dev 2.17.5)",
    path.join(root, "node_modules", "@remix-run", "dev", "dist", "compiler", "plugins", "emptyModules.js"),
    MARK,
    [['            namespace: "empty-module"\n          };', `            namespace: "empty-module",\n            sideEffects: false ${MARK}\n          };`]],
  );
}

// 2. matchRoutes: ranked branches and compiled patterns kept.
const routerVersion = versionOf("@remix-run/router");
if (routerVersion && routerVersion !== "1.23.3") {
  console.warn(`patch-remix: @remix-run/router ${routerVersion} is not 1.23.3; check whether matchRoutes still re-ranks the routes on every call`);
} else if (routerVersion) {
  const MARK = "/* academy: ranked branches kept per routes array */";
  patchFile(
    "matchRoutes keeps ranked branches and compiled patterns (@remix-run/router 1.23.3)",
    path.join(root, "node_modules", "@remix-run", "router", "dist", "router.cjs.js"),
    MARK,
    [
      [
        "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {",
        `const rankedBranchesByRoutes = new WeakMap(); ${MARK}
function rankedBranches(routes) {
  let branches = rankedBranchesByRoutes.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
      ],
      ["  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;", "  let branches = rankedBranches(routes);\n  let matches = null;"],
      [
        "function compilePath(path, caseSensitive, end) {",
        `const compiledPaths = new Map(); /* academy: compiled patterns kept */
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "1" : "0") + (end === void 0 || end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
      ],
    ],
  );
}
