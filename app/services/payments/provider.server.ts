/**
 * Card payments behind one interface (../shared/netopia.md): `startCardPayment(order)` gives
 * the form the browser posts; `openNotification(form)` decrypts and parses an IPN. The adapter
 * speaks mobilPay v1 to NETOPIA when NETOPIA_* are set, otherwise to the built-in simulator
 * (same protocol, its own key pairs generated once into DATA_DIR).
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";
import {
  buildRequestXml,
  MOBILPAY_URLS,
  openEnvelope,
  parseOrderXml,
  sealEnvelope,
  type Envelope,
  type ParsedOrderXml,
} from "~/services/payments/mobilpay.server";

export interface CardPaymentForm {
  formUrl: string;
  fields: Record<string, string>;
}

export interface OrderForPayment {
  id: string;
  reference: string;
  totalBani: number;
  billingName: string;
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
}

export interface CardProvider {
  name: "netopia" | "simulator";
  signature: string;
  formUrl: string;
  /** The processor's public key/certificate (PEM): requests are sealed for it. */
  providerPublicPem: string;
  /** Our private key (PEM): IPNs are sealed for us. */
  merchantPrivatePem: string;
}

// ─── Simulator keys ──────────────────────────────────────────────────────────────────────────

export interface SimulatorKeys {
  signature: string;
  /** The simulator plays NETOPIA: it decrypts requests with this key. */
  providerPrivatePem: string;
  providerPublicPem: string;
  /** Our merchant key pair: the simulator encrypts IPNs to the public half. */
  merchantPrivatePem: string;
  merchantPublicPem: string;
}

let simulatorKeys: SimulatorKeys | undefined;

function generatePair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** Generated once into DATA_DIR/payment-simulator.json (created atomically: first writer wins). */
export function getSimulatorKeys(): SimulatorKeys {
  if (simulatorKeys) return simulatorKeys;
  const file = path.join(getConfig().dataDir, "payment-simulator.json");
  if (!fs.existsSync(file)) {
    const provider = generatePair();
    const merchant = generatePair();
    const keys: SimulatorKeys = {
      signature: `SIMU-${randomBytes(2).toString("hex").toUpperCase()}-LATO-RNET-OPIA`,
      providerPrivatePem: provider.privatePem,
      providerPublicPem: provider.publicPem,
      merchantPrivatePem: merchant.privatePem,
      merchantPublicPem: merchant.publicPem,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(temp, JSON.stringify(keys), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  simulatorKeys = JSON.parse(fs.readFileSync(file, "utf8")) as SimulatorKeys;
  return simulatorKeys;
}

// ─── Selection ───────────────────────────────────────────────────────────────────────────────

/** PEM given inline, or a path to a PEM file. */
function pemValue(value: string): string {
  return value.includes("-----BEGIN") ? value.replace(/\\n/g, "\n") : fs.readFileSync(value, "utf8");
}

/** The configured provider, or null when card payments are off (production without NETOPIA_*). */
export function getCardProvider(): CardProvider | null {
  const config = getConfig();
  if (config.netopia) {
    return {
      name: "netopia",
      signature: config.netopia.signature,
      formUrl: config.netopia.sandbox ? MOBILPAY_URLS.sandbox : MOBILPAY_URLS.live,
      providerPublicPem: pemValue(config.netopia.publicCert),
      merchantPrivatePem: pemValue(config.netopia.privateKey),
    };
  }
  if (!config.paymentSimulator) return null;
  const keys = getSimulatorKeys();
  return {
    name: "simulator",
    signature: keys.signature,
    formUrl: `${config.publicUrl}/simulator/netopia`,
    providerPublicPem: keys.providerPublicPem,
    merchantPrivatePem: keys.merchantPrivatePem,
  };
}

export const isCardPaymentAvailable = () => getCardProvider() !== null;

export const CONFIRM_PATH = "/api/payments/netopia/confirm";
export const returnPath = (orderId: string) => `/plata/rezultat?orderId=${encodeURIComponent(orderId)}`;

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0], lastName: parts[0] };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts[parts.length - 1] };
}

/** The sealed form the browser posts to the processor for this order. */
export function startCardPayment(order: OrderForPayment, provider = getCardProvider()): CardPaymentForm {
  if (!provider) throw new Error("card payments are not configured");
  const { publicUrl, business } = getConfig();
  const xml = buildRequestXml({
    orderId: order.id,
    signature: provider.signature,
    amountBani: order.totalBani,
    details: `Comanda ${order.reference} - ${business.brand}`,
    billing: { ...splitName(order.billingName), email: order.billingEmail, address: order.billingAddress, phone: order.billingPhone },
    confirmUrl: `${publicUrl}${CONFIRM_PATH}`,
    returnUrl: `${publicUrl}${returnPath(order.id)}`,
  });
  const envelope = sealEnvelope(xml, provider.providerPublicPem);
  return { formUrl: provider.formUrl, fields: { ...envelope } as Record<string, string> };
}

/** Decrypts and parses an IPN body (urlencoded env_key, data, cipher, iv). Throws on failure. */
export function openNotification(form: URLSearchParams, provider: CardProvider): { xml: string; parsed: ParsedOrderXml } {
  const envelope: Partial<Envelope> = {
    env_key: form.get("env_key") ?? undefined,
    data: form.get("data") ?? undefined,
    cipher: form.get("cipher") ?? undefined,
    iv: form.get("iv") ?? undefined,
  };
  const xml = openEnvelope(envelope, provider.merchantPrivatePem);
  return { xml, parsed: parseOrderXml(xml) };
}
