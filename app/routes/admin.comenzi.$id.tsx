/**
 * /admin/comenzi/:id — one order: lines, buyer, enrolments, status history, payment
 * notifications; "Confirmă plata" and "Anulează", each one transaction, safe to click twice;
 * invoices ("Încasează restul", "Rambursează") and the delivery steps. The intents are one typed
 * union handled by one `switch`; the cards are in `components/admin/`.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminOrderHeader, OrderCustomerCard, OrderHistoryCard, OrderLinesCard } from "~/components/admin/AdminOrderCards";
import { FulfilmentCard } from "~/components/admin/FulfilmentCard";
import { fulfilmentAction } from "~/routes/+shared/fulfilment-page.server";
import { FULFILMENT_STEPS } from "~/lib/delivery";
import { pickupAddress } from "~/routes/+shared/cart-delivery-page.server";
import { getOrderDelivery } from "~/models/delivery.server";
import { readIntent } from "~/lib/intent";
import { SHORT_TOAST } from "~/lib/toast";
import { OrderInvoices } from "~/components/admin/OrderInvoices";
import { collectRest } from "~/models/invoice.server";
import { listInvoicesForOrder } from "~/models/invoice-reads.server";
import { getOrderForAdmin } from "~/models/order-admin.server";
import { canTransition } from "~/models/order-status.server";
import { orderTransitionAction } from "~/routes/+shared/order-transition.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { readFormData } from "~/lib/form-input";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrderForAdmin(params.id ?? "");
  if (!order) throw new Response("Comanda nu există.", { status: 404 });
  const invoices = await listInvoicesForOrder(order.id);
  const restBani = order.fullTotalBani - order.totalBani;
  const asked = new URL(request.url).searchParams.get("confirma");
  /** The fiscal step awaiting confirmation (`?confirma=…`, a GET form: works without JavaScript). */
  const confirming: "collect-rest" | "refund" | null = asked === "collect-rest" || asked === "refund" ? asked : null;
  return {
    confirming,
    order,
    invoices,
    restBani,
    canCollectRest: order.status === "paid" && restBani > 0 && !invoices.some((i) => i.kind === "final"),
    canRefund: canTransition(order.status, "refunded"),
    delivery: await getOrderDelivery(order.id),
    pickupAddress: pickupAddress(),
    canConfirm: canTransition(order.status, "paid"),
    canCancel: canTransition(order.status, "cancelled"),
  };
}

const ORDER_INTENTS = ["confirm", "cancel", "refund", "collect-rest", ...FULFILMENT_STEPS] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const orderId = params.id ?? "";
  const intent = readIntent(form, ORDER_INTENTS);
  switch (intent) {
    case "ship":
    case "deliver":
    case "pickup":
      // Delivery steps (expediată / livrată / ridicată): their own handler.
      return fulfilmentAction(intent, form, orderId, admin.id);
    case "collect-rest":
      // Issues a fiscal document: only from the confirmation step.
      if (form.get("confirmed") !== "da") return redirect(`/admin/comenzi/${orderId}?confirma=collect-rest#facturi`);
      return collectRestAction(orderId, admin.id);
    case "refund":
      if (form.get("confirmed") !== "da") return redirect(`/admin/comenzi/${orderId}?confirma=refund#facturi`);
      return orderTransitionAction(orderId, intent, admin.id, `/admin/comenzi/${orderId}`);
    case "confirm":
    case "cancel":
      return orderTransitionAction(orderId, intent, admin.id, `/admin/comenzi/${orderId}`);
    case null:
      return redirectWithToast(`/admin/comenzi/${params.id}`, { ...SHORT_TOAST, type: "error", message: "Acțiune necunoscută." });
  }
}

async function collectRestAction(orderId: string, adminId: string) {
  const here = `/admin/comenzi/${orderId}`;
  const collected = await collectRest(orderId, adminId);
  if (!collected.ok && collected.status === 404) throw new Response(collected.message, { status: 404 });
  if (!collected.ok) return redirectWithToast(here, { ...SHORT_TOAST, type: "error", message: collected.message });
  const number = `${collected.invoice.series} ${collected.invoice.number}`;
  return redirectWithToast(here, { ...SHORT_TOAST, message: collected.created ? `Restul a fost încasat: factura finală ${number}.` : `Factura finală ${number} era deja emisă.` });
}

export default function AdminOrder() {
  const { order, canConfirm, canCancel, invoices, restBani, canCollectRest, canRefund, confirming, delivery, pickupAddress: pickup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="admin-order" aria-labelledby="comanda-titlu">
      <AdminOrderHeader order={order} canConfirm={canConfirm} canCancel={canCancel} busy={busy} />
      <div className="admin-order__grid">
        <OrderLinesCard order={order} shippingMethod={delivery ? delivery.methodName : null} />
        <OrderInvoices invoices={invoices} canCollectRest={canCollectRest} restBani={restBani} canRefund={canRefund} confirming={confirming} />
        <OrderCustomerCard order={order} />
        {delivery ? (
          <FulfilmentCard
            delivery={delivery}
            orderStatus={order.status}
            busy={busy}
            pickupAddress={pickup}
            errors={actionData && "errors" in actionData ? actionData.errors : null}
          />
        ) : null}
        <OrderHistoryCard order={order} />
      </div>
    </section>
  );
}

export const ErrorBoundary = errorBoundary("admin");
