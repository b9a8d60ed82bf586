/**
 * The cart's delivery part (issue 16), kept out of the cart route: what the delivery form needs
 * (loader) and its two intents, "save-delivery" and "quantity" (action). Parse → model → respond.
 */
import { parseForm } from "~/lib/form-input";
import { deliveryConstraint } from "./form-schemas.server";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { DeliveryMethodView, SavedDeliveryView } from "~/components/cart/DeliveryFields";
import type { FormConstraint } from "~/components/ui/useZodForm";
import { getConfig } from "~/config.server";
import { OPENING_HOURS } from "~/lib/business";
import type { DeliveryKind } from "~/lib/delivery";
import { SHORT_TOAST } from "~/lib/toast";
import { DELIVERY_MESSAGES, deliveryFormSchema, quantitySchema, QUANTITY_MESSAGES } from "~/lib/validation/delivery";
import { setCartLineQuantity } from "~/models/cart.server";
import { type CartView } from "~/models/cart-view.server";
import { listActiveDeliveryMethods, saveCartDelivery } from "~/models/delivery.server";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

export type DeliveryActionData = { kind: "delivery"; result: SubmissionResult<string[]>; message?: string };

export interface CartDeliveryData {
  methods: DeliveryMethodView[];
  saved: SavedDeliveryView | null;
  productsBani: number;
  pickupAddress: string;
  /** The delivery form's HTML attributes (`useZodForm`'s `constraint`). */
  constraint: FormConstraint;
}

/** Null for a cart without products (nothing about delivery is shown or asked), unless `always`. */
export async function cartDeliveryView(cart: CartView, options?: { always: false }): Promise<CartDeliveryData | null>;
export async function cartDeliveryView(cart: CartView, options: { always: true }): Promise<CartDeliveryData>;
export async function cartDeliveryView(cart: CartView, options: { always: boolean } = { always: false }): Promise<CartDeliveryData | null> {
  if (!cart.needsDelivery && !options.always) return null;
  const methods = await listActiveDeliveryMethods();
  const kinds = Object.fromEntries(methods.map((m) => [m.id, m.kind])) as Record<number, DeliveryKind>;
  return {
    methods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      description: m.description,
      feeBani: m.feeBani,
      freeAboveBani: m.freeAboveBani,
      estimatedDays: m.estimatedDays,
    })),
    saved: cart.delivery ? { methodId: cart.delivery.method.id, sameAsBilling: cart.delivery.sameAsBilling, address: cart.delivery.address } : null,
    productsBani: cart.productsBani,
    pickupAddress: pickupAddress(),
    constraint: deliveryConstraint(kinds),
  };
}

/** The academy's address and opening hours (pickup). */
export function pickupAddress(): string {
  return `${getConfig().business.address} · ${OPENING_HOURS}`;
}

/** The cart's `quantity` intent: a product line's new quantity. */
export async function setQuantityAction(form: FormData, user: SessionUser) {
  const parsed = quantitySchema.safeParse({ lineId: form.get("lineId"), quantity: form.get("quantity") });
  if (!parsed.success) {
    return redirectWithToast("/cart", { ...SHORT_TOAST, type: "error", message: QUANTITY_MESSAGES.invalid });
  }
  const result = await setCartLineQuantity(user.id, parsed.data.lineId, parsed.data.quantity);
  return redirectWithToast("/cart", { ...SHORT_TOAST, type: result.ok ? "success" : "error", message: result.message });
}

/** The delivery form's schema for the methods active now (what a method needs depends on its kind). */
export async function activeDeliverySchema() {
  const methods = await listActiveDeliveryMethods();
  const kinds = Object.fromEntries(methods.map((m) => [m.id, m.kind])) as Record<number, DeliveryKind>;
  return deliveryFormSchema(kinds);
}

/** The cart's `save-delivery` intent: the delivery method and address. */
export async function saveDeliveryAction(form: FormData, user: SessionUser) {
  const submission = parseForm(form, { schema: await activeDeliverySchema() });
  if (submission.status !== "success") {
    return data<DeliveryActionData>({ kind: "delivery", result: submission.reply() }, { status: 400 });
  }
  // "Same as billing" takes the street: the billing address's street field once it has fields (issue 24).
  const billingStreet = user.addressCounty ? user.addressStreet : user.address;
  const saved = await saveCartDelivery(user.id, submission.value, { name: user.name, phone: user.phone, address: billingStreet });
  if (!saved.ok) {
    return data<DeliveryActionData>(
      { kind: "delivery", result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }), message: saved.message },
      { status: 400 },
    );
  }
  return redirectWithToast("/cart#livrare", { ...SHORT_TOAST, message: DELIVERY_MESSAGES.saved });
}
