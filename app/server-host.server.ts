/**
 * What the HTTP server (scripts/server.mjs) needs from the app, in one typed object. The entry
 * module exports it as `serverHost`; the server reaches it through the build it serves
 * (`build.entry.module.serverHost`, part of Remix's public `ServerBuild`), never through a
 * global. Per request the app gets what it needs through Remix's load context
 * (`createLoadContext`, passed as `getLoadContext` to `@remix-run/express`).
 */
import type { AppLoadContext } from "@remix-run/node";
import { withoutLegacyDataParam } from "~/lib/http";
import { guestAnswer, guestRequestKey } from "~/services/guest-answers.server";
import { originVerdict, type OriginVerdict } from "~/services/origin.server";
import { runInRequestScope } from "~/services/request-scope.server";
import { createNonce } from "~/services/security-headers.server";
import { stopApp } from "~/startup.server";
import { finalStatus, type RequestState } from "~/services/unavailable.server";

export interface ServerHost {
  /**
   * Remix's load context for one request (`getLoadContext`); `formCopy` reads the kept copy of a
   * small form post, `guestRequestKey` is the request's key for guest answers (guest-answers.server.ts).
   */
  createLoadContext(options: { formCopy?: () => string | undefined; guestRequestKey?: string | null }): AppLoadContext;
  /** The key under which this request may be answered before Remix runs, or null (guest-answers.server.ts). */
  guestRequestKey(method: string, pathAndQuery: string, headers: Record<string, string | string[] | undefined>): string | null;
  /** A guest page answered a moment ago for the same request, with a fresh nonce, or null. */
  guestAnswer(requestKey: string): { status: number; headers: [string, string][]; body: string } | null;
  /** Runs the rest of one request's handling in its own request scope (request-scope.server.ts). */
  runInRequestScope<T>(next: () => T): T;
  /** The address as Remix must see it: the old `?_data=` parameter dropped (lib/http.ts). */
  addressForRemix(pathAndQuery: string): string;
  /** The app's origin decision, before Remix's own check runs (origin.server.ts). */
  originVerdict(request: Request): OriginVerdict;
  /** The status line and headers an answer must go out with, or null (unavailable.server.ts). */
  finalStatus(context: AppLoadContext, status: number): { status: number; headers: Record<string, string> } | null;
  /**
   * Stops the background work and closes the database. A host that calls it (after draining its
   * requests) listens for SIGTERM/SIGINT before it loads the build: the app then leaves the
   * signals to it.
   */
  stop(): Promise<void>;
}

export const serverHost: ServerHost = {
  createLoadContext({ formCopy, guestRequestKey }) {
    const requestState: RequestState = { errored: false, databaseUnavailable: false, formCopy };
    return { requestState, guestRequestKey: guestRequestKey ?? null };
  },
  guestRequestKey,
  guestAnswer: (requestKey) => guestAnswer(requestKey, createNonce()),
  runInRequestScope,
  addressForRemix(pathAndQuery) {
    if (!pathAndQuery.includes("_data")) return pathAndQuery;
    const cleaned = withoutLegacyDataParam(new URL(pathAndQuery, "http://host.invalid"));
    return cleaned.pathname + cleaned.search;
  },
  originVerdict,
  finalStatus: (context, status) => finalStatus(context.requestState, status),
  stop: stopApp,
};
