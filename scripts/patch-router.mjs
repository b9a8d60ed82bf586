#!/usr/bin/env node
/**
 * postinstall: route matching that does not redo its work on every request (issue 18).
 *
 * @remix-run/router 1.23.3's `matchRoutes` flattens the whole route tree into branches, scores
 * and sorts them, and `matchPath` compiles each tried branch's path into a new RegExp (building
 * a warning message on the way) — on every call. The server calls it at least twice per request
 * (Remix's `matchServerRoutes`, then the static handler's `query`/`queryRoute`); with this app's
 * ~110 routes that was about a third of the server's CPU for a cached guest page and for
 * /robots.txt (CPU profile, `node --cpu-prof scripts/server.mjs` under load). The patch keeps
 *  - the ranked branches per routes array (a WeakMap: a new build or `_internalSetRoutes` gives a
 *    new array), emptied whenever routes are patched in place (`patchRoutesImpl`, lazy route
 *    discovery in a client router);
 *  - the compiled [RegExp, params] per (path, caseSensitive, end), at most 2,000 of them
 *    (`matchPath` may be called with arbitrary patterns). The RegExps are not global/sticky, so
 *    sharing them keeps no state between matches; the params arrays are only read.
 * Results are identical; only repeated work goes. Only the CommonJS build (what Node loads via
 * @remix-run/server-runtime) is patched; the browser bundle uses dist/router.js, unchanged.
 * Idempotent; if the version or code differs it says so and changes nothing.
 *
 * Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "node_modules", "@remix-run", "router");
const MARK = "/* academy: route matching memoized */";
const VERSION = "1.23.3";

const EDITS = [
  {
    original: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n",
    patched:
      `  let ranked = rankedBranches.get(routes); ${MARK}\n` +
      "  if (!ranked) {\n" +
      "    ranked = { branches: flattenRoutes(routes), results: new Map() };\n" +
      "    rankRouteBranches(ranked.branches);\n" +
      "    rankedBranches.set(routes, ranked);\n" +
      "  }\n" +
      "  let branches = ranked.branches;\n" +
      "  let matches = null;\n" +
      "  let decoded = decodePath(pathname);\n" +
      "  let resultKey = (allowPartial ? \"p\" : \"f\") + decoded;\n" +
      "  if (ranked.results.has(resultKey)) return copyMatches(ranked.results.get(resultKey));\n",
  },
  {
    original: "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
    patched:
      "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n" +
      "  if (ranked.results.size >= 1000) ranked.results.clear();\n" +
      "  ranked.results.set(resultKey, matches);\n" +
      "  return copyMatches(matches);\n}\n" +
      "/** A caller's own copy: fresh match objects and params (shared between the matches as matchRouteBranch shares them). */\n" +
      "function copyMatches(matches) {\n" +
      "  if (matches == null) return matches;\n" +
      "  let params = new Map();\n" +
      "  return matches.map(m => {\n" +
      "    if (!params.has(m.params)) params.set(m.params, Object.assign({}, m.params));\n" +
      "    return Object.assign({}, m, { params: params.get(m.params) });\n" +
      "  });\n" +
      "}\n",
  },
  {
    original: "function compilePath(path, caseSensitive, end) {\n",
    patched:
      "let rankedBranches = new WeakMap();\n" +
      "const compiledPaths = new Map();\n" +
      "function compilePath(path, caseSensitive, end) {\n" +
      "  const key = path + \"\\0\" + Boolean(caseSensitive) + \"\\0\" + (end === undefined || Boolean(end));\n" +
      "  let compiled = compiledPaths.get(key);\n" +
      "  if (!compiled) {\n" +
      "    compiled = compilePathUncached(path, caseSensitive, end);\n" +
      "    if (compiledPaths.size < 2000) compiledPaths.set(key, compiled);\n" +
      "  }\n" +
      "  return compiled;\n" +
      "}\n" +
      "function compilePathUncached(path, caseSensitive, end) {\n",
  },
  {
    original: "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n",
    patched: "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  rankedBranches = new WeakMap();\n",
  },
];

let version;
try {
  version = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")).version;
} catch {
  process.exit(0); // not installed (yet): nothing to patch
}
if (version !== VERSION) {
  console.warn(`patch-router: @remix-run/router ${version} is not ${VERSION}; check whether matchRoutes still re-ranks its routes on every call`);
  process.exit(0);
}
const file = path.join(pkgDir, "dist", "router.cjs.js");
let text = fs.readFileSync(file, "utf8");
if (text.includes(MARK)) process.exit(0);
for (const { original } of EDITS) {
  if (text.split(original).length !== 2) {
    console.warn("patch-router: router.cjs.js does not contain the expected code; not patched");
    process.exit(0);
  }
}
for (const { original, patched } of EDITS) text = text.replace(original, patched);
const tmp = `${file}.${process.pid}.tmp`;
fs.writeFileSync(tmp, text);
fs.renameSync(tmp, file);
console.log(`patch-router: route branches, matches and compiled paths memoized (@remix-run/router ${VERSION}, server build)`);
