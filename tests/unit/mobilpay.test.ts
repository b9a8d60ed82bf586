import { constants, createCipheriv, generateKeyPairSync, publicEncrypt, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildNotificationXml,
  buildRequestXml,
  crcErrorReply,
  crcReply,
  EnvelopeError,
  openEnvelope,
  outcomeFor,
  parseAmount,
  parseOrderXml,
  sealEnvelope,
  stripDiacritics,
  XmlError,
} from "~/services/payments/mobilpay.server";
import { createMobilpayProvider, MAX_NOTIFICATION_BYTES } from "~/services/payments/mobilpay-provider.server";
import { NotificationRejected } from "~/services/payments/types.server";

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};
const keys = pair();
const otherKeys = pair();

const request = {
  orderId: "3f2b8c1e-1111-4a2b-9c3d-123456789abc",
  signature: "ABCD-EFGH-IJKL-MNOP-QRST",
  amountBani: 12345,
  details: "Comanda CMD-7K3Q9X2M – Școala de unghii",
  billing: { firstName: "Ana-Maria", lastName: "Ștefănescu", email: "ana@example.com", address: "Str. Țuicii 3 <bloc A&B>", phone: "+40 722 123 456" },
  confirmUrl: "https://shop.example/api/payments/netopia/confirm",
  returnUrl: "https://shop.example/plata/rezultat?orderId=3f2b&x=1",
  timestamp: new Date("2026-11-22T10:11:12Z"),
};

describe("envelope", () => {
  it("seals with AES-256-CBC and an RSA PKCS#1 v1.5 wrapped key, and opens with node-forge", () => {
    const xml = buildRequestXml(request);
    const envelope = sealEnvelope(xml, keys.publicPem);
    expect(envelope.cipher).toBe("aes-256-cbc");
    expect(Buffer.from(envelope.iv!, "base64")).toHaveLength(16);
    expect(Buffer.from(envelope.env_key, "base64")).toHaveLength(256);
    expect(openEnvelope(envelope, keys.privatePem)).toBe(xml);
  });

  it("refuses an envelope sealed for another key", () => {
    const envelope = sealEnvelope("<order/>", otherKeys.publicPem);
    expect(() => openEnvelope(envelope, keys.privatePem)).toThrow(EnvelopeError);
  });

  it("opens a legacy RC4 envelope (IPNs of merchants without ipn_cipher)", () => {
    // Built by hand the way openssl_seal with RC4 does: 16-byte key, RC4 stream, RSA-wrapped key.
    const key = randomBytes(16);
    const plaintext = "<order id=\"x\"><signature>s</signature></order>";
    const rc4 = (k: Buffer, input: Buffer) => {
      const s = Array.from({ length: 256 }, (_, i) => i);
      for (let i = 0, j = 0; i < 256; i++) { j = (j + s[i] + k[i % k.length]) & 255; [s[i], s[j]] = [s[j], s[i]]; }
      const out = Buffer.alloc(input.length);
      for (let n = 0, i = 0, j = 0; n < input.length; n++) { i = (i + 1) & 255; j = (j + s[i]) & 255; [s[i], s[j]] = [s[j], s[i]]; out[n] = input[n] ^ s[(s[i] + s[j]) & 255]; }
      return out;
    };
    // Known RC4 test vector: key "Key", plaintext "Plaintext" → BBF316E8D940AF0AD3.
    expect(rc4(Buffer.from("Key"), Buffer.from("Plaintext")).toString("hex")).toBe("bbf316e8d940af0ad3");
    const envelope = {
      env_key: publicEncrypt({ key: keys.publicPem, padding: constants.RSA_PKCS1_PADDING }, key).toString("base64"),
      data: rc4(key, Buffer.from(plaintext)).toString("base64"),
    };
    expect(openEnvelope(envelope, keys.privatePem)).toBe(plaintext);
  });

  it("reports corrupt data and missing fields", () => {
    const key = randomBytes(32);
    const cipher = createCipheriv("aes-256-cbc", key, randomBytes(16));
    const envelope = {
      env_key: publicEncrypt({ key: keys.publicPem, padding: constants.RSA_PKCS1_PADDING }, key).toString("base64"),
      data: Buffer.concat([cipher.update("x"), cipher.final()]).toString("base64"),
      cipher: "aes-256-cbc",
      iv: randomBytes(16).toString("base64"),
    };
    expect(() => openEnvelope({ ...envelope, data: "AAAA" }, keys.privatePem)).toThrow(EnvelopeError);
    expect(() => openEnvelope({ data: "x" }, keys.privatePem)).toThrow(EnvelopeError);
    expect(() => openEnvelope({ ...envelope, cipher: "des" }, keys.privatePem)).toThrow(/unsupported cipher/);
  });
});

