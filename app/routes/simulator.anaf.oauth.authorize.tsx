/**
 * /simulator/anaf/oauth/authorize — the ANAF simulator's sign-in page (stands in for ANAF's
 * page where the owner picks the qualified certificate). Only a logged-in admin of this site may
 * authorise, and only back to this site's callback URL. "Autorizează" redirects to the callback
 * with a one-time code and the state; "Refuză" with error=access_denied.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { getConfig } from "~/config.server";
import { readFormData } from "~/lib/form-input";
import { requireAdmin } from "~/models/session.server";
import { anafSimulatorEnabled, issueCode } from "~/services/efactura/anaf-simulator.server";

function checkedRequest(params: URLSearchParams): { redirectUri: string; state: string } | string {
  const { anaf } = getConfig();
  if (params.get("response_type") !== "code") return "Parametrul response_type trebuie să fie „code”.";
  if (params.get("client_id") !== anaf.clientId) return "Aplicația (client_id) nu este înregistrată.";
  if (params.get("redirect_uri") !== anaf.redirectUri) return "Adresa de revenire (redirect_uri) nu este cea înregistrată pentru aplicație.";
  return { redirectUri: anaf.redirectUri, state: params.get("state") ?? "" };
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const checked = checkedRequest(params);
  if (typeof checked === "string") return data({ error: checked, query: "" }, { status: 400 });
  return { error: null, query: params.toString() };
}

export async function action({ request }: ActionFunctionArgs) {
  if (!anafSimulatorEnabled()) throw new Response("Not found", { status: 404 });
  await requireAdmin(request);
  const form = await readFormData(request);
  const params = new URLSearchParams(String(form.get("query") ?? ""));
  const checked = checkedRequest(params);
  if (typeof checked === "string") return data({ error: checked }, { status: 400 });
  const back = new URL(checked.redirectUri);
  back.searchParams.set("state", checked.state);
  if (form.get("intent") === "authorize") back.searchParams.set("code", issueCode(checked.redirectUri));
  else back.searchParams.set("error", "access_denied");
  return redirect(back.toString(), 303);
}

export default function AnafAuthorize() {
  const { error, query } = useLoaderData<typeof loader>();
  return (
    <main className="page container page-narrow simulator">
      <p className="eyebrow">ANAF · simulator</p>
      <h1>Autentificare cu certificat digital</h1>
      {error ? (
        <div className="alert alert--error">{error}</div>
      ) : (
        <>
          <div className="alert alert--info">
            Acesta este simulatorul ANAF al site-ului: nu se folosește niciun certificat real. Pe site-ul ANAF, aici alegeți certificatul calificat al
            firmei.
          </div>
          <p>Aplicația site-ului cere acces la serviciul e-Factura (încărcare facturi, stare mesaje, descărcare răspunsuri).</p>
          <div className="simulator__actions">
            <Form method="post">
              <input type="hidden" name="query" value={query} />
              <button type="submit" name="intent" value="authorize" className="button button--primary button--block">
                Autorizează accesul
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="query" value={query} />
              <button type="submit" name="intent" value="deny" className="button button--light button--block">
                Refuză
              </button>
            </Form>
          </div>
        </>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Simulator ANAF – autentificare" }, { name: "robots", content: "noindex" }];
