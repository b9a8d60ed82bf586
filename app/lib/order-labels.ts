/** Romanian labels for order states and payment methods (account page, admin, e-mails). */
import type { OrderStatus, PaymentMethod } from "./order-states";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_transfer: "Așteaptă transferul",
  awaiting_payment: "Așteaptă plata cu cardul",
  paid: "Plătită",
  failed: "Plată eșuată",
  cancelled: "Anulată",
  refunded: "Rambursată",
};

/** Pill colour per docs/product.md §4 convention: waiting red, done green, anything else orange. */
export const ORDER_STATUS_TONE: Record<OrderStatus, "pending" | "confirmed" | "failed"> = {
  awaiting_transfer: "pending",
  awaiting_payment: "pending",
  paid: "confirmed",
  failed: "failed",
  cancelled: "failed",
  refunded: "failed",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: "Transfer bancar",
  card: "Card",
  free: "Gratuit",
};
