/**
 * The card payment provider interface (docs/netopia.md, "Why two versions"). A provider
 * starts a payment for an order and turns the processor's notifications (IPN) into one verified
 * shape; app/models/payment.server.ts applies that shape to the order in one transaction.
 *
 * mobilPay v1 (mobilpay-provider.server.ts) hands the browser a sealed form to post; an API v2
 * adapter would answer `{ kind: "redirect", url }` with the hosted page's URL instead.
 */

/** What the checkout hands the buyer to. */
export type CardPaymentStart =
  | { kind: "form"; formUrl: string; fields: Record<string, string> }
  | { kind: "redirect"; url: string };

/** Our order as a provider needs it. */
export interface OrderForPayment {
  id: string;
  reference: string;
  totalBani: number;
  billingName: string;
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
}

/**
 * What a notification says happened, mapped per netopia.md: money taken (`paid`), under review
 * or only pre-authorised (`pending`), rejected or cancelled (`failed`), refunded (`refunded`).
 * null: an action we do not know, acknowledged and ignored.
 */
export type CardPaymentStatus = "paid" | "pending" | "failed" | "refunded";

/** A notification whose origin was verified (decrypted with our key, our merchant signature). */
export interface CardNotification {
  orderId: string;
  status: CardPaymentStatus | null;
  /** The amount processed (money moved), in bani; null when the notification has none. */
  amountBani: number | null;
  /** The currency of the payment; null when the notification has none. */
  currency: string | null;
  /** The processor's reference of the transaction. */
  providerRef: string | null;
  panMasked?: string;
  /** The processor's error code (0 = none). */
  errorCode?: number;
  /** The body exactly as received, for the audit trail. */
  raw: string;
  /** The processor's own word for what happened (mobilPay `action`), for the audit trail. */
  action: string | null;
  /**
   * The order amount the processor repeats back (mobilPay echoes our request), when it does:
   * it must still be the order's total.
   */
  orderAmountBani?: number | null;
  /** The decoded notification without secrets, stored for audit. */
  decoded: Record<string, unknown>;
  /** What the success reply echoes back (mobilPay: the crc). */
  replyToken: string;
}

/** The HTTP answer a processor expects from our notification endpoint. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** Why a notification was refused before it could be matched to an order. */
export class NotificationRejected extends Error {
  constructor(
    message: string,
    /** The error code sent back to the processor. */
    readonly code: number,
    /** The body exactly as received. */
    readonly raw: string,
    /** Romanian text for the admin's reconciliation list. */
    readonly reason: string,
    readonly decoded?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface CardProvider {
  /** Stored with every notification: which processor sent it. */
  readonly name: "netopia" | "simulator";
  startCardPayment(order: OrderForPayment): CardPaymentStart;
  /** Reads, decrypts and verifies a notification request. Throws NotificationRejected. */
  handleNotification(request: Request): Promise<CardNotification>;
  /** The success reply: the notification was recorded (applied or already known). */
  acknowledge(notification: CardNotification): NotificationReply;
  /** A refusal: `temporary` asks the processor to retry later, `permanent` not to. */
  refuse(kind: "temporary" | "permanent", code: number, message: string): NotificationReply;
}
