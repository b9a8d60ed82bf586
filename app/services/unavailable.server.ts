/**
 * Honest answers while the database is unreachable (issue 13): a request whose loader or action
 * failed because the database could not be reached is answered 503 with `Retry-After` and a short
 * Romanian page instead of a 500 (or, worse, an error page with status 200). The HTTP server
 * (scripts/server.mjs) gives every request a fresh load context (`createLoadContext`, through
 * Remix's `getLoadContext`); `handleError` (entry.server.tsx) records the error on its
 * `requestState`; the document entry answers the 503 page, and the server's last look at the
 * status line (`finalStatus`, just before the headers go out) gives every other answer
 * (single-fetch data, resource routes) its 503 or error status.
 */

export interface RequestState {
  /** An error reached handleError (a loader, action or render failed). */
  errored: boolean;
  /** That error was the database being unreachable (or overloaded). */
  databaseUnavailable: boolean;
  /**
   * The body of a small form post as it arrived (URL-encoded), when the server kept a copy:
   * the 503 page gives its fields back to send again. Undefined for anything else.
   */
  formCopy?: () => string | undefined;
}

declare module "@remix-run/node" {
  /** What every loader, action and entry hook gets as `context` (scripts/server.mjs). */
  interface AppLoadContext {
    requestState?: RequestState;
  }
}

export const RETRY_AFTER_SECONDS = 5;

/** postgres.js / PostgreSQL codes that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown (pg_ctl stop/restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up / shutting down)
  "57014", // query_canceled (statement_timeout)
  "53300", // too_many_connections
  "55P03", // lock_not_available (lock_timeout)
]);

/** True when the error (or one of its causes, e.g. drizzle's wrapper) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && /PGlite is closed|database closed/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * For a route's catch: a database outage goes on to Remix (handleError records it, and the HTTP
 * server answers 503 + Retry-After with the Romanian page and the form's fields to send again),
 * so the catch's own answer (often a 500) is given only to real failures. Every catch in
 * app/routes asks this or isDatabaseUnavailable (tests/unit/route-catches.test.ts checks).
 */
export function rethrowIfUnavailable(error: unknown): void {
  if (isDatabaseUnavailable(error)) throw error;
}

/** Records an error that reached Remix's handleError on the request's state. */
export function recordRequestError(context: { requestState?: RequestState } | undefined, error: unknown): void {
  const state = context?.requestState;
  if (!state) return;
  state.errored = true;
  if (isDatabaseUnavailable(error)) state.databaseUnavailable = true;
}

/**
 * The status line an answer must go out with, given what happened while it was made: 503 (with
 * `Retry-After`, never cached) when the database was unreachable, 500 instead of a success when
 * an error page was rendered; null when the answer stands as it is.
 */
export function finalStatus(
  state: RequestState | undefined,
  status: number,
): { status: number; headers: Record<string, string> } | null {
  if (!state) return null;
  if (state.databaseUnavailable) {
    return { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } };
  }
  if (state.errored && status < 300) return { status: 500, headers: {} };
  return null;
}

/** The 503 answer of a page (document request): the Romanian page, with the form's fields. */
export function unavailableDocument(request: Request, state: RequestState | undefined, headers: Headers): Response {
  let fields: [string, string][] | undefined;
  const body = request.method === "POST" ? state?.formCopy?.() : undefined;
  if (body !== undefined) fields = [...new URLSearchParams(body).entries()];
  const url = new URL(request.url);
  const page = unavailablePage({ method: request.method, action: url.pathname + url.search, fields });
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/html; charset=utf-8");
  answer.set("Retry-After", String(RETRY_AFTER_SECONDS));
  answer.set("Cache-Control", "no-store");
  answer.delete("Content-Length");
  answer.delete("Content-Encoding");
  return new Response(page, { status: 503, headers: answer });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Fields a "try again" form may carry back: never passwords or files. */
const SECRET_FIELD = /pass|parol|secret|token|card/i;

/**
 * The 503 page. For a form post the fields the user typed come back in a form that posts them
 * again to the same address ("Trimite din nou"), so nothing has to be typed twice.
 */
export function unavailablePage(options: { method: string; action: string; fields?: [string, string][] }): string {
  const resend =
    options.method === "POST" && options.fields && options.fields.length > 0
      ? `<form method="post" action="${escapeHtml(options.action)}">${options.fields
          .filter(([name]) => !SECRET_FIELD.test(name))
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join("")}<p>Datele completate au fost păstrate: le puteți trimite din nou peste câteva momente.</p><button type="submit">Trimite din nou</button></form>`
      : `<p><a href="${escapeHtml(options.action)}">Reîncearcă</a></p>`;
  return `<!DOCTYPE html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Site-ul este temporar indisponibil – Ana Nails Academy</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#2b2024;line-height:1.5}button,a{font:inherit;color:#8a2f52}button{padding:.6rem 1.2rem;border:1px solid #8a2f52;background:#fff;border-radius:.4rem;cursor:pointer}</style></head><body><main><p>Eroare 503</p><h1>Site-ul este temporar indisponibil</h1><p>Ne pare rău, nu putem răspunde chiar acum. Încercați din nou în câteva secunde.</p>${resend}</main></body></html>`;
}