describe("request XML", () => {
  it("carries the order, amount 123.45 RON, ASCII details, escaped billing, urls and the AES IPN cipher", () => {
    const xml = buildRequestXml(request);
    expect(xml).toContain('<order type="card" id="3f2b8c1e-1111-4a2b-9c3d-123456789abc" timestamp="20261122101112">');
    expect(xml).toContain('<invoice currency="RON" amount="123.45">');
    expect(xml).toContain("<details>Comanda CMD-7K3Q9X2M - Scoala de unghii</details>");
    expect(xml).toContain("<address>Str. Tuicii 3 &lt;bloc A&amp;B&gt;</address>");
    expect(xml).toContain("<mobile_phone>+40722123456</mobile_phone>");
    expect(xml).toContain("<ipn_cipher>aes-256-cbc</ipn_cipher>");
    const parsed = parseOrderXml(xml);
    expect(parsed).toMatchObject({
      orderId: request.orderId,
      signature: request.signature,
      currency: "RON",
      amountBani: 12345,
      confirmUrl: request.confirmUrl,
      returnUrl: request.returnUrl,
      billing: { firstName: "Ana-Maria", lastName: "Stefanescu", email: "ana@example.com" },
    });
    expect(parsed.notify).toBeUndefined();
  });

  it("strips diacritics for NETOPIA", () => {
    expect(stripDiacritics("Ăă Ââ Îî Șș Țț şţ")).toBe("Aa Aa Ii Ss Tt st");
  });
});

describe("IPN XML", () => {
  it("parses the mobilpay element: crc, action, error code, amounts, masked PAN, purchase", () => {
    const xml = buildNotificationXml(buildRequestXml(request), {
      crc: "c0ffee", action: "confirmed", errorCode: 0, errorMessage: "Tranzacție aprobată", purchase: "P123",
      originalAmountBani: 12345, processedAmountBani: 12345, panMasked: "4****** ****1111",
    });
    const parsed = parseOrderXml(xml);
    expect(parsed.notify).toEqual({
      crc: "c0ffee", timestamp: expect.any(String), action: "confirmed", errorCode: 0, errorMessage: "Tranzacție aprobată",
      purchase: "P123", originalAmountBani: 12345, processedAmountBani: 12345, panMasked: "4****** ****1111",
    });
  });

  it("reads a declined payment's error code", () => {
    const xml = buildNotificationXml(buildRequestXml(request), {
      crc: "1", action: "paid", errorCode: 20, errorMessage: "Fonduri insuficiente", purchase: "P", originalAmountBani: 12345, processedAmountBani: 0, panMasked: "",
    });
    expect(parseOrderXml(xml).notify).toMatchObject({ errorCode: 20, processedAmountBani: 0 });
  });

  it("refuses malformed XML, a missing order id or signature, and DTDs", () => {
    expect(() => parseOrderXml("<order")).toThrow(XmlError);
    expect(() => parseOrderXml('<order type="card"><signature>s</signature></order>')).toThrow(/order id/);
    expect(() => parseOrderXml('<order id="1"></order>')).toThrow(/signature/);
    expect(() => parseOrderXml('<!DOCTYPE x [<!ENTITY a "b">]><order id="1"><signature>&a;</signature></order>')).toThrow(/DTD/);
  });

  it("parses amounts strictly", () => {
    expect(parseAmount("123.45")).toBe(12345);
    expect(parseAmount("10.5")).toBe(1050);
    expect(parseAmount("7")).toBe(700);
    expect(parseAmount("-1")).toBeNull();
    expect(parseAmount("1,5")).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
  });
});

describe("action → status mapping", () => {
  it.each([
    ["confirmed", 0, "paid"],
    ["confirmed_pending", 0, "pending"],
    ["paid_pending", 0, "pending"],
    ["paid", 0, "pending"],
    ["canceled", 0, "failed"],
    ["credit", 0, "refunded"],
    ["confirmed", 20, "failed"],
    ["paid", 35, "failed"],
    ["something-new", 0, null],
  ])("%s with code %i → %s", (action, code, outcome) => {
    expect(outcomeFor(action, code)).toBe(outcome);
  });
});

describe("merchant replies", () => {
  it("echoes the crc or reports a typed error", () => {
    expect(crcReply("abc")).toBe('<?xml version="1.0" encoding="utf-8"?>\n<crc>abc</crc>');
    expect(crcErrorReply(1, 1, "retry <later>")).toContain('<crc error_type="1" error_code="1">retry &lt;later&gt;</crc>');
    expect(crcErrorReply(2, 8, "amount")).toContain('error_type="2"');
  });
});

