/**
 * The admin's order status buttons ("Confirmă plata", "Anulează", "Rambursează"): one model
 * call (`transitionOrder`, one transaction, safe to click twice) and the toast that reports it.
 * Used by the order page (/admin/comenzi/:id) and the dashboard (/admin), each returning to
 * its own page.
 */
import { ORDER_STATUS_LABELS } from "~/lib/order-labels";
import { SHORT_TOAST } from "~/lib/toast";
import { transitionOrder } from "~/models/order-status.server";
import { redirectWithToast } from "~/services/toast.server";

export const ORDER_TRANSITIONS = {
  confirm: { target: "paid", message: "Plata a fost confirmată. Cursantul a primit acces și un e-mail." },
  cancel: { target: "cancelled", message: "Comanda a fost anulată." },
  refund: { target: "refunded", message: "Comanda este rambursată; s-a emis factura de stornare." },
} as const;

export type OrderTransitionIntent = keyof typeof ORDER_TRANSITIONS;

/** Applies the intent to the order and redirects to `returnTo` with the outcome as a toast. */
export async function orderTransitionAction(orderId: string, intent: OrderTransitionIntent, adminId: string, returnTo: string) {
  const { target, message } = ORDER_TRANSITIONS[intent];
  const result = await transitionOrder(orderId, target, { source: "admin", actorUserId: adminId });
  if (!result.ok && result.reason === "not-found") throw new Response("Comanda nu există.", { status: 404 });
  if (!result.ok) {
    const status = result.order ? ORDER_STATUS_LABELS[result.order.status] : "";
    return redirectWithToast(returnTo, { ...SHORT_TOAST, type: "error", message: `Comanda nu mai poate fi modificată (status: ${status}).` });
  }
  return redirectWithToast(returnTo, { ...SHORT_TOAST, message: result.changed ? message : "Comanda era deja în această stare; nu s-a schimbat nimic." });
}
