#!/usr/bin/env node
/**
 * Post-build step of `npm run build` (scripts/build.mjs): fewer script files per page (issue 18).
 *
 * The Remix classic compiler bundles the browser code with esbuild, one entry point per route
 * (~107). esbuild's code splitting makes one shared chunk for every distinct set of entry points
 * that use a module, so a hydrated page downloaded 18–26 files, most of them 0.1–1 KB. esbuild
 * has no setting for that, and Remix passes none through.
 *
 * This step re-bundles the finished browser build (public/build) with Rollup: every entry the
 * Remix manifest names (entry.client, root, each route module) stays an entry with exactly its
 * exports (`preserveEntrySignatures: "strict"`); where each shared chunk goes is planned here
 * (planChunks, Rollup's `manualChunks`): what the entry or root imports becomes one "core"
 * file, and every other chunk below MIN_CHUNK_BYTES joins the one that adds the fewest bytes
 * over all pages without making chunks import each other in a circle. (Rollup's own
 * `experimentalMinChunkSize` merges too little here: it only merges chunks it can prove free of
 * side effects.) Every output file is minified again with the compiler's own esbuild and named by
 * a hash of its final content. Then the Remix assets manifest is rewritten in both places it
 * lives, with a new version: public/build/manifest-<VERSION>.js (the browser's copy) and the
 * `assets` object embedded in the server build build/index.js (what `<Scripts>`, the
 * modulepreload links and lazy route discovery serve). The route `imports` list each route's
 * complete static import closure minus what its parents and the entry already load, as Remix
 * does. Old script files are deleted; CSS and other assets are untouched.
 *
 * Deterministic (the same build gives the same files); it can run again on its own output. Dev mode
 * (`remix dev`) does not run it.
 *
 *   node scripts/merge-chunks.mjs            after `NODE_ENV=production npx remix build`
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rollup } from "rollup";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The esbuild the Remix compiler itself uses (a dependency of @remix-run/dev, not of ours).
const { transform } = createRequire(createRequire(import.meta.url).resolve("@remix-run/dev/package.json"))("esbuild");
/** Shared chunks smaller than this (bytes, minified, before gzip) are merged into others. */
export const MIN_CHUNK_BYTES = 2_000;
/** Shared chunks smaller than this go into core, whatever pages use them (see planChunks). */
export const TINY_CHUNK_BYTES = 256;

const MANIFEST_MARK = "var assets_manifest_default = ";

export async function mergeChunks({ dir = root, minChunkSize = MIN_CHUNK_BYTES, log = console.log } = {}) {
  const build = readBrowserBuild(dir);
  const { output, readModules } = await rebundle(build, minChunkSize);
  const next = rewrittenManifest(build, output);
  const server = embeddedManifest(build);
  writeMergedBuild(build, { output, readModules, next, server });
  log(`merge-chunks: ${readModules.length} script files → ${output.length} (shared chunks under ${minChunkSize} B merged); manifest ${next.version}`);
  return next;
}

/** Step 1: where the Remix build is, and its assets manifest (public/build/manifest-*.js). */
function readBrowserBuild(dir) {
  const publicDir = path.join(dir, "public");
  const buildDir = path.join(publicDir, "build");
  const serverFile = path.join(dir, "build", "index.js");
  const manifestName = fs.readdirSync(buildDir).find((f) => /^manifest-[0-9A-Z]+\.js$/i.test(f));
  if (!manifestName) throw new Error("merge-chunks: no public/build/manifest-*.js (run the Remix build first)");
  const manifestText = fs.readFileSync(path.join(buildDir, manifestName), "utf8");
  const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1));
  if (manifest.hmr) throw new Error("merge-chunks: this is a development build (HMR); nothing to merge");
  const toFile = (url) => path.join(publicDir, url);
  return { dir, publicDir, buildDir, serverFile, manifestName, manifest, toFile };
}

/** Page (route id) → the entry files its first load executes: entry.client, root … the route. */
function pageEntriesOf({ manifest, toFile }) {
  const pageEntries = new Map();
  for (const id of Object.keys(manifest.routes)) {
    const files = [toFile(manifest.entry.module)];
    for (let at = id; at; at = manifest.routes[at].parentId) files.push(toFile(manifest.routes[at].module));
    pageEntries.set(id, files);
  }
  return pageEntries;
}

