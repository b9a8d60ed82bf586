/**
 * The JSON API as a client sees it: requests go through Remix's own request handler
 * (@remix-run/node createRequestHandler) over the route table Remix's flat-routes convention
 * builds from app/routes (@remix-run/dev), holding the root and every /api route module. So
 * route matching (the /api/* splat, static before dynamic segments), method dispatch and
 * thrown responses behave as on the server. Responses are checked against the OpenAPI
 * document with Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { expect } from "vitest";
import { BASE, cookiesFrom } from "./http";
import { openApiDocument } from "~/routes/+shared/api/openapi.server";

const modules = import.meta.glob("../../app/routes/api.*.ts");

let handler: ReturnType<typeof createRequestHandler> | undefined;

async function buildHandler() {
  const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");
  const manifest = flatRoutes(appDir);
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } as never },
  };
  for (const route of Object.values(manifest)) {
    const key = `../../app/${route.file}`;
    if (!modules[key]) continue;
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId ?? "root",
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: (await modules[key]()) as never,
    };
  }
  const build = {
    mode: "production",
    entry: { module: { default: () => new Response("document requests are not part of the API", { status: 500 }) } },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}

export interface ApiCall {
  method?: string;
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  contentType?: string;
  ip?: string;
  rawBody?: string;
}

export async function api(pathname: string, options: ApiCall = {}) {
  handler ??= await buildHandler();
  const headers = new Headers({ Accept: "application/json" });
  const method = options.method ?? (options.body === undefined && options.rawBody === undefined ? "GET" : "POST");
  if (method !== "GET" && options.origin !== null) headers.set("Origin", options.origin ?? BASE);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("X-Forwarded-For", options.ip);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set("Content-Type", options.contentType ?? "application/json");
  const response = await handler(new Request(`${BASE}/api${pathname}`, { method, headers, body }));
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown> & unknown[], text, cookie: cookiesFrom(response, options.cookie) };
}

// ─── OpenAPI response validation ─────────────────────────────────────────────────────────────

const requireFromValidator = createRequire(createRequire(import.meta.url).resolve("@seriousme/openapi-schema-validator"));
const Ajv2020 = requireFromValidator("ajv/dist/2020").default as new (options: object) => {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ((data: unknown) => boolean) & { errors?: unknown }>();

/** Checks an answer against the document's schema for this path template, method and status. */
export function matchesDocument(template: string, method: string, status: number, body: unknown): { ok: boolean; errors?: unknown } {
  const doc = openApiDocument() as unknown as {
    components: object;
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  };
  const operation = doc.paths[template]?.[method.toLowerCase()];
  if (!operation) return { ok: false, errors: `no operation ${method} ${template}` };
  const response = operation.responses[String(status)];
  if (!response) return { ok: false, errors: `status ${status} not documented for ${method} ${template}` };
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return { ok: true };
  const key = `${method} ${template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    // The document's `$ref`s point into #/components: compile the schema with them at its root.
    validate = ajv.compile({ ...schema, components: doc.components });
    compiled.set(key, validate);
  }
  return validate(body) ? { ok: true } : { ok: false, errors: validate.errors };
}

/**
 * Calls the API and checks the answer's status and its body against the OpenAPI document
 * (`template` is the documented path, e.g. "/cart/{id}").
 */
export async function checkedCall(template: string, path: string, options: ApiCall & { expect: number }) {
  const response = await api(path, options);
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(options.expect);
  const check = matchesDocument(template, method, response.status, response.json);
  expect(check, `${method} ${path} ${response.status}: ${JSON.stringify(check.errors)} ${response.text}`).toEqual({ ok: true });
  return response;
}
