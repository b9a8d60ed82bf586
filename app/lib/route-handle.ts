/**
 * Route `handle` conventions read by the root layout: how much JavaScript a page ships when it
 * is the first page loaded. React and Remix weigh ~85 KB compressed, as much as a whole phone
 * page budget (issue 3), so pages that work fully as HTML forms do not pay it up front.
 *
 * `hydrate: false` — pure content whose every action is a plain link or form (cookie banner,
 * logout, hamburger): no JavaScript at all on a first load.
 *
 * `hydrate: "on-interaction"` — a page whose forms work as plain posts but are nicer with
 * JavaScript (the course and product details). It is first shown as HTML; the app's scripts
 * are sent inert in a `<template>` and started by the visitor's first touch, key, scroll or
 * pointer movement. A reader who only looks downloads none of it. Taps made before or while
 * they start take effect: the forms' inputs hold the choice, the total follows them in CSS and
 * the add button posts as a plain form until React runs (BuyForm.tsx). Without JavaScript the
 * forms post as usual.
 *
 * `hydrate: "after-paint"` — a page used at once (the account, the cart, login, register, the
 * password pages, the legal pages with their inline editing for the admin): its scripts start
 * once the page has loaded and painted (or at the first interaction, if that comes sooner). On a slow
 * link the stylesheet and the page arrive first and the ~115 KB of script after them, instead
 * of sharing the line before anything shows (Lighthouse mobile FCP of /cont 1.9 s → ~1 s).
 * Meanwhile its forms post as plain HTML forms.
 *
 * Either way, when the visitor arrives from a page the app already runs on, client-side
 * navigation renders the page as usual. The inline script that starts the held scripts is in
 * start-scripts.server.ts (server only: the browser never renders it).
 */
export interface RouteHandle {
  hydrate?: boolean | "on-interaction" | "after-paint";
}

export const STATIC_PAGE: RouteHandle = { hydrate: false };
export const HYDRATE_ON_INTERACTION: RouteHandle = { hydrate: "on-interaction" };
export const HYDRATE_AFTER_PAINT: RouteHandle = { hydrate: "after-paint" };

export type HydrationMode = "eager" | "after-paint" | "on-interaction" | "never";

/** The most frugal mode any matched route asked for. */
export function hydrationMode(matches: ReadonlyArray<{ handle?: unknown }>): HydrationMode {
  const wanted = matches.map((match) => (match.handle as RouteHandle | undefined)?.hydrate);
  if (wanted.includes(false)) return "never";
  if (wanted.includes("on-interaction")) return "on-interaction";
  if (wanted.includes("after-paint")) return "after-paint";
  return "eager";
}
