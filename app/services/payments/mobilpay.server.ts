/**
 * NETOPIA mobilPay v1 card protocol (docs/netopia.md): the request XML, the encrypted
 * "envelope" posted by the browser (env_key + data + cipher + iv), the IPN XML and the crc
 * replies. Pure functions over keys and strings; the provider adapter built on them is
 * mobilpay-provider.server.ts (configured by provider.server.ts).
 *
 * Envelope: a random AES-256-CBC key and IV encrypt the XML (`data`); the key is encrypted with
 * the recipient's RSA public key, PKCS#1 v1.5 (`env_key`). Node 20 refuses PKCS#1 v1.5
 * *decryption* (CVE-2023-46809 fix), so opening uses node-forge's RSA; sealing uses Node.
 */
import { createCipheriv, createDecipheriv, createPublicKey, publicEncrypt, randomBytes, constants, X509Certificate, type KeyObject } from "node:crypto";
import { XMLParser } from "fast-xml-parser";
import forge from "node-forge";
import { toDecimalString } from "~/lib/money";
import type { CardPaymentStatus } from "~/services/payments/types.server";

export const MOBILPAY_URLS = { live: "https://secure.mobilpay.ro", sandbox: "https://sandboxsecure.mobilpay.ro" } as const;

export interface Envelope {
  env_key: string;
  data: string;
  cipher: string;
  iv?: string;
}

// ─── Keys ────────────────────────────────────────────────────────────────────────────────────

/** A public key from a PEM certificate (what Netopia hands out) or a PEM public key. */
export function publicKeyFrom(pem: string): KeyObject {
  if (pem.includes("BEGIN CERTIFICATE")) return new X509Certificate(pem).publicKey;
  return createPublicKey(pem);
}

// ─── Envelope ────────────────────────────────────────────────────────────────────────────────

export function sealEnvelope(plaintext: string, recipientPublicPem: string): Envelope {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const envKey = publicEncrypt({ key: publicKeyFrom(recipientPublicPem), padding: constants.RSA_PKCS1_PADDING }, key);
  return { env_key: envKey.toString("base64"), data: data.toString("base64"), cipher: "aes-256-cbc", iv: iv.toString("base64") };
}

export class EnvelopeError extends Error {}

/** RC4, for IPNs of merchants still on the legacy cipher (OpenSSL 3 in Node 20 lacks it). */
function rc4(key: Buffer, input: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(input.length);
  for (let n = 0, i = 0, j = 0; n < input.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = input[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

export function openEnvelope(envelope: Partial<Envelope>, privateKeyPem: string): string {
  if (!envelope.env_key || !envelope.data) throw new EnvelopeError("missing env_key or data");
  let symmetricKey: Buffer;
  try {
    const privateKey = forge.pki.privateKeyFromPem(privateKeyPem);
    const decrypted = privateKey.decrypt(forge.util.decode64(envelope.env_key), "RSAES-PKCS1-V1_5");
    symmetricKey = Buffer.from(decrypted, "binary");
  } catch {
    throw new EnvelopeError("the envelope key cannot be decrypted with our private key");
  }
  const data = Buffer.from(envelope.data, "base64");
  const cipher = (envelope.cipher || "rc4").toLowerCase();
  try {
    if (cipher === "aes-256-cbc") {
      if (!envelope.iv) throw new EnvelopeError("missing iv");
      const decipher = createDecipheriv("aes-256-cbc", symmetricKey, Buffer.from(envelope.iv, "base64"));
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    }
    if (cipher === "rc4") return rc4(symmetricKey, data).toString("utf8");
  } catch (error) {
    if (error instanceof EnvelopeError) throw error;
    throw new EnvelopeError("the data cannot be decrypted");
  }
  throw new EnvelopeError(`unsupported cipher ${cipher}`);
}

// ─── Request XML ─────────────────────────────────────────────────────────────────────────────

export const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Netopia advises ASCII in details: "Comandă școală" → "Comanda scoala". */
export const stripDiacritics = (text: string) =>
  text
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u201e\u201c\u201d]/g, '"')
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "");

