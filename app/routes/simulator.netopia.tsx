/**
 * /simulator/netopia — the built-in card payment page (development, tests and the quick start;
 * 404 wherever the configuration refuses the simulator). It receives the shop's real form post
 * (env_key, data, cipher, iv), shows the order and the outcomes to choose, sends the IPN to the
 * shop server to server, then returns the buyer to the shop. `replay` (the last IPN again) and
 * `refund` (a credit IPN) act on an existing order: only its owner or an admin may ask.
 */
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { getConfig } from "~/config.server";
import { formatMoney } from "~/lib/money";
import { MOBILPAY_ERRORS } from "~/lib/payment-errors";
import { getOrderForUser } from "~/models/order.server";
import { getUser } from "~/models/session.server";
import { assertSameOrigin } from "~/services/origin.server";
import {
  PENDING_REVIEW_MS,
  receiveRequest,
  refundOrder,
  replayNotification,
  sendNotification,
  SimulatorError,
  simulatorEnabled,
} from "~/services/payments/simulator.server";
import { readFormData } from "~/lib/form-input";
import { readIntent } from "~/lib/intent";

const notFound = () => new Response("Not found", { status: 404 });

/** The order's owner or an admin, logged in; anyone else is told the order does not exist. */
async function mayActOn(request: Request, orderId: string): Promise<boolean> {
  const user = await getUser(request);
  if (!user) return false;
  if (user.role === "admin") return true;
  return (await getOrderForUser(user.id, orderId)) !== null;
}

const simulatorError = (message: string, status = 400) => data({ kind: "error" as const, message }, { status });

export function loader() {
  if (!simulatorEnabled()) throw notFound();
  return {};
}

const SIMULATOR_INTENTS = ["approve", "decline", "pending", "cancel", "replay", "refund"] as const;
type Outcome = "approve" | "decline" | "pending" | "cancel";
type Envelope = { env_key: string; data: string; cipher: string; iv: string };

export async function action({ request }: ActionFunctionArgs) {
  if (!simulatorEnabled()) throw notFound();
  // The simulator lives on the shop's own host: every post to it comes from its pages.
  assertSameOrigin(request);
  const form = await readFormData(request);
  const envelope: Envelope = {
    env_key: String(form.get("env_key") ?? ""),
    data: String(form.get("data") ?? ""),
    cipher: String(form.get("cipher") ?? ""),
    iv: String(form.get("iv") ?? ""),
  };
  const intent = readIntent(form, SIMULATOR_INTENTS);
  switch (intent) {
    case "replay":
    case "refund":
      return actOnOrder(request, String(form.get("orderId") ?? ""), intent);
    case null: // the shop's payment form itself: show the page
    case "approve":
    case "decline":
    case "pending":
    case "cancel":
      return answerPayment(envelope, form, intent);
  }
}

/** `replay` (the last IPN again) or `refund` (a credit IPN) on an existing order. */
async function actOnOrder(request: Request, orderId: string, intent: "replay" | "refund") {
  if (!(await mayActOn(request, orderId))) return simulatorError("Comanda nu există.", 404);
  try {
    const delivery = intent === "replay" ? await replayNotification(orderId) : await refundOrder(orderId);
    return { kind: "delivered" as const, delivery };
  } catch (error) {
    if (error instanceof SimulatorError) return simulatorError(error.message);
    throw error;
  }
}

/** The payment request: shown as the page (no outcome yet), or answered with the chosen outcome. */
async function answerPayment(envelope: Envelope, form: FormData, outcome: Outcome | null) {
  let received;
  try {
    received = receiveRequest(envelope);
    // outage-safe: decrypting and parsing the request (synchronous): no database
  } catch (error) {
    return data({ kind: "error" as const, message: `Cerere invalidă: ${error instanceof Error ? error.message : error}` }, { status: 400 });
  }
  const { xml, order } = received;
  // Only ever back to this site.
  const returnUrl = order.returnUrl?.startsWith(`${getConfig().publicUrl}/`) ? order.returnUrl : "/";

  if (outcome === null) {
    return {
      kind: "page" as const,
      envelope,
      order: {
        id: order.orderId,
        amountBani: order.amountBani ?? 0,
        details: order.details ?? "",
        name: `${order.billing.firstName ?? ""} ${order.billing.lastName ?? ""}`.trim(),
        email: order.billing.email ?? "",
      },
    };
  }
  try {
    await sendOutcome(xml, form, outcome);
  } catch (error) {
    if (error instanceof SimulatorError) return simulatorError(error.message);
    throw error;
  }
  return redirect(returnUrl, 303);
}

async function sendOutcome(xml: string, form: FormData, outcome: Outcome) {
  switch (outcome) {
    case "approve":
      return sendNotification(xml, { action: "confirmed" });
    case "decline": {
      const code = Number(form.get("errorCode") ?? 35);
      return sendNotification(xml, { action: "confirmed", errorCode: code in MOBILPAY_ERRORS ? code : 35, errorMessage: MOBILPAY_ERRORS[code] ?? "Tranzacție respinsă" });
    }
    case "pending":
      await sendNotification(xml, { action: "confirmed_pending" });
      // The anti-fraud review ends a moment later: the confirmation arrives on its own.
      setTimeout(() => {
        // outage-safe: a later simulated IPN; the order keeps its pending state if it fails
        sendNotification(xml, { action: "confirmed" }).catch(() => {});
      }, PENDING_REVIEW_MS);
      return;
    case "cancel":
      return sendNotification(xml, { action: "canceled" });
  }
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
        <p className="lead">Notificarea a fost trimisă magazinului (HTTP {data.delivery.status}). Răspunsul magazinului:</p>
        <pre>{data.delivery.reply}</pre>
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
