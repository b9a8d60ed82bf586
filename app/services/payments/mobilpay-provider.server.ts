/**
 * The mobilPay v1 adapter (docs/netopia.md): the card provider interface over the protocol
 * functions of mobilpay.server.ts. The same adapter talks to NETOPIA (its certificate, our
 * private key, its URL) and to the built-in simulator (the simulator's generated keys and its
 * URL on this site): provider.server.ts chooses the settings.
 */
import {
  buildRequestXml,
  CRC_ERROR,
  crcErrorReply,
  crcReply,
  EnvelopeError,
  openEnvelope,
  outcomeFor,
  parseOrderXml,
  sealEnvelope,
  XmlError,
  type Envelope,
  type ParsedOrderXml,
} from "~/services/payments/mobilpay.server";
import {
  NotificationRejected,
  type CardNotification,
  type CardProvider,
  type NotificationReply,
  type OrderForPayment,
} from "~/services/payments/types.server";

export interface MobilpaySettings {
  name: "netopia" | "simulator";
  /** The merchant's POS signature. */
  signature: string;
  /** Where the browser posts the sealed request. */
  formUrl: string;
  /** The processor's public key or certificate (PEM): requests are sealed for it. */
  providerPublicPem: string;
  /** Our private key (PEM): notifications are sealed for us. */
  merchantPrivatePem: string;
  /** The IPN endpoint (absolute URL). */
  confirmUrl: string;
  /** Where the processor sends the buyer back, per order (absolute URL). */
  returnUrl: (orderId: string) => string;
  /** Shown on the processor's page: "Comanda CMD-… - <brand>". */
  brand: string;
}

/** A genuine IPN is a few kilobytes; anything far larger is refused unread. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0], lastName: parts[0] };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts[parts.length - 1] };
}

/** The decoded notification for the audit trail: no billing contact, no keys. */
function decodedForAudit(parsed: ParsedOrderXml): Record<string, unknown> {
  return { orderId: parsed.orderId, amountBani: parsed.amountBani, currency: parsed.currency ?? null, notify: parsed.notify ?? null };
}

const xmlReply = (body: string): NotificationReply => ({ status: 200, contentType: "application/xml; charset=utf-8", body });

export function createMobilpayProvider(settings: MobilpaySettings): CardProvider {
  return {
    name: settings.name,

    startCardPayment(order: OrderForPayment) {
      const xml = buildRequestXml({
        orderId: order.id,
        signature: settings.signature,
        amountBani: order.totalBani,
        details: `Comanda ${order.reference} - ${settings.brand}`,
        billing: { ...splitName(order.billingName), email: order.billingEmail, address: order.billingAddress, phone: order.billingPhone },
        confirmUrl: settings.confirmUrl,
        returnUrl: settings.returnUrl(order.id),
      });
      const envelope = sealEnvelope(xml, settings.providerPublicPem);
      return { kind: "form", formUrl: settings.formUrl, fields: { ...envelope } as Record<string, string> };
    },

    async handleNotification(request: Request): Promise<CardNotification> {
      const declared = Number(request.headers.get("Content-Length") ?? 0);
      if (declared > MAX_NOTIFICATION_BYTES) {
        throw new NotificationRejected("notification too large", 2, "", "Notificare prea mare (nu a fost citită).");
      }
      const raw = await request.text();
      if (raw.length > MAX_NOTIFICATION_BYTES) {
        throw new NotificationRejected("notification too large", 2, raw.slice(0, MAX_NOTIFICATION_BYTES), "Notificare prea mare (nu a fost citită).");
      }
      const form = new URLSearchParams(raw);
      const envelope: Partial<Envelope> = {
        env_key: form.get("env_key") ?? undefined,
        data: form.get("data") ?? undefined,
        cipher: form.get("cipher") ?? undefined,
        iv: form.get("iv") ?? undefined,
      };
      let parsed: ParsedOrderXml;
      try {
        parsed = parseOrderXml(openEnvelope(envelope, settings.merchantPrivatePem));
      } catch (error) {
        if (error instanceof EnvelopeError) {
          throw new NotificationRejected(error.message, 2, raw, "Nu poate fi decriptată cu cheia noastră (altă cheie sau date corupte).");
        }
        if (error instanceof XmlError) throw new NotificationRejected(error.message, 2, raw, "Conținut XML invalid.");
        throw new NotificationRejected("unreadable notification", 2, raw, "Notificare ilizibilă.");
      }
      const decoded = decodedForAudit(parsed);
      const notify = parsed.notify;
      if (!notify) throw new NotificationRejected("no mobilpay element", 3, raw, "Lipsește partea de notificare (mobilpay).", decoded);
      if (parsed.signature !== settings.signature) {
        throw new NotificationRejected("signature does not match this shop", 4, raw, "Semnătura comerciantului nu este a acestui magazin.", decoded);
      }
      return {
        orderId: parsed.orderId,
        status: outcomeFor(notify.action, notify.errorCode),
        amountBani: notify.processedAmountBani,
        currency: parsed.currency ?? null,
        providerRef: notify.purchase ?? null,
        panMasked: notify.panMasked,
        errorCode: notify.errorCode,
        raw,
        action: notify.action ?? null,
        orderAmountBani: parsed.amountBani,
        decoded,
        replyToken: notify.crc,
      };
    },

    acknowledge(notification: CardNotification) {
      return xmlReply(crcReply(notification.replyToken));
    },

    refuse(kind, code, message) {
      return xmlReply(crcErrorReply(CRC_ERROR[kind], code, message));
    },
  };
}
