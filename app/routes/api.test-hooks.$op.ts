/**
 * POST /api/test-hooks/:op — test fixtures only (see services/test-hooks.server.ts).
 * 404 unless TEST_HOOKS_TOKEN is configured and sent in the X-Test-Hooks-Token header.
 */
import { timingSafeEqual } from "node:crypto";
import { type ActionFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { testHookOperations } from "~/routes/+shared/test-hooks.server";

function authorised(request: Request): boolean {
  const expected = getConfig().testHooksToken;
  const given = request.headers.get("X-Test-Hooks-Token");
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operation = params.op ? testHookOperations[params.op] : undefined;
  if (!authorised(request) || !operation) throw new Response("Not found", { status: 404 });
  // outage-safe: parsing the JSON body: no database
  const body = await request.json().catch(() => ({}));
  return Response.json(await operation(body));
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
