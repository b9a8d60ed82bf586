/**
 * POST /api/payments/netopia/confirm — the IPN endpoint (mobilPay "confirm URL"). Called server
 * to server by NETOPIA (or the simulator): no cookies, no Origin; trust comes from decrypting
 * with our private key and matching our signature, order, amount and currency
 * (models/payment.server.ts). Other methods are refused.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleCardNotification } from "~/models/payment.server";

const methodNotAllowed = () =>
  new Response("Method not allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { reply } = await handleCardNotification(request);
  return new Response(reply.body, { status: reply.status, headers: { "Content-Type": reply.contentType, "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed();
}