describe("the mobilPay provider adapter", () => {
  const processor = pair();
  const provider = createMobilpayProvider({
    name: "netopia",
    signature: request.signature,
    formUrl: "https://sandboxsecure.mobilpay.ro",
    providerPublicPem: processor.publicPem,
    merchantPrivatePem: keys.privatePem,
    confirmUrl: "https://shop.example/api/payments/netopia/confirm",
    returnUrl: (id) => `https://shop.example/plata/rezultat?orderId=${id}`,
    brand: "Ana Nails Academy",
  });
  const order = {
    id: request.orderId, reference: "CMD-7K3Q9X2M", totalBani: 12345, billingName: "Ana Maria Ștefănescu",
    billingEmail: "ana@example.com", billingPhone: "0722 123 456", billingAddress: "Str. Mare 1",
  };
  const notification = (action: string, errorCode = 0, signature = request.signature) => {
    const xml = buildNotificationXml(buildRequestXml({ ...request, signature }), {
      crc: "c0ffee", action, errorCode, errorMessage: "", purchase: "P123", originalAmountBani: 12345, processedAmountBani: 12345, panMasked: "4****** ****1111",
    });
    return new URLSearchParams({ ...sealEnvelope(xml, keys.publicPem) } as Record<string, string>).toString();
  };
  const ipnRequest = (body: string) => new Request("https://shop.example/api/payments/netopia/confirm", { method: "POST", body });

  it("starts with a form sealed for the processor, carrying the order, its URLs and the brand", () => {
    const start = provider.startCardPayment(order);
    if (start.kind !== "form") throw new Error("expected a form");
    expect(start.formUrl).toBe("https://sandboxsecure.mobilpay.ro");
    expect(Object.keys(start.fields).sort()).toEqual(["cipher", "data", "env_key", "iv"]);
    const parsed = parseOrderXml(openEnvelope(start.fields, processor.privatePem));
    expect(parsed).toMatchObject({
      orderId: order.id, signature: request.signature, amountBani: 12345, currency: "RON", details: "Comanda CMD-7K3Q9X2M - Ana Nails Academy",
      confirmUrl: "https://shop.example/api/payments/netopia/confirm", returnUrl: `https://shop.example/plata/rezultat?orderId=${order.id}`,
      billing: { firstName: "Ana Maria", lastName: "Stefanescu" },
    });
  });

  it("turns a genuine notification into the verified shape", async () => {
    const body = notification("confirmed");
    const verified = await provider.handleNotification(ipnRequest(body));
    expect(verified).toMatchObject({
      orderId: order.id, status: "paid", amountBani: 12345, currency: "RON", providerRef: "P123", panMasked: "4****** ****1111",
      errorCode: 0, raw: body, action: "confirmed", orderAmountBani: 12345, replyToken: "c0ffee",
    });
    expect(JSON.stringify(verified.decoded)).not.toContain("ana@example.com");
    expect(provider.acknowledge(verified)).toEqual({ status: 200, contentType: "application/xml; charset=utf-8", body: '<?xml version="1.0" encoding="utf-8"?>\n<crc>c0ffee</crc>' });
    expect((await provider.handleNotification(ipnRequest(notification("paid", 20)))).status).toBe("failed");
  });

  it("refuses another merchant's signature, another key, and oversized bodies", async () => {
    const rejection = (body: string) => provider.handleNotification(ipnRequest(body)).then(() => null, (error: unknown) => error);
    const otherSignature = await rejection(notification("confirmed", 0, "XXXX-XXXX-XXXX-XXXX-XXXX"));
    expect(otherSignature).toBeInstanceOf(NotificationRejected);
    expect(otherSignature).toMatchObject({ code: 4, reason: "Semnătura comerciantului nu este a acestui magazin.", decoded: { orderId: order.id } });
    const xml = buildNotificationXml(buildRequestXml(request), { crc: "1", action: "confirmed", errorCode: 0, errorMessage: "", purchase: "P", originalAmountBani: 1, processedAmountBani: 1, panMasked: "" });
    const otherKey = await rejection(new URLSearchParams({ ...sealEnvelope(xml, otherKeys.publicPem) } as Record<string, string>).toString());
    expect(otherKey).toMatchObject({ code: 2, reason: "Nu poate fi decriptată cu cheia noastră (altă cheie sau date corupte)." });
    const huge = await rejection(`env_key=${"A".repeat(MAX_NOTIFICATION_BYTES)}`);
    expect(huge).toMatchObject({ reason: "Notificare prea mare (nu a fost citită)." });
    expect((huge as NotificationRejected).raw.length).toBe(MAX_NOTIFICATION_BYTES);
    expect(provider.refuse("temporary", 1, "retry").body).toContain('<crc error_type="1" error_code="1">retry</crc>');
    expect(provider.refuse("permanent", 8, "amount").body).toContain('error_type="2"');
  });
});

