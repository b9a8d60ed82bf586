/**
 * The whole Remix request handler over the app's source modules, as remix-serve runs it (same
 * route tree as `remix build`, same future flags, the real entry.server with its headers): for
 * tests of what only the handler decides, such as single-fetch `.data` responses and the
 * headers merged from every matched route.
 */
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import config from "../../remix.config.js";

type Module = Record<string, unknown>;
const routeFiles = import.meta.glob<Module>("../../app/routes/*.{ts,tsx}");

export async function remixHandler(): Promise<(request: Request) => Promise<Response>> {
  // The test database is already open (tests/integration/setup.ts): entry.server must not
  // open another one when it is imported.
  (globalThis as Record<symbol, unknown>)[Symbol.for("academy.started")] = Promise.resolve();
  const [entry, root] = await Promise.all([import("~/entry.server"), import("~/root")]);
  const appDirectory = path.resolve(import.meta.dirname, "../../app");
  const manifest = flatRoutes(appDirectory, config.ignoredRouteFiles);
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: root as never } };
  const assetRoutes: Record<string, unknown> = {};
  for (const route of Object.values(manifest)) {
    const load = routeFiles[`../../app/${route.file}`];
    if (!load) throw new Error(`no module for ${route.file}`);
    const module = await load();
    routes[route.id] = { ...route, parentId: route.parentId ?? "root", module: module as never };
  }
  for (const [id, route] of Object.entries(routes)) {
    const module = route.module as unknown as Module;
    assetRoutes[id] = {
      id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: `/build/${id}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
  }
  const build = {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: { version: "test", url: "/build/manifest-test.js", entry: { module: "/build/entry.client.js", imports: [] }, routes: assetRoutes },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: config.future,
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  // As scripts/server.mjs hands requests over.
  const clean = (entry as { withoutLegacyDataParam: (request: Request) => Request }).withoutLegacyDataParam;
  return (request) => handler(clean(request));
}
