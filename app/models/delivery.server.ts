/**
 * Delivery (issue 16): the methods the admin manages, the buyer's delivery choice in the cart,
 * the order's delivery snapshot and its fulfilment (de pregătit → expediată → livrată, or
 * ridicată for pickup). Courses are never shipped: only carts and orders with products have one.
 * Every fee is computed here from the method row; nothing posted is trusted.
 */
import { and, asc, eq } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import {
  cartDeliveries,
  deliveryMethods,
  orderDeliveries,
  orderEvents,
  orders,
  type DeliveryAddress,
  type FulfilmentStatus,
} from "../../db/schema";
import { getConfig } from "~/config.server";
import { OPENING_HOURS } from "~/lib/business";
import { formatDeliveryAddress, shippingCost, type DeliveryKind, type FulfilmentStep } from "~/lib/delivery";
import { DELIVERY_MESSAGES, type DeliveryFormValue, type DeliveryMethodInput } from "~/lib/validation/delivery";
import { orderShippedMail } from "~/models/delivery-mail.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";

export type DeliveryMethodRow = typeof deliveryMethods.$inferSelect;
export type OrderDeliveryRow = typeof orderDeliveries.$inferSelect;

// ─── Methods ─────────────────────────────────────────────────────────────────────────────────

export async function listActiveDeliveryMethods(executor: Executor = getDb()): Promise<DeliveryMethodRow[]> {
  return executor
    .select()
    .from(deliveryMethods)
    .where(eq(deliveryMethods.isActive, true))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
}

export async function listDeliveryMethodsForAdmin(): Promise<DeliveryMethodRow[]> {
  return getDb().select().from(deliveryMethods).orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
}

/** Creates (id null) or updates a method; null when the method to update does not exist. */
export async function saveDeliveryMethod(id: number | null, input: DeliveryMethodInput): Promise<{ id: number; created: boolean } | null> {
  const db = getDb();
  if (id === null) {
    const existing = await db.select({ position: deliveryMethods.position }).from(deliveryMethods);
    const position = existing.reduce((max, m) => Math.max(max, m.position + 1), 0);
    const [row] = await db.insert(deliveryMethods).values({ ...input, position }).returning({ id: deliveryMethods.id });
    return { id: row.id, created: true };
  }
  const rows = await db.update(deliveryMethods).set(input).where(eq(deliveryMethods.id, id)).returning({ id: deliveryMethods.id });
  return rows.length ? { id, created: false } : null;
}

// ─── The buyer's choice in the cart ──────────────────────────────────────────────────────────

export interface CartDelivery {
  method: DeliveryMethodRow;
  address: DeliveryAddress | null;
  sameAsBilling: boolean;
  updatedAt: Date;
}

/** The saved choice, or null when none was saved or its method is no longer active. */
export async function getCartDelivery(userId: string, executor: Executor = getDb()): Promise<CartDelivery | null> {
  const [row] = await executor
    .select({ choice: cartDeliveries, method: deliveryMethods })
    .from(cartDeliveries)
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, cartDeliveries.methodId))
    .where(and(eq(cartDeliveries.userId, userId), eq(deliveryMethods.isActive, true)))
    .limit(1);
  if (!row) return null;
  return { method: row.method, address: row.choice.address, sameAsBilling: row.choice.sameAsBilling, updatedAt: row.choice.updatedAt };
}

/** The fee of a saved choice for this products subtotal (0 for pickup or above the threshold). */
export function deliveryFee(delivery: Pick<CartDelivery, "method">, productsSubtotalBani: number): number {
  return shippingCost(delivery.method, productsSubtotalBani);
}

export type SaveDeliveryResult = { ok: true } | { ok: false; field: keyof DeliveryFormValue; message: string };

/**
 * Saves the buyer's delivery choice. The method must exist and be active (a forged or withdrawn
 * id is refused); the address is built from the fields its kind needs.
 */
export async function saveCartDelivery(
  userId: string,
  value: DeliveryFormValue,
  billing: { name: string; phone: string; address: string },
): Promise<SaveDeliveryResult> {
  const db = getDb();
  const [method] = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, value.deliveryMethodId), eq(deliveryMethods.isActive, true)))
    .limit(1);
  if (!method) return { ok: false, field: "deliveryMethodId", message: DELIVERY_MESSAGES.methodUnavailable };

  let address: DeliveryAddress | null = null;
  const sameAsBilling = method.kind === "courier" && value.sameAsBilling;
  if (method.kind === "courier") {
    if (sameAsBilling && !billing.address.trim()) return { ok: false, field: "street", message: DELIVERY_MESSAGES.billingMissing };
    if (sameAsBilling && !billing.phone.trim()) return { ok: false, field: "recipientPhone", message: DELIVERY_MESSAGES.phone };
    address = {
      name: sameAsBilling ? billing.name : value.recipientName,
      phone: sameAsBilling ? billing.phone : value.recipientPhone,
      street: sameAsBilling ? billing.address.trim() : value.street,
      city: value.city,
      county: value.county,
      postalCode: value.postalCode.trim(),
    };
  } else if (method.kind === "locker") {
    address = {
      name: value.recipientName || billing.name,
      phone: value.recipientPhone || billing.phone,
      street: value.locker,
      city: "",
      county: "",
      postalCode: "",
    };
  }
  const now = new Date();
  await db
    .insert(cartDeliveries)
    .values({ userId, methodId: method.id, address, sameAsBilling, updatedAt: now })
    .onConflictDoUpdate({ target: cartDeliveries.userId, set: { methodId: method.id, address, sameAsBilling, updatedAt: now } });
  return { ok: true };
}

