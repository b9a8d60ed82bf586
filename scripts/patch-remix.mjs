#!/usr/bin/env node
/**
 * postinstall: a patch of Remix's compiler (issue 18). It is idempotent; if the package's
 * version or code differs it says so and changes nothing (the site then works as before, only
 * slower or with more chunks).
 *
 * Fewer script requests per hydrated page. In the browser build the Remix classic compiler
 *    (@remix-run/dev 2.17.5) replaces every `*.server` import, and `@remix-run/node`, with an
 *    empty CommonJS module (`module.exports = {}`). esbuild cannot tell that such a module has no
 *    side effects, so it keeps each one and, with code splitting, puts every `.server` path
 *    imported by a different set of routes into a chunk of its own: /cont loaded 11 of these
 *    158-byte files (plus the CommonJS helpers they need). The patch marks the substitutes
 *    `sideEffects: false` in the plugin's onResolve, so unused ones disappear (/cont 37 → 24
 *    scripts, /cart 30 → 20; nothing else changes).
 *
 * Route matching in @remix-run/router is patched by scripts/patch-router.mjs.
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

// Empty .server modules have no side effects.
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
