/** POST /simulator/anaf/oauth/token — the ANAF simulator's OAuth token endpoint (server to server). */
import { assertSameOrigin } from "~/services/origin.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { anafSimulatorEnabled, tokenEndpoint } from "~/services/efactura/anaf-simulator.server";

export async function action({ request }: ActionFunctionArgs) {
  // Server to server (no Origin header); a browser posting from another site is refused.
  assertSameOrigin(request);
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  const answer = tokenEndpoint(new URLSearchParams(await request.text()));
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
