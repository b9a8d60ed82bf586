/**
 * The favicon, inline: the same drawing as public/favicon.svg (tests/unit/favicon.test.ts keeps
 * the two in step). On a slow link a phone's first paint then shares the connection with one
 * request fewer (issue 31: Lighthouse's simulated LCP of `/`, `/cursuri` and `/produse` dropped by
 * ~60–80 ms). Only the characters a data URL needs are escaped: the bytes sit in every page.
 */
export const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#b8325a'/>" +
  "<path d='M11 9h10v4H11z' fill='#2b1b2e'/><path d='M9 14h14l1 11a3 3 0 0 1-3 3H11a3 3 0 0 1-3-3z' fill='#fbe9e4'/></svg>";

export const FAVICON_URL = `data:image/svg+xml,${FAVICON_SVG.replace(/['<>#]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
