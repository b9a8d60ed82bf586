/**
 * /simulator/anaf/rest/<op> — the ANAF simulator's e-Factura API (upload, uploadb2c, stareMesaj,
 * descarcare, listaMesajeFactura), answered as ANAF answers (app/services/efactura/anaf-simulator.server.ts).
 */
import { assertSameOrigin } from "~/services/origin.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { anafSimulatorEnabled, apiCall } from "~/services/efactura/anaf-simulator.server";

async function answer(request: Request, op: string, body: string) {
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  const result = apiCall(op, new URL(request.url).searchParams, request.headers.get("Authorization"), body);
  return new Response(typeof result.body === "string" ? result.body : new Uint8Array(result.body), { status: result.status, headers: { "Content-Type": result.contentType, "Cache-Control": "no-store" } });
}

export function loader({ request, params }: LoaderFunctionArgs) {
  const op = params.op ?? "";
  if (op === "upload" || op === "uploadb2c") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return answer(request, op, "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const op = params.op ?? "";
  // Server to server (no Origin header); a browser posting from another site is refused.
  assertSameOrigin(request);
  if (op !== "upload" && op !== "uploadb2c") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
  return answer(request, op, await request.text());
}
