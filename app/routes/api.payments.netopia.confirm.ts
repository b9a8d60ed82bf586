/**
 * POST /api/payments/netopia/confirm — the IPN endpoint (mobilPay "confirm URL"). Called server
 * to server by NETOPIA (or the simulator): no cookies, no Origin; trust comes from decrypting
 * with our private key and matching our signature, order, amount and currency.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleCardNotification } from "~/models/payment.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  const result = await handleCardNotification(await request.text());
  return new Response(result.body, { status: 200, headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
