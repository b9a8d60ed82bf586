/**
 * The JSON API's HTTP plumbing (docs/product.md §7, issue 17): one place decides methods (405 + Allow),
 * body type (415 unless application/json), origin (the site's own check, plus the one optional
 * CORS origin), error shape (`{msg, error}` always, never an HTML page or a redirect), and caching
 * (`private, no-store`: answers may carry personal data). Handlers stay thin: parse with the
 * form's zod schema, call the model, answer `jsonResponse()` (Response.json, see below).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getConfig } from "~/config.server";
import { requireAdmin, requireUser, type SessionUser } from "~/models/session.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/services/unavailable.server";

export const API_MESSAGES = {
  unauthenticated: "Autentificare necesară.",
  forbidden: "Acces interzis.",
  notFound: "Resursă inexistentă.",
  methodNotAllowed: "Metodă nepermisă pentru această adresă.",
  unsupportedType: "Trimite corpul cererii ca application/json.",
  badJson: "Corpul cererii nu este JSON valid.",
  invalid: "Vă rugăm să corectați erorile înainte de a trimite formularul.",
  crossSite: "Cerere respinsă: nu provine de pe acest site.",
  failed: "A apărut o eroare. Încearcă din nou.",
  unavailable: "Site-ul este temporar indisponibil. Încearcă din nou în câteva secunde.",
} as const;

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface ApiArgs {
  request: Request;
  params: Record<string, string | undefined>;
}
type Handler = (args: ApiArgs) => Promise<Response> | Response;

/**
 * `Response.json(body, init)`, built by hand: remix-serve without single fetch installs a
 * fetch polyfill whose Response has no static `json` (a TypeError at run time), while tests on
 * Node's own Response pass. Same bytes and headers either way.
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * A failure: `{msg, error}` with the same Romanian text (clients of the original site read one
 * or the other), extra fields such as `errors` allowed.
 */
export function apiError(status: number, msg: string, extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
  return jsonResponse({ msg, error: msg, ...extra }, { status, headers });
}

/**
 * A resource route answering JSON: `export const { loader, action } = apiRoute({ GET, POST })`;
 * `{ guard: "admin" }` runs requireAdmin first, for every method.
 * Remix sends GET/HEAD to the loader and every other method to the action; both dispatch here.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, Handler>>, options: { guard?: "admin" } = {}) {
  const methods = Object.keys(handlers) as ApiMethod[];
  const allow = [...methods, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  async function dispatch({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") return finish(request, preflight(request, allow));
    const handler = handlers[(method === "HEAD" ? "GET" : method) as ApiMethod];
    try {
      // A cross-site page never gets further than this with a mutation (403), whatever the path,
      // method or body; the configured CORS origin counts as the site's own.
      if (method !== "GET" && method !== "HEAD" && !allowedCorsOrigin(request)) assertSameOrigin(request);
      // Admin paths answer 401/403 before anything else, whatever the method or body.
      if (options.guard === "admin") await requireAdmin(request);
      if (!handler) return finish(request, apiError(405, API_MESSAGES.methodNotAllowed, {}, { Allow: allow }));
      const checked = checkMutation(request);
      if (checked instanceof Response) return finish(request, checked);
      return finish(request, await handler({ request: checked, params }));
    } catch (error) {
      if (error instanceof Response) return finish(request, await toApiError(error));
      const thrown = fromDataThrow(error);
      if (thrown) return finish(request, await toApiError(thrown));
      if (isDatabaseUnavailable(error)) {
        log.warn("api: database unavailable", { path: new URL(request.url).pathname, method, error: String(error) });
        return finish(request, apiError(503, API_MESSAGES.unavailable, {}, { "Retry-After": String(RETRY_AFTER_SECONDS) }));
      }
      log.error("api: handler failed", { path: new URL(request.url).pathname, method, error: String(error) });
      return finish(request, apiError(500, API_MESSAGES.failed));
    }
  }
  return { loader: dispatch, action: dispatch };
}

/** The one cross-origin caller allowed by configuration, or null. */
function allowedCorsOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  const allowed = getConfig().apiAllowedOrigin;
  return origin && allowed && origin === allowed ? origin : null;
}

