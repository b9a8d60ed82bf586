/**
 * An order's states and payment methods: stored in `orders` (db/schema.ts re-exports them)
 * and labelled on pages and in e-mails (lib/order-labels.ts). Pure values, no I/O.
 */
export const PAYMENT_METHODS = ["bank_transfer", "card", "free"] as const;
export const ORDER_STATUSES = [
  "awaiting_transfer",
  "awaiting_payment",
  "paid",
  "failed",
  "cancelled",
  "refunded",
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
