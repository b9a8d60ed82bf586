/**
 * The built-in payment simulator (embedded default; development, tests and the quick start;
 * refused on a real production site unless PAYMENT_SIMULATOR=1, see config.server.ts). It
 * plays NETOPIA with the same protocol: decrypts the request with its own private key, and
 * sends properly encrypted IPNs to this site's confirm URL, server to server. It keeps each
 * order's request (and last IPN) in DATA_DIR so an IPN can be replayed or a refund sent later.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";
import { log } from "~/log.server";
import {
  buildNotificationXml,
  openEnvelope,
  parseOrderXml,
  sealEnvelope,
  type Envelope,
  type ParsedOrderXml,
} from "~/services/payments/mobilpay.server";
import { CONFIRM_PATH } from "~/services/payments/provider.server";
import { getSimulatorKeys } from "~/services/payments/simulator-keys.server";

export const SIMULATOR_ACTIONS = ["confirmed", "confirmed_pending", "paid_pending", "paid", "canceled", "credit"] as const;
export type SimulatorAction = (typeof SIMULATOR_ACTIONS)[number];

/** "În verificare, apoi aprobat": how long the simulated anti-fraud review takes. */
export const PENDING_REVIEW_MS = 2500;

/** A simulator request that cannot be served, with a Romanian message for the page. */
export class SimulatorError extends Error {}

export function simulatorEnabled(): boolean {
  const config = getConfig();
  return config.paymentSimulator && !config.netopia;
}

function stateDir() {
  return path.join(getConfig().dataDir, "payment-simulator");
}
const safeId = (orderId: string) => orderId.replace(/[^a-zA-Z0-9-]/g, "");

/** Decrypts a request posted by the shop (as NETOPIA would) and remembers it. */
export function receiveRequest(envelope: Partial<Envelope>): { xml: string; order: ParsedOrderXml } {
  const xml = openEnvelope(envelope, getSimulatorKeys().providerPrivatePem);
  const order = parseOrderXml(xml);
  if (order.signature !== getSimulatorKeys().signature) throw new Error("unknown merchant signature");
  fs.mkdirSync(path.join(stateDir(), "requests"), { recursive: true });
  fs.writeFileSync(path.join(stateDir(), "requests", `${safeId(order.orderId)}.xml`), xml);
  return { xml, order };
}

export function storedRequest(orderId: string): string | null {
  const file = path.join(stateDir(), "requests", `${safeId(orderId)}.xml`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
}

export interface Delivery {
  status: number;
  reply: string;
}

async function post(url: string, body: string): Promise<Delivery> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return { status: response.status, reply: await response.text() };
}

/** Builds, encrypts and posts an IPN for a stored request, exactly as NETOPIA would. */
export async function sendNotification(
  requestXml: string,
  options: { action: SimulatorAction; errorCode?: number; errorMessage?: string },
): Promise<Delivery> {
  const request = parseOrderXml(requestXml);
  // The simulator only ever notifies this site: never a URL taken from a posted request.
  const confirmUrl = `${getConfig().publicUrl}${CONFIRM_PATH}`;
  if (request.confirmUrl !== confirmUrl) throw new SimulatorError("Adresa de confirmare nu este a acestui site.");
  const amount = request.amountBani ?? 0;
  const errorCode = options.errorCode ?? 0;
  const processed = errorCode !== 0 || options.action === "canceled" ? 0 : amount;
  const xml = buildNotificationXml(requestXml, {
    crc: randomBytes(16).toString("hex"),
    action: options.action,
    errorCode,
    errorMessage: options.errorMessage ?? (errorCode === 0 ? "Tranzacție aprobată" : "Tranzacție respinsă"),
    purchase: `SIM${createHash("sha256").update(request.orderId).digest("hex").slice(0, 10).toUpperCase()}`,
    originalAmountBani: amount,
    processedAmountBani: processed,
    panMasked: "4****** ****1111",
  });
  const envelope = sealEnvelope(xml, getSimulatorKeys().merchantPublicPem);
  const body = new URLSearchParams({ ...envelope } as Record<string, string>).toString();
  fs.mkdirSync(path.join(stateDir(), "ipn"), { recursive: true });
  fs.writeFileSync(path.join(stateDir(), "ipn", `${safeId(request.orderId)}.txt`), body);
  const delivery = await post(confirmUrl, body);
  log.info("simulator sent an IPN", { order: request.orderId, action: options.action, code: errorCode, status: delivery.status });
  return delivery;
}

/** Sends the last IPN of an order again, byte for byte (NETOPIA retries and repeats). */
export async function replayNotification(orderId: string): Promise<Delivery> {
  const file = path.join(stateDir(), "ipn", `${safeId(orderId)}.txt`);
  if (!fs.existsSync(file)) throw new SimulatorError("Simulatorul nu a trimis nicio notificare pentru această comandă.");
  return post(`${getConfig().publicUrl}${CONFIRM_PATH}`, fs.readFileSync(file, "utf8"));
}

/** A refund later on ("credit"). */
export async function refundOrder(orderId: string): Promise<Delivery> {
  const request = storedRequest(orderId);
  if (!request) throw new SimulatorError("Simulatorul nu a primit nicio plată pentru această comandă.");
  return sendNotification(request, { action: "credit" });
}
