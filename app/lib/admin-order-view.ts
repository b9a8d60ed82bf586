/**
 * What the admin order page's cards show (components/admin/AdminOrderCards.tsx), as read by
 * models/order-admin.server.ts `getOrderForAdmin`. Types only.
 */
import type { OrderStatus, PaymentMethod } from "./order-states";

export interface AdminOrderLine {
  id: string;
  category: "physical" | "online" | "product";
  title: string;
  days: number | null;
  accreditation: boolean;
  advancePayment: boolean;
  /** For all units. */
  amountBani: number;
  fullAmountBani: number;
  quantity: number;
}

export interface AdminOrderView {
  id: string;
  reference: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  totalBani: number;
  fullTotalBani: number;
  shippingBani: number;
  billingName: string;
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
  providerRef: string | null;
  panMasked: string | null;
  termsAcceptedAt: Date;
  digitalContentConsentAt: Date | null;
  createdAt: Date;
  lines: AdminOrderLine[];
  events: Array<{ id: string; fromStatus: OrderStatus | null; toStatus: OrderStatus; source: string; note: string; createdAt: Date }>;
  /** Every card-payment notification received for the order. */
  notifications: Array<{ id: string; receivedAt: Date; action: string | null; errorCode: number | null; outcome: string; message: string }>;
  enrollments: Array<{ id: string; courseTitle: string; paymentStatus: "pending" | "confirmed" | "failed" | "refunded" }>;
  /** The note of a double card payment still to refund (paid orders only). */
  refundDue: string | null;
}