/** YYYYMMDDhhmmss (UTC). */
export function mobilpayTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export interface CardRequest {
  orderId: string;
  signature: string;
  amountBani: number;
  details: string;
  billing: { firstName: string; lastName: string; email: string; address: string; phone: string };
  confirmUrl: string;
  returnUrl: string;
  timestamp?: Date;
}

export function buildRequestXml(request: CardRequest): string {
  const t = (value: string) => escapeXml(stripDiacritics(value).trim());
  const b = request.billing;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<order type="card" id="${escapeXml(request.orderId)}" timestamp="${mobilpayTimestamp(request.timestamp ?? new Date())}">`,
    `<signature>${escapeXml(request.signature)}</signature>`,
    `<invoice currency="RON" amount="${toDecimalString(request.amountBani)}">`,
    `<details>${t(request.details)}</details>`,
    "<contact_info>",
    '<billing type="person">',
    `<first_name>${t(b.firstName)}</first_name>`,
    `<last_name>${t(b.lastName)}</last_name>`,
    `<address>${t(b.address)}</address>`,
    `<email>${escapeXml(b.email)}</email>`,
    `<mobile_phone>${escapeXml(b.phone.replace(/[^+\d]/g, ""))}</mobile_phone>`,
    "</billing>",
    "</contact_info>",
    "</invoice>",
    "<ipn_cipher>aes-256-cbc</ipn_cipher>",
    `<url><confirm>${escapeXml(request.confirmUrl)}</confirm><return>${escapeXml(request.returnUrl)}</return></url>`,
    "</order>",
  ].join("");
}

// ─── Parsing ─────────────────────────────────────────────────────────────────────────────────

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // No DTDs, no external entities: the IPN is plain XML.
  allowBooleanAttributes: false,
});

type XmlNode = Record<string, unknown>;
const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") return text((value as XmlNode)["#text"]);
  return String(value);
};

/** Parses an amount such as "123.45" into bani, or null. */
export function parseAmount(value: string | undefined): number | null {
  if (!value || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return null;
  const [lei, bani = "0"] = value.trim().split(".");
  return Number(lei) * 100 + Number(bani.padEnd(2, "0"));
}

export interface ParsedOrderXml {
  orderId: string;
  signature: string;
  timestamp?: string;
  currency?: string;
  amountBani: number | null;
  details?: string;
  billing: { firstName?: string; lastName?: string; email?: string; address?: string; phone?: string };
  confirmUrl?: string;
  returnUrl?: string;
  /** The IPN part, when present. */
  notify?: {
    crc: string;
    timestamp?: string;
    action?: string;
    errorCode: number;
    errorMessage?: string;
    purchase?: string;
    originalAmountBani: number | null;
    processedAmountBani: number | null;
    panMasked?: string;
  };
}

export class XmlError extends Error {}

export function parseOrderXml(xml: string): ParsedOrderXml {
  // Anyone can encrypt to our public key: refuse DTDs and entity declarations outright.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlError("DTDs are not accepted");
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch {
    throw new XmlError("malformed XML");
  }
  const order = doc.order as XmlNode | undefined;
  if (!order || typeof order !== "object") throw new XmlError("no order element");
  const orderId = text(order["@_id"]);
  const signature = text(order.signature);
  if (!orderId) throw new XmlError("order id missing");
  if (!signature) throw new XmlError("signature missing");
  const invoice = (order.invoice ?? {}) as XmlNode;
  const billing = (((invoice.contact_info ?? {}) as XmlNode).billing ?? {}) as XmlNode;
  const url = (order.url ?? {}) as XmlNode;
  const parsed: ParsedOrderXml = {
    orderId,
    signature,
    timestamp: text(order["@_timestamp"]),
    currency: text(invoice["@_currency"]),
    amountBani: parseAmount(text(invoice["@_amount"])),
    details: text(invoice.details),
    billing: {
      firstName: text(billing.first_name),
      lastName: text(billing.last_name),
      email: text(billing.email),
      address: text(billing.address),
      phone: text(billing.mobile_phone),
    },
    confirmUrl: text(url.confirm),
    returnUrl: text(url.return),
  };
  const mobilpay = order.mobilpay as XmlNode | undefined;
  if (mobilpay && typeof mobilpay === "object") {
    const crc = text(mobilpay["@_crc"]);
    if (!crc) throw new XmlError("crc missing");
    const error = mobilpay.error as XmlNode | string | undefined;
    const code = typeof error === "object" ? text(error["@_code"]) : undefined;
    parsed.notify = {
      crc,
      timestamp: text(mobilpay["@_timestamp"]),
      action: text(mobilpay.action),
      errorCode: code !== undefined && /^\d+$/.test(code) ? Number(code) : 0,
      errorMessage: text(error),
      purchase: text(mobilpay.purchase),
      originalAmountBani: parseAmount(text(mobilpay.original_amount)),
      processedAmountBani: parseAmount(text(mobilpay.processed_amount)),
      panMasked: text(mobilpay.pan_masked),
    };
  }
  return parsed;
}

// ─── IPN (built by the simulator; the real one comes from Netopia) ───────────────────────────

export interface NotifyInput {
  crc: string;
  action: string;
  errorCode: number;
  errorMessage: string;
  purchase: string;
  originalAmountBani: number;
  processedAmountBani: number;
  panMasked: string;
  timestamp?: Date;
}

/** The request XML with its `<mobilpay>` notification element added, as Netopia sends it. */
export function buildNotificationXml(requestXml: string, notify: NotifyInput): string {
  const element = [
    `<mobilpay timestamp="${mobilpayTimestamp(notify.timestamp ?? new Date())}" crc="${escapeXml(notify.crc)}">`,
    `<action>${escapeXml(notify.action)}</action>`,
    `<purchase>${escapeXml(notify.purchase)}</purchase>`,
    `<original_amount>${toDecimalString(notify.originalAmountBani)}</original_amount>`,
    `<processed_amount>${toDecimalString(notify.processedAmountBani)}</processed_amount>`,
    `<pan_masked>${escapeXml(notify.panMasked)}</pan_masked>`,
    `<error code="${notify.errorCode}"><![CDATA[${notify.errorMessage.replace(/]]>/g, "")}]]></error>`,
    "</mobilpay>",
  ].join("");
  return requestXml.replace(/<\/order>\s*$/, `${element}</order>`);
}

// ─── Merchant replies ────────────────────────────────────────────────────────────────────────

/** mobilPay's `error_type`: temporary (NETOPIA retries the IPN) or permanent. */
export const CRC_ERROR = { none: 0, temporary: 1, permanent: 2 } as const;

export function crcReply(crc: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<crc>${escapeXml(crc)}</crc>`;
}

export function crcErrorReply(type: (typeof CRC_ERROR)["temporary" | "permanent"], code: number, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<crc error_type="${type}" error_code="${code}">${escapeXml(message)}</crc>`;
}

// ─── Status mapping (netopia.md) ─────────────────────────────────────────────────────────────

export type CardOutcome = CardPaymentStatus;

/** A non-zero error code is a rejected payment; otherwise the action decides. */
export function outcomeFor(action: string | undefined, errorCode: number): CardOutcome | null {
  if (errorCode !== 0) return "failed";
  switch (action) {
    case "confirmed":
      return "paid";
    case "confirmed_pending":
    case "paid_pending":
    case "paid":
      return "pending";
    case "canceled":
      return "failed";
    case "credit":
      return "refunded";
    default:
      return null;
  }
}
