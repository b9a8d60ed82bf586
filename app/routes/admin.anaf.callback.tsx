/**
 * /admin/anaf/callback — where ANAF's authorize page sends the admin back (the redirect URI
 * registered for the app in ANAF's portal): checks the state, exchanges the code for the tokens
 * (stored encrypted) and returns to /admin/setari-facturare.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SHORT_TOAST } from "~/lib/toast";
import { finishConnection } from "~/models/efactura-connection.server";
import { requireAdmin } from "~/models/session.server";
import { clearOauthState, readOauthState } from "~/services/efactura/oauth-state.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const result = await finishConnection(new URL(request.url).searchParams, await readOauthState(request));
  // One use: the state cookie is cleared whatever the outcome.
  const clear = { "Set-Cookie": await clearOauthState() };
  if (result.ok) return redirectWithToast("/admin/setari-facturare", { ...SHORT_TOAST, message: "Firma este conectată la ANAF e-Factura." }, { headers: clear });
  return data({ message: result.message }, { status: result.status, headers: { "Cache-Control": "no-store", ...clear } });
}

export default function AnafCallback() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="anaf-titlu">
      <h2 id="anaf-titlu">Conectare ANAF e-Factura</h2>
      <div className="alert alert--error" role="alert">
        {message}
      </div>
      <p>
        <Link to="/admin/setari-facturare">← Setări facturare</Link>
      </p>
    </section>
  );
}
