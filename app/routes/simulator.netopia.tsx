/**
 * /simulator/netopia — the built-in card payment page (development and tests only). It receives
 * the shop's real form post (env_key, data, cipher, iv), shows the order and the outcomes to
 * choose, sends the IPN to the shop server to server, then returns the buyer to the shop.
 */
import { json, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import { MOBILPAY_ERRORS } from "~/lib/payment-errors";
import { assertSameOrigin } from "~/services/origin.server";
import { receiveRequest, refundOrder, replayNotification, sendNotification, simulatorEnabled } from "~/services/payments/simulator.server";

const notFound = () => new Response("Not found", { status: 404 });

export function loader() {
  if (!simulatorEnabled()) throw notFound();
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  if (!simulatorEnabled()) throw notFound();
  // The simulator lives on the shop's own host: every post to it comes from its pages.
  assertSameOrigin(request);
  const form = await request.formData();
  const envelope = {
    env_key: String(form.get("env_key") ?? ""),
    data: String(form.get("data") ?? ""),
    cipher: String(form.get("cipher") ?? ""),
    iv: String(form.get("iv") ?? ""),
  };
  const intent = String(form.get("intent") ?? "");

  if (intent === "replay" || intent === "refund") {
    const orderId = String(form.get("orderId") ?? "");
    const delivery = intent === "replay" ? await replayNotification(orderId) : await refundOrder(orderId);
    return json({ kind: "delivered" as const, delivery });
  }

  let received;
  try {
    received = receiveRequest(envelope);
  } catch (error) {
    return json({ kind: "error" as const, message: `Cerere invalidă: ${error instanceof Error ? error.message : error}` }, { status: 400 });
  }
  const { xml, order } = received;
  const returnUrl = order.returnUrl ?? "/";

  if (!intent) {
    return json({
      kind: "page" as const,
      envelope,
      order: {
        id: order.orderId,
        amountBani: order.amountBani ?? 0,
        details: order.details ?? "",
        name: `${order.billing.firstName ?? ""} ${order.billing.lastName ?? ""}`.trim(),
        email: order.billing.email ?? "",
      },
    });
  }

  if (intent === "approve") {
    await sendNotification(xml, { action: "confirmed" });
  } else if (intent === "decline") {
    const code = Number(form.get("errorCode") ?? 35);
    await sendNotification(xml, { action: "confirmed", errorCode: code in MOBILPAY_ERRORS ? code : 35, errorMessage: MOBILPAY_ERRORS[code] ?? "Tranzacție respinsă" });
  } else if (intent === "pending") {
    await sendNotification(xml, { action: "confirmed_pending" });
    // The anti-fraud review ends a moment later: the confirmation arrives on its own.
    setTimeout(() => {
      sendNotification(xml, { action: "confirmed" }).catch(() => {});
    }, 2500);
  } else if (intent === "cancel") {
    await sendNotification(xml, { action: "canceled" });
  }
  return redirect(returnUrl, 303);
}

export default function Simulator() {
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!data) {
    return (
      <main className="page container page-narrow">
        <h1>Simulator plăți</h1>
        <p className="lead">Nicio plată în curs. Pagina se deschide din coș, la plata cu cardul.</p>
      </main>
    );
  }
  if (data.kind === "error") {
    return (
      <main className="page container page-narrow">
        <h1>Simulator plăți</h1>
        <div className="alert alert--error">{data.message}</div>
      </main>
    );
  }
  if (data.kind === "delivered") {
    return (
      <main className="page container page-narrow">
        <h1>Simulator plăți</h1>
        <pre>{JSON.stringify(data.delivery, null, 2)}</pre>
      </main>
    );
  }
  const hidden = (
    <>
      {Object.entries(data.envelope).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  return (
    <main className="page container page-narrow simulator">
      <p className="eyebrow">NETOPIA Payments · simulator</p>
      <h1>Plată cu cardul</h1>
      <div className="alert alert--info">
        Acesta este simulatorul de plăți al site-ului: nu se folosesc carduri reale. Alegeți rezultatul plății.
      </div>
      <div className="card card--pad simulator__order">
        <p className="simulator__amount">{formatMoney(data.order.amountBani)}</p>
        <p>{data.order.details}</p>
        <p className="muted">
          {data.order.name} · {data.order.email}
        </p>
      </div>
      <div className="simulator__actions">
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="approve" className="button button--primary button--block" disabled={busy}>
            Plătește (aprobat)
          </button>
        </Form>
        <Form method="post" className="simulator__decline">
          {hidden}
          <label className="field">
            <span className="field__label">Motivul respingerii</span>
            <select name="errorCode" className="select" defaultValue="20">
              {Object.entries(MOBILPAY_ERRORS).map(([code, label]) => (
                <option key={code} value={code}>
                  {code} – {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="decline" className="button button--danger button--block" disabled={busy}>
            Respinge plata
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="pending" className="button button--ghost button--block" disabled={busy}>
            În verificare, apoi aprobat
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <button type="submit" name="intent" value="cancel" className="button button--light button--block" disabled={busy}>
            Renunță la plată
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Simulator plăți" }, { name: "robots", content: "noindex" }];
