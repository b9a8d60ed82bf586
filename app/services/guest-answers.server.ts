/**
 * Guest pages answered before Remix runs (issue 31): a short-lived "micro-cache" in front of the
 * page cache (html-cache.server.ts), the way a reverse proxy's microcache would sit in front of the
 * app, but inside the process, so it can never show one visitor what belongs to another.
 *
 * The page cache saves the React render, but Remix still runs each request: it builds a Fetch
 * Request, runs every loader, encodes their data for the browser (turbo-stream) and answers with a
 * Fetch Response. For a guest page that work costs more than the rest of the request together
 * (CPU profiles in the README). So when a guest page has just been answered from the page cache,
 * the HTTP server remembers which stored page it was for the request's own key, and for the next
 * second answers the same request with that stored page (with a fresh nonce) without entering Remix.
 *
 * The key is everything a guest page's loaders read of the request: the method, the address, the
 * Host and forwarding headers, Accept and the whole Cookie header (cookie consent and any flash
 * message are cookies). What loaders read of the server's state is the catalogue (versioned: an
 * answer points at a stored page whose key holds the catalogue version, and the page cache drops
 * its pages when the version changes, so no answer outlives it) and the clock (the day and the
 * places left, which public pages already show up to 5 s old). The answer's age is at most
 * GUEST_ANSWER_MAX_AGE_MS, well inside what these pages already allow shared caches to keep
 * (`s-maxage=60`, root.tsx).
 *
 * Only pages the page cache keeps for guests qualify (a 200 GET with no user, no toast, no action,
 * no cookie being set), and of those only the ones outside caches may keep too: a page marked
 * `private` or `no-store` (login, register, the password pages) runs its loaders every time.
 * Requests carrying a session cookie never take this path.
 */
import { cachedPage } from "~/services/html-cache.server";

/** How long a guest answer is reused for the same request. */
export const GUEST_ANSWER_MAX_AGE_MS = 1_000;
const MAX_ANSWERS = 1_000;
const SESSION_COOKIE = /(?:^|;\s*)__session=/;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's key for guest answers, when it may have one (scripts/http-app.mjs). */
    guestRequestKey?: string | null;
  }
}

type Answer = {
  pageKey: string;
  status: number;
  /** Header name and value, the value split at the nonce it was sent with. */
  headers: [string, string[]][];
  expires: number;
};

type RequestHeaders = Record<string, string | string[] | undefined>;

const answers = new Map<string, Answer>();
let served = 0;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

/**
 * The key of a request that may be answered from a guest answer, or null: a GET for a page
 * address (no file extension, no single-fetch `.data`, no `_data` parameter) without a session cookie.
 */
export function guestRequestKey(method: string, pathAndQuery: string, headers: RequestHeaders): string | null {
  if (method !== "GET" || pathAndQuery.includes("_data") || pathAndQuery.includes(".")) return null;
  const cookie = one(headers.cookie);
  if (SESSION_COOKIE.test(cookie)) return null;
  return [
    one(headers.host),
    one(headers["x-forwarded-host"]),
    one(headers["x-forwarded-proto"]),
    one(headers.accept),
    cookie,
    pathAndQuery,
  ].join("\n");
}

/**
 * Remembers that the request with `requestKey` was answered with the guest page stored under
 * `pageKey` (html-cache.server.ts), with this status and these headers (sent with `nonce`).
 */
export function rememberGuestAnswer(requestKey: string, pageKey: string, status: number, headers: Headers, nonce: string) {
  if (/no-store|private/.test(headers.get("Cache-Control") ?? "")) return;
  const kept: [string, string[]][] = [];
  headers.forEach((value, name) => kept.push([name, value.split(nonce)]));
  answers.delete(requestKey);
  if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
  answers.set(requestKey, { pageKey, status, headers: kept, expires: Date.now() + GUEST_ANSWER_MAX_AGE_MS });
}

/** The answer to this request, with a fresh nonce in its page and headers, or null (Remix answers). */
export function guestAnswer(
  requestKey: string,
  nonce: string,
): { status: number; headers: [string, string][]; body: string } | null {
  const answer = answers.get(requestKey);
  if (!answer) return null;
  // A page dropped with a catalogue change (or pushed out of the page cache) ends its answers too.
  const body = answer.expires > Date.now() ? cachedPage(answer.pageKey, nonce) : null;
  if (body === null) {
    answers.delete(requestKey);
    return null;
  }
  served++;
  return { status: answer.status, headers: answer.headers.map(([name, parts]) => [name, parts.join(nonce)]), body };
}

/** Tests and the bench: how many requests were answered here. */
export function guestAnswerStats() {
  return { served, answers: answers.size };
}

export function clearGuestAnswers() {
  answers.clear();
  served = 0;
}
