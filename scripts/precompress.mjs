#!/usr/bin/env node
/**
 * Last step of `npm run build` (scripts/build.mjs): every script and style sheet of the browser
 * build (public/build) gets a Brotli copy (`.br`, quality 11) and a gzip copy (`.gz`, level 9)
 * next to it, which the server sends as they are (express-static-gzip in scripts/http-app.mjs;
 * docs/decisions/0018-precompressed-assets.md).
 *
 * Why: the files are immutable (their names are hashes of their content), so compressing them
 * once at build time at the highest settings costs nothing per request. Compressed per request,
 * the shared core script (285 KB) cost ~8 ms of CPU at Brotli 4 and still weighed 94 KB; at
 * Brotli 11 it weighs 81 KB: a slow phone downloads ~14 % less script on its first visit.
 *
 * Copies that would not be smaller than the file are not written. Compressed copies already in
 * the folder are deleted first, so a copy never outlives or disagrees with its file.
 *
 *   node scripts/precompress.mjs [dir]      (default public/build)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What gains from compression; fonts and images are compressed formats already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
/** Below this a copy saves less than the response headers it sits in. */
export const MIN_BYTES = 1024;

function filesIn(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesIn(full));
    else found.push(full);
  }
  return found;
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file in `dir` (recursively) and
 * returns the totals in bytes.
 */
export async function precompress(dir = path.join(root, "public/build")) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  if (!fs.existsSync(dir)) return totals;
  const all = filesIn(dir);
  for (const file of all) if (file.endsWith(".br") || file.endsWith(".gz")) fs.rmSync(file);
  const sources = all.filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
  // zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
  await Promise.all(
    sources.map(async (file) => {
      const body = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.raw += body.length;
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      totals.br += Math.min(br.length, body.length);
      totals.gz += Math.min(gz.length, body.length);
    }),
  );
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const totals = await precompress(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`precompress: ${totals.files} files, ${kb(totals.raw)} KB → br ${kb(totals.br)} KB, gz ${kb(totals.gz)} KB (${Date.now() - started} ms)`);
}
