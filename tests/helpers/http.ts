/**
 * Calling route loaders and actions directly, as Remix would: requests to PUBLIC_URL
 * (http://localhost:3000 in integration tests), cookies carried from one response to the next.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readToast } from "~/services/toast.server";

export const BASE = "http://localhost:3000";

export interface RequestOptions {
  cookie?: string;
  /** Client IP (X-Forwarded-For): give each test its own so rate limits do not mix. */
  ip?: string;
  origin?: string | null;
  referer?: string;
  method?: string;
}

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers();
  if (options.origin !== null) headers.set("Origin", options.origin ?? BASE);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("X-Forwarded-For", options.ip);
  if (options.referer) headers.set("Referer", options.referer);
  return headers;
}

export function post(path: string, fields: Record<string, string | string[]>, options: RequestOptions = {}): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return new Request(`${BASE}${path}`, { method: options.method ?? "POST", body, headers: headersFor(options) });
}

export function get(path: string, options: RequestOptions = {}): Request {
  return new Request(`${BASE}${path}`, { headers: headersFor({ ...options, origin: null }) });
}

type Handler<Args> = (args: Args) => unknown;

/** Runs a loader or action; a thrown Response (redirect, 403…) is returned like any other. */
export async function run<Args extends ActionFunctionArgs | LoaderFunctionArgs>(
  handler: Handler<Args>,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return toResponse(await handler({ request, params, context: {} } as Args));
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDataWithInit(error)) return toResponse(error);
    throw error;
  }
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * What a loader or action gave, as the Response a client would see: a Response as is, `data()`
 * with its status and headers, a plain object as JSON (single fetch sends the same values).
 */
export function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const { data, init } = isDataWithInit(result) ? result : { data: result, init: null };
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(data ?? null), { status: init?.status ?? 200, headers });
}

/** "name=value; name2=value2" from a response's Set-Cookie headers (expired cookies dropped). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const index = pair.indexOf("=");
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(/;\s*/);
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
    if (expired || pair.slice(index + 1) === "") jar.delete(name);
    else jar.set(name, pair.slice(index + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The toast a response flashes for the next page. */
export async function toastOf(response: Response): Promise<string | null> {
  const cookie = cookiesFrom(response);
  const { toast } = await readToast(new Request(BASE, { headers: { Cookie: cookie } }));
  return toast?.message ?? null;
}

let counter = 0;
/** A distinct client IP per call. */
export function freshIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}
