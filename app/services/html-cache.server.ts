/**
 * Rendered guest pages kept in memory, so that the same page for the next guest costs no React
 * render. A page is stored only when it is the same for every guest: a GET answered 200, no
 * user, no toast, no action result, no cookie being set, not marked no-store, and the catalogue
 * cache on (the entries are dropped with each catalogue version). The key is the URL plus a hash
 * of all loader data (the cookie choice, dates and everything else a page shows are in it), so a
 * page is never served for data it was not rendered from. The CSP nonce is cut out of the stored
 * HTML and a fresh one is put in for every response.
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
const MAX_PAGES = 500;
const MAX_CHARS = 24 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 5_000;

/** The HTML split at each occurrence of the nonce it was rendered with. */
const pages = new Map<string, string[]>();
let storedChars = 0;
const sizeOf = (parts: string[]) => parts.reduce((sum, part) => sum + part.length, 0);
let watching: (() => void) | null = null;
let stats = { hits: 0, misses: 0 };

/** The cache key of this response, or null when it must not be shared between visitors. */
export function guestPageKey(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): string | null {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return null;
  if (/no-store|private/.test(headers.get("Cache-Control") ?? "")) return null;
  const catalogue = processCatalogueCache();
  if (!catalogue || catalogue.version === null) return null;
  const { actionData, errors, loaderData } = context.staticHandlerContext;
  if (actionData || errors) return null;
  const root = loaderData.root as { user?: unknown; toast?: unknown } | undefined;
  if (!root || root.user || root.toast) return null;
  if (!watching) {
    watching = catalogue.onChange(() => {
      pages.clear();
      storedChars = 0;
    });
  }
  const data = createHash("sha256").update(JSON.stringify(loaderData)).digest("base64url");
  return `${catalogue.version} ${data} ${request.url}`;
}

/** The stored page with a fresh nonce, or null. */
export function cachedGuestPage(key: string, nonce: string): string | null {
  const parts = pages.get(key);
  if (!parts) {
    stats.misses++;
    return null;
  }
  stats.hits++;
  return parts.join(nonce);
}

/**
 * Renders the whole document, stores it under key and returns it; null when rendering failed
 * (the caller renders it the usual way, which reports the error).
 */
export function renderGuestPage(key: string, element: ReactElement, nonce: string): Promise<string | null> {
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
        const html = Buffer.concat(chunks).toString("utf8");
        if (!failed) store(key, html.split(nonce));
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

function store(key: string, parts: string[]) {
  const size = sizeOf(parts);
  if (size > MAX_CHARS) return;
  const previous = pages.get(key);
  if (previous) {
    pages.delete(key);
    storedChars -= sizeOf(previous);
  }
  // Oldest first: Map keeps insertion order.
  while (pages.size > 0 && (pages.size >= MAX_PAGES || storedChars + size > MAX_CHARS)) {
    const [oldest, oldParts] = pages.entries().next().value as [string, string[]];
    pages.delete(oldest);
    storedChars -= sizeOf(oldParts);
  }
  pages.set(key, parts);
  storedChars += size;
}

/** Tests and the bench: how often a stored page was used. */
export function guestPageStats() {
  return { ...stats, pages: pages.size, chars: storedChars };
}

export function clearGuestPages() {
  pages.clear();
  storedChars = 0;
  stats = { hits: 0, misses: 0 };
}
