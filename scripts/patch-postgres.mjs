#!/usr/bin/env node
/**
 * postinstall: contains a crash of the postgres.js driver 3.4.9 (the latest release; upstream
 * issues porsager/postgres#1154, #1066, #1208, fixes #1168/#1176 not merged). When the server
 * closes a connection (restart, failover) while a write is queued for the next tick, the
 * connection's `closed` handler sets `socket = null` and the queued `nextWrite` then throws
 * `TypeError: Cannot read properties of null (reading 'write')` from a setImmediate: an uncaught
 * exception that takes the whole process down. The patch makes nextWrite drop the chunk when the
 * socket is gone and fail the queries waiting on this connection with CONNECTION_CLOSED (dropping
 * alone would leave them waiting forever); the pool reconnects for the next ones. A second guard keeps the array-type lookup of a new connection
 * from rejecting unhandled when that connection closes. Idempotent; refuses silently-wrong patching: if the driver's
 * version or code differs, it says so and changes nothing (tests/faults would then show it).
 *
 * Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "node_modules", "postgres");
const PATCHES = [
  {
    // The crash of issue 13: a write queued for the next tick after the socket was closed.
    mark: "/* academy: socket gone (postgres.js#1154) */",
    original: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    patched:
      "  function nextWrite(fn) {\n" +
      "    if (!socket) { /* academy: socket gone (postgres.js#1154) */\n" +
      "      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n" +
      "      chunk = nextWriteTimer = null\n" +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      "      return false\n" +
      "    }\n" +
      "    const x = socket.write(chunk, fn)",
  },
  {
    // Found by the same restart test: the array-type lookup run on a fresh connection rejects
    // unhandled (`write CONNECTION_CLOSED`) when that connection is closed during the lookup,
    // which also ends the process. Same flow, the rejection is only marked as handled (the
    // closed connection fails its queries itself).
    mark: "/* academy: type fetch handled */",
    original: "        return fetchArrayTypes()\n",
    patched:
      "        { const typesFetched = fetchArrayTypes(); typesFetched.catch(() => {}); return typesFetched } /* academy: type fetch handled */\n",
  },
];

let version;
try {
  version = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")).version;
} catch {
  process.exit(0); // not installed (yet): nothing to patch
}
if (version !== "3.4.9") {
  console.warn(`patch-postgres: postgres ${version} is not 3.4.9; check whether nextWrite still needs the patch`);
  process.exit(0);
}
let patched = 0;
for (const variant of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(pkgDir, variant, "connection.js");
  if (!fs.existsSync(file)) continue;
  const original = fs.readFileSync(file, "utf8");
  let text = original;
  for (const patch of PATCHES) {
    if (text.includes(patch.mark)) continue;
    if (!text.includes(patch.original)) {
      console.warn(`patch-postgres: ${variant}/connection.js does not contain the expected code for ${patch.mark}; not patched`);
      continue;
    }
    text = text.replace(patch.original, patch.patched);
    patched++;
  }
  if (text === original) continue;
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
if (patched) console.log(`patch-postgres: applied ${patched} guard(s) to postgres 3.4.9`);