/**
 * NETOPIA's own documented messages (tests/fixtures/netopia/README.md names the source): the
 * parser and the provider adapter are judged by the processor's published format, with its
 * layout (indented text, elements we do not use), not only by XML our own builder made.
 */
describe("NETOPIA's documented mobilPay v1 examples", () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/netopia/${name}`, import.meta.url), "utf8");
  const processor = pair();
  const provider = createMobilpayProvider({
    name: "netopia",
    signature: "ABCD-EFGH-IJKL-MNOP-QRST",
    formUrl: "https://sandboxsecure.mobilpay.ro",
    providerPublicPem: processor.publicPem,
    merchantPrivatePem: keys.privatePem,
    confirmUrl: "https://shop.example/api/payments/netopia/confirm",
    returnUrl: (id) => `https://shop.example/plata/rezultat?orderId=${id}`,
    brand: "Ana Nails Academy",
  });
  // As NETOPIA posts it: the documented XML sealed for the merchant's public key, urlencoded.
  const ipn = (xml: string) =>
    new Request("https://shop.example/api/payments/netopia/confirm", {
      method: "POST",
      body: new URLSearchParams({ ...sealEnvelope(xml, keys.publicPem) } as Record<string, string>).toString(),
    });

  it("reads the documented request: order, signature, invoice, billing and both URLs", () => {
    expect(parseOrderXml(fixture("request.xml"))).toEqual({
      orderId: "3f2b8c1e-1111-4a2b-9c3d-123456789abc",
      signature: "ABCD-EFGH-IJKL-MNOP-QRST",
      timestamp: "20261122101112",
      currency: "RON",
      amountBani: 12345,
      details: "Comanda CMD-7K3Q9X2M - Ana Nails Academy",
      billing: { firstName: "Ana Maria", lastName: "Stefanescu", email: "ana@example.com", address: "Str. Mare 1, Constanta", phone: "0722123456" },
      confirmUrl: "https://shop.example/api/payments/netopia/confirm",
      returnUrl: "https://shop.example/plata/rezultat?orderId=3f2b8c1e-1111-4a2b-9c3d-123456789abc",
    });
  });

  it("our request carries every element the documented request has, in the same places", () => {
    const ours = parseOrderXml(buildRequestXml({ ...request, details: "Comanda CMD-7K3Q9X2M - Ana Nails Academy" }));
    const documented = parseOrderXml(fixture("request.xml"));
    for (const key of ["orderId", "signature", "currency", "amountBani", "details", "confirmUrl"] as const) expect(ours[key], key).toBe(documented[key]);
    expect(Object.keys(ours.billing).sort()).toEqual(Object.keys(documented.billing).sort());
  });

  it("a documented confirmed IPN becomes a paid notification, answered with its crc", async () => {
    const verified = await provider.handleNotification(ipn(fixture("notification-confirmed.xml")));
    expect(verified).toMatchObject({
      orderId: "3f2b8c1e-1111-4a2b-9c3d-123456789abc", status: "paid", action: "confirmed", errorCode: 0,
      amountBani: 12345, orderAmountBani: 12345, currency: "RON", providerRef: "1234567", panMasked: "4****1111", replyToken: "8f3a1c2b9d4e5f60",
    });
    const reply = provider.acknowledge(verified);
    expect(reply.body).toContain(fixture("reply-ok.xml").split("\n")[1]);
    expect(provider.refuse("temporary", 1, "Baza de date indisponibila").body).toContain(fixture("reply-temporary-error.xml").split("\n")[1]);
  });

  it("a documented IPN with error code 20 is a failed payment whatever its action says", async () => {
    const verified = await provider.handleNotification(ipn(fixture("notification-declined.xml")));
    expect(verified).toMatchObject({ status: "failed", errorCode: 20, amountBani: 0, action: "paid", replyToken: "0b1c2d3e4f5a6b7c" });
    expect(parseOrderXml(fixture("notification-declined.xml")).notify?.errorMessage).toBe("Fonduri insuficiente");
  });

  it("a documented credit IPN is a refund", async () => {
    const verified = await provider.handleNotification(ipn(fixture("notification-credit.xml")));
    expect(verified).toMatchObject({ status: "refunded", action: "credit", errorCode: 0, amountBani: 12345 });
  });
});