/** Step 2: Rollup over the built files, entries kept, shared chunks placed by planChunks, minified. */
async function rebundle(build, minChunkSize) {
  const { buildDir, manifest, toFile } = build;
  const nameOf = (url) => url.replace(/^\/build\//, "").replace(/-[0-9A-Za-z_]{8}\.js$/, "");
  // Entry name (for the output file name) → the file it is built from.
  const input = { [nameOf(manifest.entry.module)]: toFile(manifest.entry.module) };
  for (const route of Object.values(manifest.routes)) input[nameOf(route.module)] = toFile(route.module);
  const pageEntries = pageEntriesOf(build);
  let plan;

  const bundle = await rollup({
    input,
    preserveEntrySignatures: "strict",
    // esbuild already removed the unused code; Rollup only moves whole modules between files.
    treeshake: false,
    plugins: [
      {
        name: "remix-public-build",
        resolveId(source, importer) {
          if (source.startsWith(`${buildDir}${path.sep}`)) return source;
          if (source.startsWith("/build/")) return toFile(source);
          if (importer && (source.startsWith("./") || source.startsWith("../"))) return path.resolve(path.dirname(importer), source);
          return { id: source, external: true };
        },
      },
      {
        name: "minify",
        async renderChunk(code) {
          const out = await transform(code, { minify: true, format: "esm", legalComments: "none" });
          return { code: out.code, map: null };
        },
      },
    ],
    onwarn(warning, warn) {
      if (warning.code === "EMPTY_BUNDLE") return;
      warn(warning);
    },
  });
  const readModules = bundle.watchFiles.filter((f) => f.startsWith(buildDir));
  const { output } = await bundle.generate({
    format: "es",
    compact: true,
    manualChunks(id, graph) {
      plan ??= planChunks(graph, pageEntries, minChunkSize);
      return plan.get(id);
    },
    sanitizeFileName: (name) => name.replace(/[\0?*]/g, "_"),
    hashCharacters: "base36",
    entryFileNames: "[name]-[hash:8].js",
    chunkFileNames: (chunk) => `_shared/${/^group\d+$/.test(chunk.name) ? "chunk" : chunk.name.replace(/-[0-9A-Z]{8}$/, "")}-[hash:8].js`,
    sourcemap: false,
  });
  await bundle.close();
  return { output, readModules };
}

/** Step 3: the assets manifest for the new files (module URLs, each route's imports, version). */
function rewrittenManifest({ manifest, toFile }, output) {
  // Old entry file → new URL; every new file's static imports.
  const moduleUrl = new Map();
  const staticImports = new Map();
  for (const chunk of output) {
    if (chunk.type !== "chunk") throw new Error(`merge-chunks: unexpected asset ${chunk.fileName}`);
    const url = `/build/${chunk.fileName}`;
    staticImports.set(url, chunk.imports.map((f) => `/build/${f}`));
    if (chunk.isEntry && chunk.facadeModuleId) moduleUrl.set(chunk.facadeModuleId, url);
  }
  const closure = (url) => {
    const seen = new Set();
    const visit = (u) => {
      for (const dep of staticImports.get(u) ?? []) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        visit(dep);
      }
    };
    visit(url);
    return [...seen];
  };
  const newUrl = (oldUrl) => {
    const url = moduleUrl.get(toFile(oldUrl));
    if (!url) throw new Error(`merge-chunks: no output for ${oldUrl}`);
    return url;
  };

  const entryModule = newUrl(manifest.entry.module);
  const entry = { module: entryModule, imports: closure(entryModule) };
  const routes = {};
  for (const [id, route] of Object.entries(manifest.routes)) routes[id] = { ...route, module: newUrl(route.module) };
  // A route's imports: its module's static import closure minus what the entry and its parent
  // routes already load (as Remix lists them). Parents first, memoised.
  const loadedBy = new Map([[undefined, new Set([entry.module, ...entry.imports])]]);
  const loaded = (id) => {
    if (!loadedBy.has(id)) {
      const route = routes[id];
      const before = loaded(route.parentId);
      const imports = closure(route.module).filter((url) => !before.has(url));
      route.imports = imports.length ? imports : undefined;
      loadedBy.set(id, new Set([...before, route.module, ...imports]));
    }
    return loadedBy.get(id);
  };
  for (const id of Object.keys(routes)) loaded(id);
  // Same fingerprint as @remix-run/dev (its compiler/manifest.js): the entry and the routes.
  const version = crypto.createHash("sha256").update(JSON.stringify({ entry, routes })).digest("hex").slice(0, 8);
  return { entry, routes, version, hmr: undefined, url: `/build/manifest-${version.toUpperCase()}.js` };
}

