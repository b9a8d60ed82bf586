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
  {
    // Found by tests/integration/postgres-driver.test.ts failing about one run in six: the pool
    // stopped answering after connection kills. `closed` cancels the pending write's timer but
    // keeps both the handle and the unsent bytes. The connection object is reused for the next
    // connect: its StartupMessage is appended to the dead connection's leftover bytes, and
    // because the stale handle is not null, `write` never schedules a flush. The new connection
    // never starts and every query queued on it waits until the connect timeout (or forever).
    // Unsent bytes of a closed connection belong to queries already failed with it: drop them.
    mark: "/* academy: no stale write after close */",
    original: "    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)\n",
    patched:
      "    incomings = null\n" +
      "    clearImmediate(nextWriteTimer)\n" +
      "    chunk = nextWriteTimer = null /* academy: no stale write after close */\n" +
      "    socket.removeListener('data', data)\n",
  },
  {
    // The root cause of the hangs (found with a trace of one stuck connection): after a socket
    // error and before its 'close', the connection still sits in the busy queue, so new queries
    // are written to the dead socket and queued in `sent`. `closed(true)` fails nothing (it counts
    // on the 'error' event, which came before them), and the ErrorResponse of the kill stays in
    // `errorResponse`. The reconnected connection then inherits the old `query`, `sent` and that
    // error: its first ReadyForQuery fails the new initial query with the old error and the
    // connection never opens. Its queries wait forever and the pool loses the connection for
    // good. Every query still held by a closed socket fails with CONNECTION_CLOSED, and the
    // per-connection protocol state is reset, before reconnecting.
    mark: "/* academy: a dead socket's queries fail */",
    original: "    socket.removeAllListeners()\n    socket = null\n\n    if (initial)\n      return reconnect()\n",
    patched:
      "    socket.removeAllListeners()\n" +
      "    socket = null\n\n" +
      "    { /* academy: a dead socket's queries fail */\n" +
      "      const lost = Errors.connection('CONNECTION_CLOSED', options, socket)\n" +
      "      query && queryError(query, lost)\n" +
      "      while (sent.length)\n" +
      "        queryError(sent.shift(), lost)\n" +
      "      query = results = errorResponse = null\n" +
      "      result = new Result()\n" +
      "    }\n\n" +
      "    if (initial)\n      return reconnect()\n",
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
