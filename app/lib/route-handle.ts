/**
 * Route `handle` conventions read by the root layout.
 *
 * `hydrate: false` — the page ships no JavaScript when it is the first page loaded: it is pure
 * content whose every action is a plain link or form (cookie banner, logout, hamburger), so the
 * ~100 KB of React and Remix would only slow a phone on a slow connection down. When the visitor
 * arrives there from a hydrated page, client-side navigation renders it as usual.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export const STATIC_PAGE: RouteHandle = { hydrate: false };

/** False when any matched route opted out of hydration. */
export function shouldHydrate(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
