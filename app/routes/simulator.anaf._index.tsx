/**
 * /simulator/anaf — the ANAF simulator's switches (admin only): reject every new upload with
 * CIUS-RO errors, answer slowly, answer 500, expire the access tokens or revoke the connection;
 * and the last uploads it received with their answers.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/lib/form-input";
import { requireAdmin } from "~/models/session.server";
import {
  anafSimulatorEnabled,
  expireAccessTokens,
  rejectDocument,
  revokeConnection,
  setSwitches,
  simulatorSnapshot,
} from "~/services/efactura/anaf-simulator.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  await requireAdmin(request);
  return simulatorSnapshot();
}

export async function action({ request }: ActionFunctionArgs) {
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  await requireAdmin(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "expire-tokens") expireAccessTokens();
  else if (intent === "reject-one") rejectDocument(String(form.get("documentId") ?? "").replace(/\s+/g, ""));
  else if (intent === "revoke") revokeConnection();
  else setSwitches({ reject: form.get("reject") === "on", slow: form.get("slow") === "on", fail500: form.get("fail500") === "on" });
  return redirect("/simulator/anaf", 303);
}

export default function AnafSimulator() {
  const { switches, uploads, calls } = useLoaderData<typeof loader>();
  return (
    <main className="page container page-narrow simulator">
      <p className="eyebrow">ANAF · simulator</p>
      <h1>Simulator e-Factura</h1>
      <Form method="post" className="form">
        <fieldset>
          <legend>Comportament</legend>
          <label className="checkbox">
            <input type="checkbox" name="reject" defaultChecked={switches.reject} /> Respinge încărcările noi (erori CIUS-RO)
          </label>
          <label className="checkbox">
            <input type="checkbox" name="slow" defaultChecked={switches.slow} /> Lent („în prelucrare” la primele 3 interogări)
          </label>
          <label className="checkbox">
            <input type="checkbox" name="fail500" defaultChecked={switches.fail500} /> Răspunde 500 la orice cerere
          </label>
        </fieldset>
        <button type="submit" name="intent" value="switches" className="button button--primary">
          Salvează
        </button>
      </Form>
      <Form method="post" className="row">
        <label htmlFor="documentId">Respinge documentul cu numărul</label>
        <input id="documentId" name="documentId" placeholder="ANA12" size={10} required />
        <button type="submit" name="intent" value="reject-one" className="button button--light">
          Respinge la încărcare
        </button>
      </Form>
      <div className="row">
        <Form method="post">
          <button type="submit" name="intent" value="expire-tokens" className="button button--light">
            Expiră tokenurile de acces
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="revoke" className="button button--light">
            Revocă conexiunea (și tokenul de reîmprospătare)
          </button>
        </Form>
      </div>
      <h2>Ultimele încărcări</h2>
      {uploads.length === 0 ? (
        <p className="muted">Nicio încărcare.</p>
      ) : (
        <ul>
          {uploads.map((u) => (
            <li key={u.index}>
              {u.documentId} · index {u.index} · {u.b2c ? "B2C" : "B2B"} · {u.result} · {u.polls} interogări
            </li>
          ))}
        </ul>
      )}
      <p className="muted">Cereri primite: {Object.entries(calls).map(([op, n]) => `${op} ${n}`).join(", ") || "niciuna"}</p>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Simulator ANAF" }, { name: "robots", content: "noindex" }];
