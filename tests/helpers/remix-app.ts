/**
 * The whole Remix request handler over the app's source modules, as scripts/http-app.mjs runs it
 * (same route tree as `remix build`, same future flags, the real entry.server with its headers,
 * and the server's steps before Remix: the address without `?_data=`, the app's origin check, a
 * load context per request): for tests of what only the handler decides, such as single-fetch
 * `.data` responses and the headers merged from every matched route.
 */
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import config from "../../remix.config.js";
import type { ServerHost } from "~/server-host.server";

type Module = Record<string, unknown>;
const routeFiles = import.meta.glob<Module>("../../app/routes/*.{ts,tsx}");

/** The app's routes and real entry as a Remix ServerBuild (what `remix build` would give scripts/http-app.mjs). */
export async function remixBuild(): Promise<ServerBuild> {
  // The test database is already open (tests/integration/setup.ts): importing entry.server
  // starts nothing more (startApp finds it open).
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
  return build;
}

export async function remixHandler(): Promise<(request: Request) => Promise<Response>> {
  const build = await remixBuild();
  const handler = createRequestHandler(build, "production");
  const host = (build.entry.module as unknown as { serverHost: ServerHost }).serverHost;
  // As scripts/http-app.mjs hands requests over.
  return async (request) => {
    const url = new URL(request.url);
    const address = host.addressForRemix(url.pathname + url.search);
    if (address !== url.pathname + url.search) request = new Request(new URL(address, url), request);
    if (!request.headers.has("Host")) {
      // As an HTTP client sends it (Remix's own origin check compares with it).
      const headers = new Headers(request.headers);
      headers.set("Host", url.host);
      request = new Request(request, { headers });
    }
    const verdict = host.originVerdict(request);
    if (verdict.kind === "refuse") return verdict.response;
    if (verdict.kind === "same-site") {
      const headers = new Headers(request.headers);
      headers.set("Origin", verdict.origin);
      request = new Request(request, { headers });
    }
    return host.runInRequestScope(() => handler(request, host.createLoadContext({})));
  };
}
