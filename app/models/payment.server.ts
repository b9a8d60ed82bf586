/**
 * Card payment notifications (IPN): decrypt, verify (our signature, a known order, the amount
 * and currency of that order), map the action to an order status and apply it in one
 * transaction. Idempotent: a repeated IPN changes nothing; a paid order never goes back to
 * pending or failed. Every IPN is stored raw for audit. Replies follow mobilPay: the crc echo on
 * success, error_type 1 (temporary: Netopia retries) or 2 (permanent).
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { orders, paymentNotifications, type OrderStatus } from "../../db/schema";
import { transitionOrder } from "~/models/order.server";
import { log } from "~/services/log.server";
import { kickOutbox } from "~/services/mail-outbox.server";
import { crcErrorReply, crcReply, EnvelopeError, outcomeFor, XmlError, type ParsedOrderXml } from "~/services/payments/mobilpay.server";
import { getCardProvider, openNotification } from "~/services/payments/provider.server";

export interface IpnResult {
  /** The XML body to answer with. */
  body: string;
  outcome: "applied" | "unchanged" | "rejected" | "error";
  orderId?: string;
}

class PermanentIpnError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly orderId?: string,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function record(row: typeof paymentNotifications.$inferInsert) {
  try {
    await getDb().insert(paymentNotifications).values(row);
  } catch (error) {
    log.error("could not store a payment notification", { error });
  }
}

function decodedForAudit(parsed: ParsedOrderXml) {
  return { orderId: parsed.orderId, amountBani: parsed.amountBani, currency: parsed.currency, notify: parsed.notify };
}

export async function handleCardNotification(rawBody: string): Promise<IpnResult> {
  const provider = getCardProvider();
  if (!provider) {
    return { body: crcErrorReply(2, 1, "card payments are not configured"), outcome: "rejected" };
  }

  let parsed: ParsedOrderXml;
  try {
    ({ parsed } = openNotification(new URLSearchParams(rawBody), provider));
  } catch (error) {
    const message = error instanceof EnvelopeError || error instanceof XmlError ? error.message : "unreadable notification";
    await record({ provider: provider.name, rawBody, outcome: "rejected", message });
    log.warn("payment notification rejected", { reason: message });
    return { body: crcErrorReply(2, 2, message), outcome: "rejected" };
  }

  const notify = parsed.notify;
  const base = {
    provider: provider.name,
    rawBody,
    decoded: decodedForAudit(parsed),
    action: notify?.action ?? null,
    errorCode: notify?.errorCode ?? null,
  };

  try {
    if (!notify) throw new PermanentIpnError("no mobilpay element", 3);
    if (parsed.signature !== provider.signature) throw new PermanentIpnError("signature does not match this shop", 4);
    if (!UUID.test(parsed.orderId)) throw new PermanentIpnError("unknown order", 5);

    const result = await getDb().transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, parsed.orderId)).for("update");
      if (!order) throw new PermanentIpnError("unknown order", 5);
      if (order.paymentMethod !== "card") throw new PermanentIpnError("the order is not a card order", 6, order.id);
      if ((parsed.currency ?? "RON") !== "RON") throw new PermanentIpnError("currency does not match the order", 7, order.id);
      if (parsed.amountBani !== order.totalBani) throw new PermanentIpnError("amount does not match the order", 8, order.id);

      const outcome = outcomeFor(notify.action, notify.errorCode);
      if ((outcome === "paid" || outcome === "pending") && notify.processedAmountBani !== null && notify.processedAmountBani !== order.totalBani) {
        throw new PermanentIpnError("processed amount does not match the order", 9, order.id);
      }
      const target: OrderStatus | null =
        outcome === "paid" ? "paid" : outcome === "failed" ? "failed" : outcome === "refunded" ? "refunded" : null;

      let applied = false;
      let message = outcome === null ? `ignored action ${notify.action ?? "(none)"}` : outcome;
      if (target) {
        const transition = await transitionOrder(
          order.id,
          target,
          {
            source: "ipn",
            note: `${notify.action ?? ""}${notify.errorCode ? ` (cod ${notify.errorCode})` : ""}`,
            providerRef: notify.purchase ?? null,
            panMasked: notify.panMasked ?? null,
          },
          tx,
        );
        if (transition.ok) applied = transition.changed;
        else message = `not applied: ${order.status} → ${target} is not allowed`;
      } else if (notify.purchase || notify.panMasked) {
        await tx
          .update(orders)
          .set({ providerRef: notify.purchase ?? order.providerRef, panMasked: notify.panMasked ?? order.panMasked })
          .where(eq(orders.id, order.id));
      }
      await tx.insert(paymentNotifications).values({ ...base, orderId: order.id, outcome: applied ? "applied" : "unchanged", message });
      return { applied, orderId: order.id };
    });
    if (result.applied) kickOutbox();
    return { body: crcReply(notify.crc), outcome: result.applied ? "applied" : "unchanged", orderId: result.orderId };
  } catch (error) {
    if (error instanceof PermanentIpnError) {
      await record({ ...base, orderId: error.orderId ?? null, outcome: "rejected", message: error.message });
      log.warn("payment notification rejected", { reason: error.message, order: error.orderId });
      return { body: crcErrorReply(2, error.code, error.message), outcome: "rejected", orderId: error.orderId };
    }
    // The database (or something else on our side) failed: ask NETOPIA to retry later.
    log.error("payment notification failed; asking for a retry", { error });
    return { body: crcErrorReply(1, 1, "temporary error, please retry"), outcome: "error" };
  }
}
