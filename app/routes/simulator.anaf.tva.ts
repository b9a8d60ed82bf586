/**
 * /simulator/anaf/tva — the stand-in for ANAF's public VAT-payer lookup (PlatitorTvaRest v9),
 * app/services/anaf-vat-stand-in.server.ts. POST only; 404 where the stand-in is not in use.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/services/origin.server";
import { vatStandInAnswer, vatStandInEnabled } from "~/services/anaf-vat-stand-in.server";

export function loader() {
  if (!vatStandInEnabled()) throw new Response("Not found", { status: 404 });
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!vatStandInEnabled()) throw new Response("Not found", { status: 404 });
  // Server to server (no Origin header); a browser posting from another site is refused.
  assertSameOrigin(request);
  const answer = vatStandInAnswer(await request.text());
  return Response.json(answer.json, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