/** The choice as one line for e-mails: method, then the address or the academy's. */
export function deliveryLine(delivery: Pick<CartDelivery, "method" | "address">): string {
  if (delivery.method.kind === "pickup") return `${delivery.method.name} – ${getConfig().business.address}, ${OPENING_HOURS}`;
  return delivery.address ? `${delivery.method.name} – ${formatDeliveryAddress(delivery.address)}` : delivery.method.name;
}

// ─── The order's delivery ────────────────────────────────────────────────────────────────────

/** The order's snapshot of the method and address, written in the checkout transaction. */
export async function createOrderDelivery(tx: Executor, orderId: string, delivery: CartDelivery, feeBani: number): Promise<void> {
  await tx.insert(orderDeliveries).values({
    orderId,
    methodId: delivery.method.id,
    methodName: delivery.method.name,
    kind: delivery.method.kind,
    feeBani,
    address: delivery.address,
  });
}

export async function getOrderDelivery(orderId: string, executor: Executor = getDb()): Promise<OrderDeliveryRow | null> {
  const [row] = await executor.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).limit(1);
  return row ?? null;
}

// ─── Fulfilment ──────────────────────────────────────────────────────────────────────────────

export const FULFILMENT_MESSAGES = {
  notFound: "Comanda nu are produse de livrat.",
  notPaid: "Doar comenzile plătite pot fi expediate.",
  pickup: "Comanda se ridică de la academie: marcheaz-o „ridicată”.",
  notPickup: "Comanda nu este cu ridicare personală.",
  alreadyShipped: "Comanda a fost deja expediată.",
  notShipped: "Comanda nu a fost încă expediată.",
  done: "Comanda este deja finalizată.",
  shipped: "Comanda a fost marcată expediată. Clientul a primit AWB-ul pe e-mail.",
  delivered: "Comanda a fost marcată livrată.",
  pickedUp: "Comanda a fost marcată ridicată.",
} as const;

export type FulfilmentResult = { ok: true; changed: boolean; message: string } | { ok: false; status: 404 | 409; message: string };

export interface ShipInput {
  courierName: string;
  awb: string;
  trackingUrl: string | null;
}


/**
 * One fulfilment step, in one transaction with its order event (and, for "ship", the e-mail
 * with the AWB). Only paid orders move; a repeated click changes nothing.
 */
export async function advanceFulfilment(
  orderId: string,
  step: FulfilmentStep,
  context: { actorUserId: string; ship?: ShipInput; now?: Date },
): Promise<FulfilmentResult> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return { ok: false, status: 404, message: FULFILMENT_MESSAGES.notFound };
  const now = context.now ?? new Date();
  const result = await getDb().transaction(async (tx): Promise<FulfilmentResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [delivery] = order ? await tx.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)) : [];
    if (!order || !delivery) return { ok: false, status: 404, message: FULFILMENT_MESSAGES.notFound };
    if (order.status !== "paid") return { ok: false, status: 409, message: FULFILMENT_MESSAGES.notPaid };
    const kind: DeliveryKind = delivery.kind;

    let next: FulfilmentStatus;
    let note: string;
    let set: Partial<OrderDeliveryRow>;
    if (step === "ship") {
      if (kind === "pickup") return { ok: false, status: 409, message: FULFILMENT_MESSAGES.pickup };
      const ship = context.ship!;
      if (delivery.status === "shipped" && delivery.awb === ship.awb) return { ok: true, changed: false, message: FULFILMENT_MESSAGES.alreadyShipped };
      if (delivery.status !== "to_prepare") return { ok: false, status: 409, message: FULFILMENT_MESSAGES.alreadyShipped };
      next = "shipped";
      note = `Expediată: ${ship.courierName}, AWB ${ship.awb}`;
      set = { status: next, courierName: ship.courierName, awb: ship.awb, trackingUrl: ship.trackingUrl, shippedAt: now };
    } else if (step === "deliver") {
      if (delivery.status === "delivered") return { ok: true, changed: false, message: FULFILMENT_MESSAGES.done };
      if (delivery.status !== "shipped") return { ok: false, status: 409, message: FULFILMENT_MESSAGES.notShipped };
      next = "delivered";
      note = "Livrată";
      set = { status: next, completedAt: now };
    } else {
      if (kind !== "pickup") return { ok: false, status: 409, message: FULFILMENT_MESSAGES.notPickup };
      if (delivery.status === "picked_up") return { ok: true, changed: false, message: FULFILMENT_MESSAGES.done };
      next = "picked_up";
      note = "Ridicată de la academie";
      set = { status: next, completedAt: now };
    }
    await tx.update(orderDeliveries).set(set).where(eq(orderDeliveries.orderId, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      fromStatus: order.status,
      toStatus: order.status,
      source: "admin",
      actorUserId: context.actorUserId,
      note,
    });
    if (next === "shipped") {
      await enqueueMail(
        tx,
        orderShippedMail({
          reference: order.reference,
          billingName: order.billingName,
          billingEmail: order.billingEmail,
          methodName: delivery.methodName,
          courierName: context.ship!.courierName,
          awb: context.ship!.awb,
          trackingUrl: context.ship!.trackingUrl,
          addressLine: delivery.address ? formatDeliveryAddress(delivery.address) : null,
        }),
      );
    }
    const message = next === "shipped" ? FULFILMENT_MESSAGES.shipped : next === "delivered" ? FULFILMENT_MESSAGES.delivered : FULFILMENT_MESSAGES.pickedUp;
    return { ok: true, changed: true, message };
  });
  if (result.ok && result.changed && step === "ship") kickOutbox();
  return result;
}
