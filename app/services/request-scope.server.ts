/**
 * Work shared by the loaders of one HTTP request. Remix hands every loader its own copy of the
 * Request (server-runtime strips `?index` and `_routes` into a new Request per loader), so a
 * cache keyed on the Request object is never shared between the root loader and the page's
 * loader: the session was looked up twice per logged-in page. scripts/server.mjs runs each HTTP
 * request in an AsyncLocalStorage scope (the same instance, found through a global symbol) and
 * `perRequest` memoizes in it. Outside a scope (tests, scripts) it just calls `load`.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const KEY = Symbol.for("academy.requestScope");
type Scope = Map<string, unknown>;
type GlobalWithScope = typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> };

export function requestScopeStorage(): AsyncLocalStorage<Scope> {
  const global = globalThis as GlobalWithScope;
  return (global[KEY] ??= new AsyncLocalStorage<Scope>());
}

/** `load()` once per HTTP request and key (shared by its loaders); every time outside one. */
export function perRequest<T>(key: string, load: () => T): T {
  const scope = requestScopeStorage().getStore();
  if (!scope) return load();
  if (scope.has(key)) return scope.get(key) as T;
  const value = load();
  scope.set(key, value);
  return value;
}
