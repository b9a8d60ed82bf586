/**
 * Rendered pages kept in memory, so that the same page rendered from the same data costs no React
 * render the next time. The key is the URL plus a hash of all loader data (the user, the cookie
 * choice, dates and everything else a page shows are in it) plus the year (the footer's), so a
 * page is never served for data it was not rendered from: the render is a pure function of these
 * (no component reads the clock, a cookie or a header). The CSP nonce is cut out of the stored
 * HTML and a fresh one is put in for every response. Entries are dropped with each catalogue
 * version, and only kept while the catalogue cache is on.
 *
 * - Guest pages (issue 18): a GET answered 200, no user, no toast, no action result, no cookie
 *   being set; 500 pages / 24 MB. A guest page marked `private, no-store` (login, register, the
 *   password pages) is kept too: like a user's page, its header is about caches outside this
 *   process, and here the key is its data. It is never answered before Remix runs
 *   (guest-answers.server.ts), so its loaders run on every request.
 * - A logged-in user's pages (issue 31): a GET answered 200 with a user, no toast, no action
 *   result, no cookie being set; their own store of 400 pages / 12 MB, so students' pages never
 *   push the shared guest pages out. Personal data is safe here because the key is the data: a
 *   page is served again only to a request whose loaders returned exactly the same data, which
 *   then renders to exactly the same HTML; any write that changes what a page shows changes its
 *   loader data and so its key (the loaders still run on every request). The `private, no-store`
 *   such pages carry is about caches outside this process and stays on the response.
 */
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { processCatalogueCache } from "~/services/catalogue-cache.server";
import { withoutNul } from "~/services/react-stream.server";

/**
 * Ceiling of the store, per process: at most 500 pages and 24 MB of HTML (characters, about the
 * bytes of these mostly-ASCII pages; oldest pages go first). A catalogue page is 30–120 KB, and a
 * guest URL with any query string is its own page, so the count alone could hold ~60 MB.
 */
const RENDER_TIMEOUT_MS = 5_000;
const PERSONAL = "user ";

const sizeOf = (parts: string[]) => parts.reduce((sum, part) => sum + part.length, 0);

/** Pages in insertion order (the oldest goes first), each as HTML split at its nonce. */
class PageStore {
  readonly pages = new Map<string, string[]>();
  chars = 0;
  hits = 0;
  misses = 0;
  constructor(
    readonly maxPages: number,
    readonly maxChars: number,
  ) {}

  get(key: string): string[] | undefined {
    const parts = this.pages.get(key);
    if (parts) this.hits++;
    else this.misses++;
    return parts;
  }

  set(key: string, parts: string[]) {
    const size = sizeOf(parts);
    if (size > this.maxChars) return;
    const previous = this.pages.get(key);
    if (previous) {
      this.pages.delete(key);
      this.chars -= sizeOf(previous);
    }
    while (this.pages.size > 0 && (this.pages.size >= this.maxPages || this.chars + size > this.maxChars)) {
      const [oldest, oldParts] = this.pages.entries().next().value as [string, string[]];
      this.pages.delete(oldest);
      this.chars -= sizeOf(oldParts);
    }
    this.pages.set(key, parts);
    this.chars += size;
  }

  clear() {
    this.pages.clear();
    this.chars = 0;
  }

  stats() {
    return { hits: this.hits, misses: this.misses, pages: this.pages.size, chars: this.chars };
  }
}

const guestPages = new PageStore(500, 24 * 1024 * 1024);
const personalPages = new PageStore(400, 12 * 1024 * 1024);
const storeOf = (key: string) => (key.startsWith(PERSONAL) ? personalPages : guestPages);
let watching: (() => void) | null = null;

type RootData = { user?: unknown; toast?: unknown } | undefined;

/** What both kinds of key share: a 200 GET, no cookie being set, no action, no toast, the catalogue cache on. */
function cacheable(request: Request, status: number, headers: Headers, context: EntryContext) {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return null;
  const catalogue = processCatalogueCache();
  if (!catalogue || catalogue.version === null) return null;
  const { actionData, errors, loaderData } = context.staticHandlerContext;
  if (actionData || errors) return null;
  const root = loaderData.root as RootData;
  if (!root || root.toast) return null;
  if (!watching) {
    watching = catalogue.onChange(() => {
      guestPages.clear();
      personalPages.clear();
    });
  }
  return { catalogue, root, loaderData };
}

function keyOf(version: number, loaderData: unknown, url: string) {
  const data = createHash("sha256").update(JSON.stringify(loaderData)).digest("base64url");
  return `${version} ${new Date().getUTCFullYear()} ${data} ${url}`;
}

/** The cache key of this response, or null when it must not be shared between visitors. */
export function guestPageKey(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): string | null {
  const ok = cacheable(request, status, headers, context);
  if (!ok || ok.root.user) return null;
  return keyOf(ok.catalogue.version!, ok.loaderData, request.url);
}

/** The cache key of a logged-in user's page (its own store), or null when it must not be kept. */
export function personalPageKey(request: Request, status: number, headers: Headers, context: EntryContext): string | null {
  const ok = cacheable(request, status, headers, context);
  if (!ok || !ok.root.user) return null;
  return PERSONAL + keyOf(ok.catalogue.version!, ok.loaderData, request.url);
}

/** The stored page with a fresh nonce, or null. */
export function cachedPage(key: string, nonce: string): string | null {
  return storeOf(key).get(key)?.join(nonce) ?? null;
}

/**
 * Renders the whole document, passes it through `finish` (entry.server fills in the critical CSS),
 * stores it under key and returns it; null when rendering failed (the caller renders it the usual
 * way, which reports the error).
 */
export function renderPage(
  key: string,
  element: ReactElement,
  nonce: string,
  finish: (html: string) => string = (html) => html,
): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let failed = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        // React 18's NUL padding at its 2 KB buffer edge (react-stream.server.ts).
        chunks.push(withoutNul(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        const html = finish(Buffer.concat(chunks).toString("utf8"));
        if (!failed) storeOf(key).set(key, html.split(nonce));
        resolve(html);
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady: () => pipe(sink),
      onShellError: () => {
        clearTimeout(timer);
        resolve(null);
      },
      onError: () => {
        if (failed) return;
        failed = true;
        clearTimeout(timer);
        resolve(null);
      },
    });
    // An aborted render is sent (with its fallbacks) but never stored.
    const timer = setTimeout(() => {
      failed = true;
      abort();
    }, RENDER_TIMEOUT_MS);
  });
}

/** Tests and the bench: how often a stored page was used. */
export function guestPageStats() {
  return guestPages.stats();
}

export function personalPageStats() {
  return personalPages.stats();
}

export function clearPages() {
  for (const store of [guestPages, personalPages]) {
    store.clear();
    store.hits = 0;
    store.misses = 0;
  }
}