/**
 * Mutations: JSON bodies only (a cross-site HTML form cannot send application/json), from the
 * site's origin (the same check as every form: `assertSameOrigin`). The configured CORS origin
 * counts as the site's own: its Origin header is dropped before the shared guards see it.
 */
function checkMutation(request: Request): Request | Response {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return request;
  const type = request.headers.get("Content-Type");
  if (type !== null && !/^application\/json\s*(;|$)/i.test(type)) return apiError(415, API_MESSAGES.unsupportedType);
  if (allowedCorsOrigin(request)) {
    const headers = new Headers(request.headers);
    headers.delete("Origin");
    headers.delete("Referer");
    return new Request(request, { headers });
  }
  assertSameOrigin(request);
  return request;
}

function preflight(request: Request, allow: string): Response {
  const headers = new Headers({ Allow: allow });
  if (allowedCorsOrigin(request)) {
    headers.set("Access-Control-Allow-Methods", allow);
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}

function finish(request: Request, response: Response): Response {
  const headers = response.headers;
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  headers.set("Vary", "Cookie, Origin");
  headers.set("X-Content-Type-Options", "nosniff");
  const origin = allowedCorsOrigin(request);
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Credentials", "true");
  }
  return response;
}

/** A thrown `data(body, init)` (single fetch's replacement for `json`) as the Response it stands for. */
function fromDataThrow(error: unknown): Response | null {
  if (!error || typeof error !== "object" || (error as { type?: unknown }).type !== "DataWithResponseInit") return null;
  const { data, init } = error as { data: unknown; init?: ResponseInit | null };
  return jsonResponse(data, init ?? {});
}

/**
 * A guard's thrown answer, as JSON: the login redirect → 401, the "not for you" redirect → 403,
 * a text or `{error}` body → `{msg, error}` with the same status.
 */
async function toApiError(response: Response): Promise<Response> {
  const headers = new Headers();
  for (const name of ["Retry-After", "Set-Cookie", "Allow"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("Location") ?? "";
    return location.startsWith("/autentificare")
      ? apiError(401, API_MESSAGES.unauthenticated, {}, headers)
      : apiError(403, API_MESSAGES.forbidden, {}, headers);
  }
  const type = response.headers.get("Content-Type") ?? "";
  let msg: string = response.status === 404 ? API_MESSAGES.notFound : response.status === 403 ? API_MESSAGES.crossSite : API_MESSAGES.failed;
  try {
    if (type.includes("json")) {
      const body = (await response.json()) as { msg?: unknown; error?: unknown };
      if (typeof body.msg === "string") return apiError(response.status, body.msg, body as Record<string, unknown>, headers);
      if (typeof body.error === "string") msg = body.error;
    } else {
      const text = (await response.text()).trim();
      if (text && text.length < 300 && !text.startsWith("<")) msg = text;
    }
  // outage-safe: reading an error response body: no database
  } catch {
    // keep the default message
  }
  return apiError(response.status, msg, {}, headers);
}

/** The session user, or a JSON 401 (the same guard as every page: requireUser). */
export function apiUser(request: Request): Promise<SessionUser> {
  return requireUser(request);
}

/** An admin, or JSON 401/403 (requireAdmin answers JSON under /api itself). */
export function apiAdmin(request: Request): Promise<SessionUser> {
  return requireAdmin(request);
}

/** Field errors of a failed parse: {"path.to.field": ["message"]}. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The JSON body parsed with a zod schema; a JSON 400 `{msg, error, errors}` is thrown otherwise. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, map?: (body: Record<string, unknown>) => unknown): Promise<z.output<S>> {
  const text = await request.text();
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    // outage-safe: JSON.parse of the body: no database
    } catch {
      throw apiError(400, API_MESSAGES.badJson);
    }
  }
  if (map) body = body && typeof body === "object" && !Array.isArray(body) ? map(body as Record<string, unknown>) : body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw apiError(400, parsed.error.issues[0]?.message ?? API_MESSAGES.invalid, { errors });
  }
  return parsed.data;
}

/** A positive integer path parameter, or a JSON 404. */
export function intParam(value: string | undefined, msg: string = API_MESSAGES.notFound): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw apiError(404, msg);
  return id;
}

/** Sets a cookie header on a JSON answer. */
export function jsonWithCookie(body: unknown, cookie: string, status = 200): Response {
  return jsonResponse(body, { status, headers: { "Set-Cookie": cookie } });
}
