/**
 * The OpenAPI 3.1 document served at /api/openapi.json: the hand-written contract in
 * lib/api/openapi-document (what a client of the original site sends and reads), built once.
 */
import { API_OPERATIONS, apiDocument, type ApiOperation } from "~/lib/api/openapi-document";

export type Operation = ApiOperation;
/** Every documented call (method, path template, auth). */
export const OPERATIONS: Operation[] = API_OPERATIONS;

let cached: ReturnType<typeof apiDocument> | undefined;

export function openApiDocument(serverUrl = "/api"): ReturnType<typeof apiDocument> {
  if (serverUrl !== "/api") return apiDocument(serverUrl);
  cached ??= apiDocument();
  return cached;
}
