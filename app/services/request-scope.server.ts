/**
 * Work shared by the loaders of one HTTP request. Remix hands every loader its own copy of the
 * Request (server-runtime strips `?index` and `_routes` into a new Request per loader), so a
 * cache keyed on the Request object is never shared between the root loader and the page's
 * loader: the session was looked up twice per logged-in page. The HTTP server runs each request
 * in a scope of this module's AsyncLocalStorage (`runInRequestScope`, reached through the build's
 * entry module, see app/server-host.server.ts) and `perRequest` memoizes in it. Outside a
 * scope (tests, scripts) it just calls `load`.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, unknown>;
const storage = new AsyncLocalStorage<Scope>();

/** The scope store (tests open a scope with `requestScopeStorage().run(new Map(), …)`). */
export function requestScopeStorage(): AsyncLocalStorage<Scope> {
  return storage;
}

/** Runs `next` (the rest of one HTTP request's handling) in a fresh request scope. */
export function runInRequestScope<T>(next: () => T): T {
  return storage.run(new Map(), next);
}

/** `load()` once per HTTP request and key (shared by its loaders); every time outside one. */
export function perRequest<T>(key: string, load: () => T): T {
  const scope = storage.getStore();
  if (!scope) return load();
  if (scope.has(key)) return scope.get(key) as T;
  const value = load();
  scope.set(key, value);
  return value;
}