/**
 * Step 4: where the server build embeds the old manifest. Checked before anything is written: if
 * its shape is unknown nothing has been changed yet.
 */
function embeddedManifest({ serverFile, manifest }) {
  const text = fs.readFileSync(serverFile, "utf8");
  const at = text.indexOf(MANIFEST_MARK);
  const end = at < 0 ? -1 : text.indexOf("\n", at);
  if (at < 0 || text.indexOf(MANIFEST_MARK, at + 1) >= 0 || !text.slice(at, end).includes(`"${manifest.version}"`)) {
    throw new Error("merge-chunks: build/index.js does not embed the assets manifest as expected (has @remix-run/dev changed?)");
  }
  return { text, at, end };
}

/** Step 5: the new files in, the old script files out, both manifests and build/version.txt rewritten. */
function writeMergedBuild({ dir, buildDir, serverFile, manifestName }, { output, readModules, next, server }) {
  const written = new Set();
  for (const chunk of output) {
    const file = path.join(buildDir, chunk.fileName);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, chunk.code);
    written.add(file);
  }
  for (const file of readModules) {
    if (written.has(file)) continue;
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.map`, { force: true }); // `remix build --sourcemap`: the merged files have none
  }
  fs.writeFileSync(path.join(buildDir, path.basename(next.url)), `window.__remixManifest=${JSON.stringify(next)};`);
  if (path.basename(next.url) !== manifestName) fs.rmSync(path.join(buildDir, manifestName));
  fs.writeFileSync(serverFile, `${server.text.slice(0, server.at)}${MANIFEST_MARK}${JSON.stringify(next)};${server.text.slice(server.end)}`);
  fs.writeFileSync(path.join(dir, "build", "version.txt"), next.version);
}

/**
 * Which output chunk each shared esbuild chunk goes into (module id → chunk name; entries and
 * files only reached through `import()` are left to Rollup). A module's "pages" are the routes
 * whose first load executes it. Everything the entry or root imports runs on every page: that
 * is one chunk, "core", at no cost. Then, smallest first, every group below `minBytes` joins the
 * group (core included) for which the merge adds the fewest bytes over all pages: its size times
 * the pages that did not load it, plus the partner's size times the pages that did not load that.
 */
export function planChunks({ getModuleIds, getModuleInfo }, pageEntries, minBytes) {
  const pagesOf = pagesOfModules(getModuleInfo, pageEntries);
  const groups = groupsByPages(getModuleIds, getModuleInfo, pagesOf, pageEntries.size);
  mergeSmallGroups(groups, getModuleInfo, minBytes);
  return planOfGroups(groups);
}

/** Module → the pages (routes) whose entry files import it, directly or not; entries themselves excluded. */
function pagesOfModules(getModuleInfo, pageEntries) {
  const entryIds = new Set([...pageEntries.values()].flat());
  const closures = new Map();
  const closure = (id) => {
    if (!closures.has(id)) closures.set(id, staticImportClosure(getModuleInfo, id));
    return closures.get(id);
  };
  const pagesOf = new Map(); // module → Set of pages
  for (const [page, entries] of pageEntries) {
    for (const entry of entries) {
      for (const id of closure(entry)) {
        if (entryIds.has(id)) continue;
        if (!pagesOf.has(id)) pagesOf.set(id, new Set());
        pagesOf.get(id).add(page);
      }
    }
  }
  return pagesOf;
}

/** Every module a module imports statically, directly or through others. */
function staticImportClosure(getModuleInfo, id) {
  const seen = new Set();
  const stack = [id];
  while (stack.length) {
    for (const dep of getModuleInfo(stack.pop())?.importedIds ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      stack.push(dep);
    }
  }
  return seen;
}

/**
 * The starting groups: modules with the same set of pages together (key → { pages, bytes, ids }),
 * in Rollup's module order; the modules every page loads are the group "core".
 */
function groupsByPages(getModuleIds, getModuleInfo, pagesOf, pageCount) {
  const size = (id) => getModuleInfo(id)?.code?.length ?? 0;
  const groups = new Map();
  for (const id of getModuleIds()) {
    const pages = pagesOf.get(id);
    if (!pages) continue;
    const key = pages.size === pageCount ? "core" : [...pages].sort().join("|");
    if (!groups.has(key)) groups.set(key, { pages, bytes: 0, ids: [] });
    const group = groups.get(key);
    group.bytes += size(id);
    group.ids.push(id);
  }
  return groups;
}

/** Smallest first, each group below `minBytes` joins its cheapest partner (see bestPartner) until none is left. */
function mergeSmallGroups(groups, getModuleInfo, minBytes) {
  for (;;) {
    const small = [...groups].filter(([key, g]) => key !== "core" && g.bytes < minBytes).sort((a, b) => a[1].bytes - b[1].bytes || (a[0] < b[0] ? -1 : 1));
    if (!small.length) return;
    const [key, group] = small[0];
    const best = bestPartner(groups, getModuleInfo, key);
    if (!best) {
      group.bytes = Infinity; // nothing it can join without a cycle between chunks: it stays alone
      continue;
    }
    const target = groups.get(best);
    groups.delete(key);
    target.bytes += group.bytes;
    target.ids.push(...group.ids);
    if (best !== "core") target.pages = new Set([...target.pages, ...group.pages]);
  }
}

/**
 * The group that small group `key` should join (its key), or undefined when every merge would
 * make a cycle. A few dozen bytes (the empty stand-ins of `.server` modules a route imports) go
 * to core: joined to another small group they would make their pages load that group and what
 * it imports (the account page loaded the product card and the course prices for three stubs).
 * Otherwise the group whose merge costs the fewest bytes (mergeCost); the first one on a tie.
 */
function bestPartner(groups, getModuleInfo, key) {
  const group = groups.get(key);
  if (group.bytes < TINY_CHUNK_BYTES && groups.has("core") && !createsCycle(groups, getModuleInfo, "core", key)) return "core";
  let best;
  for (const [otherKey, other] of groups) {
    if (otherKey === key || createsCycle(groups, getModuleInfo, key, otherKey)) continue;
    const c = mergeCost(group, other);
    if (!best || c < best.cost) best = { key: otherKey, cost: c };
  }
  return best?.key;
}

/** Bytes a merge adds over all pages: each group's size times the pages of the other that did not load it. */
function mergeCost(a, b) {
  const missing = (x, y) => [...y.pages].filter((p) => !x.pages.has(p)).length;
  return a.bytes * missing(a, b) + b.bytes * missing(b, a);
}

/** Would merging group b into group a make chunks import each other in a circle (a → x → b → a)? */
function createsCycle(groups, getModuleInfo, a, b) {
  const groupOf = new Map();
  for (const [key, g] of groups) for (const id of g.ids) groupOf.set(id, key === b ? a : key);
  const next = (key) => {
    const out = new Set();
    for (const k of key === a ? [a, b] : [key]) {
      for (const id of groups.get(k).ids) {
        for (const dep of getModuleInfo(id)?.importedIds ?? []) {
          const to = groupOf.get(dep);
          if (to && to !== key) out.add(to);
        }
      }
    }
    return out;
  };
  const seen = new Set();
  const stack = [...next(a)];
  while (stack.length) {
    const key = stack.pop();
    if (key === a) return true;
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...next(key));
  }
  return false;
}

/** Module id → output chunk name: "core", and "group1", "group2" … in the groups' order. */
function planOfGroups(groups) {
  const plan = new Map();
  let n = 0;
  for (const [key, group] of groups) {
    const name = key === "core" ? "core" : `group${++n}`;
    for (const id of group.ids) plan.set(id, name);
  }
  return plan;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mergeChunks().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
