/**
 * Which card provider this site uses (docs/netopia.md): NETOPIA mobilPay v1 when
 * NETOPIA_* are set; otherwise the built-in simulator, which is the same mobilPay adapter with
 * the simulator's generated keys and its URL on this site, when the configuration allows it
 * (config.server.ts, simulatorAllowed); otherwise none, and the shop offers no card payment.
 */
import fs from "node:fs";
import { getConfig } from "~/config.server";
import { MOBILPAY_URLS } from "~/services/payments/mobilpay.server";
import { createMobilpayProvider } from "~/services/payments/mobilpay-provider.server";
import { getSimulatorKeys } from "~/services/payments/simulator-keys.server";
import type { CardPaymentStart, CardProvider, OrderForPayment } from "~/services/payments/types.server";

export type { CardPaymentStart, CardProvider, OrderForPayment } from "~/services/payments/types.server";

export const CONFIRM_PATH = "/api/payments/netopia/confirm";
export const SIMULATOR_PATH = "/simulator/netopia";
export const returnPath = (orderId: string) => `/plata/rezultat?orderId=${encodeURIComponent(orderId)}`;

/** PEM given inline, or a path to a PEM file. */
function pemValue(value: string): string {
  return value.includes("-----BEGIN") ? value.replace(/\\n/g, "\n") : fs.readFileSync(value, "utf8");
}

let memo: { config: ReturnType<typeof getConfig>; provider: CardProvider | null } | undefined;

/** The configured provider, or null when card payments are off. */
export function getCardProvider(): CardProvider | null {
  const config = getConfig();
  if (memo?.config !== config) memo = { config, provider: selectProvider(config) };
  return memo.provider;
}

function selectProvider(config: ReturnType<typeof getConfig>): CardProvider | null {
  const common = {
    confirmUrl: `${config.publicUrl}${CONFIRM_PATH}`,
    returnUrl: (orderId: string) => `${config.publicUrl}${returnPath(orderId)}`,
    brand: config.business.brand,
  };
  if (config.netopia) {
    return createMobilpayProvider({
      ...common,
      name: "netopia",
      signature: config.netopia.signature,
      formUrl: config.netopia.sandbox ? MOBILPAY_URLS.sandbox : MOBILPAY_URLS.live,
      providerPublicPem: pemValue(config.netopia.publicCert),
      merchantPrivatePem: pemValue(config.netopia.privateKey),
    });
  }
  if (!config.paymentSimulator) return null;
  const keys = getSimulatorKeys();
  return createMobilpayProvider({
    ...common,
    name: "simulator",
    signature: keys.signature,
    formUrl: `${config.publicUrl}${SIMULATOR_PATH}`,
    providerPublicPem: keys.providerPublicPem,
    merchantPrivatePem: keys.merchantPrivatePem,
  });
}

export const isCardPaymentAvailable = () => getCardProvider() !== null;

/** Starts the card payment of an order with the configured provider. */
export function startCardPayment(order: OrderForPayment, provider = getCardProvider()): CardPaymentStart {
  if (!provider) throw new Error("card payments are not configured");
  return provider.startCardPayment(order);
}
