#!/usr/bin/env node
/**
 * postinstall: fewer script requests per hydrated page (issue 18). In the browser build the
 * Remix classic compiler (@remix-run/dev 2.17.5) replaces every `*.server` import, and
 * `@remix-run/node`, with an empty CommonJS module (`module.exports = {}`). esbuild cannot tell
 * that such a module has no side effects, so it keeps each one and, with code splitting, puts
 * every `.server` path imported by a different set of routes into a chunk of its own: /cont
 * loaded 11 of these 158-byte files (plus the CommonJS helpers they need). The patch marks the
 * substitutes `sideEffects: false` in the plugin's onResolve, so unused ones disappear
 * (/cont 37 → 24 scripts, /cart 30 → 20; nothing else changes). Idempotent; if the compiler's
 * version or code differs it says so and changes nothing (the build then just has more chunks).
 *
 * Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "node_modules", "@remix-run", "dev");
const MARK = "/* academy: empty modules have no side effects */";
const ORIGINAL = '            namespace: "empty-module"\n          };';
const PATCHED = `            namespace: "empty-module",\n            sideEffects: false ${MARK}\n          };`;

let version;
try {
  version = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")).version;
} catch {
  process.exit(0); // not installed (yet): nothing to patch
}
if (version !== "2.17.5") {
  console.warn(`patch-remix: @remix-run/dev ${version} is not 2.17.5; check whether empty modules still need sideEffects: false`);
  process.exit(0);
}
const file = path.join(pkgDir, "dist", "compiler", "plugins", "emptyModules.js");
const text = fs.readFileSync(file, "utf8");
if (text.includes(MARK)) process.exit(0);
if (!text.includes(ORIGINAL)) {
  console.warn("patch-remix: emptyModules.js does not contain the expected code; not patched");
  process.exit(0);
}
const tmp = `${file}.${process.pid}.tmp`;
fs.writeFileSync(tmp, text.replace(ORIGINAL, PATCHED));
fs.renameSync(tmp, file);
console.log("patch-remix: empty .server modules marked side-effect free (@remix-run/dev 2.17.5)");
