/**
 * /plata/rezultat?orderId=… — where the card processor sends the buyer back (owner only;
 * another user's order is 404). Paid, still processing (refreshes itself with JavaScript; a
 * reload link without), refunded, cancelled or failed with a way back to the cart; every state
 * links to /cont. An order not paid by card (bank transfer, free) gets its own short message.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatMoney } from "~/lib/money";
import { privateHeaders } from "~/lib/http";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { SHORT_TOAST } from "~/lib/toast";
import { refillCartFromOrder } from "~/models/cart.server";
import { getOrderForUser, lastPaymentError } from "~/models/order.server";
import { requireUser } from "~/models/session.server";
import { MOBILPAY_ERRORS } from "~/lib/payment-errors";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { readFormData } from "~/lib/form-input";

const POLL_MS = 3000;
const POLL_LIMIT_MS = 3 * 60_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  const order = await getOrderForUser(user.id, orderId);
  if (!order) throw new Response("Comanda nu există.", { status: 404 });
  const failure = order.status === "failed" ? await lastPaymentError(order.id) : null;
  return {
    order: { id: order.id, reference: order.reference, status: order.status, totalBani: order.totalBani, paymentMethod: order.paymentMethod },
    reason: failure?.errorCode ? (MOBILPAY_ERRORS[failure.errorCode] ?? null) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const order = await getOrderForUser(user.id, String(form.get("orderId") ?? ""));
  if (!order) throw new Response("Comanda nu există.", { status: 404 });
  if (form.get("intent") !== "refill" || (order.status !== "failed" && order.status !== "cancelled")) {
    return redirect(`/plata/rezultat?orderId=${order.id}`);
  }
  const restored = await refillCartFromOrder(user.id, order.lines);
  return redirectWithToast("/cart", {
    ...SHORT_TOAST,
    type: restored ? "success" : "error",
    message: restored ? "Produsele comenzii au fost puse din nou în coș." : "Produsele comenzii nu mai sunt disponibile.",
  });
}

export default function PaymentResult() {
  const { order, reason } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [startedAt] = useState(() => Date.now());
  const card = order.paymentMethod === "card";
  const processing = card && order.status === "awaiting_payment";
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (Date.now() - startedAt > POLL_LIMIT_MS) {
        setGaveUp(true);
        clearInterval(timer);
      } else if (revalidator.state === "idle") {
        revalidator.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [processing, revalidator, startedAt]);

  return (
    <main className="page container page-narrow payment-result">
      <p className="eyebrow">Comanda {order.reference}</p>
      {!card ? (
        <>
          <h1>Această comandă nu se plătește cu cardul</h1>
          <p className="lead">
            Metoda de plată: {PAYMENT_METHOD_LABELS[order.paymentMethod]}. Starea comenzii: {ORDER_STATUS_LABELS[order.status]}.
            {order.status === "awaiting_transfer" ? " Cursurile se activează după ce confirmăm transferul." : ""}
          </p>
          <Link to="/cont#facturi" className="button button--primary">
            Contul meu
          </Link>
        </>
      ) : order.status === "paid" ? (
        <>
          <h1>Plata a fost confirmată</h1>
          <p className="lead">Am primit plata de {formatMoney(order.totalBani)}. Cursurile sunt disponibile în contul tău; îți trimitem și un e-mail de confirmare.</p>
          <Link to="/cont#cursuri-active" className="button button--primary">
            Mergi la cursurile mele
          </Link>
        </>
      ) : processing ? (
        <>
          <h1>Plata este în curs de procesare…</h1>
          <div role="status" aria-live="polite">
            <p className="lead">
              {gaveUp
                ? "Procesarea durează mai mult decât de obicei. Îți confirmăm pe e-mail imediat ce plata este aprobată."
                : "Așteptăm confirmarea de la procesatorul de plăți. Pagina se actualizează singură."}
            </p>
          </div>
          <p className="row">
            <a href={`/plata/rezultat?orderId=${order.id}`} className="button button--ghost">
              Reîncarcă pagina
            </a>
            <Link to="/cont#facturi" className="button button--link">
              Comenzile mele
            </Link>
          </p>
        </>
      ) : order.status === "refunded" ? (
        <>
          <h1>Plata a fost rambursată</h1>
          <p className="lead">Suma de {formatMoney(order.totalBani)} a fost returnată pe card.</p>
          <Link to="/cont" className="button button--ghost">
            Contul meu
          </Link>
        </>
      ) : (
        <>
          {order.status === "cancelled" ? (
            <>
              <h1>Comanda a fost anulată.</h1>
              <p className="lead">Plata nu a fost efectuată pentru această comandă.</p>
            </>
          ) : (
            <>
              <h1>Eroare la procesarea plății.</h1>
              <div className="alert alert--error" role="alert">
                <p>
                  Plata nu a fost efectuată{reason ? `: ${reason}` : ""}. Nu ți-am reținut niciun ban pentru această comandă.
                </p>
              </div>
            </>
          )}
          <Form method="post" className="row">
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" name="intent" value="refill" className="button button--primary">
              Reîncearcă plata
            </button>
            <Link to="/cart" className="button button--ghost">
              Mergi la coș
            </Link>
            <Link to="/cont#facturi" className="button button--link">
              Contul meu
            </Link>
          </Form>
        </>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Rezultatul plății – Ana Nails Academy" }, { name: "robots", content: "noindex" }];
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("payment");
