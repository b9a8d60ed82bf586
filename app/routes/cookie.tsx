/**
 * /cookie — cookie policy (legal page "cookie") plus the form to change the cookie choice at
 * any time (it posts to the same endpoint as the banner).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { SITE_COOKIES } from "~/lib/site-cookies";
import { LegalPageView, legalHandle, legalMeta, useLegalAdminSlots } from "~/routes/+shared/legal-page";
import { useRootData } from "~/root";
import { legalAction, legalLoader } from "~/routes/+shared/legal-page.server";
import { TableWrap } from "~/components/ui/TableWrap";

export const loader = (args: LoaderFunctionArgs) => legalLoader("/cookie", args);
/** Admins edit the policy text inline (requireAdmin first). */
export const action = (args: ActionFunctionArgs) => legalAction("/cookie", args);

function describe(consent: { analytics: boolean; marketing: boolean } | null): string {
  if (!consent) return "Nu ai ales încă. Până alegi, folosim doar cookie-urile necesare.";
  const extra = [consent.analytics ? "analiză" : null, consent.marketing ? "marketing" : null].filter(Boolean);
  return extra.length
    ? `Accepți cookie-urile necesare și pe cele de ${extra.join(" și ")}.`
    : "Accepți doar cookie-urile necesare.";
}

export default function CookiePolicy() {
  const page = useLoaderData<typeof legalLoader>();
  const consent = useRootData()?.consent ?? null;
  const slots = useLegalAdminSlots(page);
  return (
    <LegalPageView page={page} {...slots}>
      <CookieTable />
      <section className="card card--pad cookie-preferences" aria-labelledby="preferinte-cookie">
        <h2 id="preferinte-cookie">Preferințele tale privind cookie-urile</h2>
        <p className="muted" data-testid="cookie-current">
          {describe(consent)}
        </p>
        <Form method="post" action="/api/cookie-consent" className="cookie-settings">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="source" value="preferences" />
          <input type="hidden" name="redirectTo" value="/cookie" />
          <fieldset className="cookie-settings__list">
            <legend className="visually-hidden">Categorii de cookie-uri</legend>
            <label className="check">
              <input type="checkbox" name="necessary" checked disabled readOnly />
              <span>
                <strong>Necesare</strong> – mereu active: autentificare, coș, preferințe.
              </span>
            </label>
            <label className="check">
              <input type="checkbox" name="analytics" value="on" defaultChecked={consent?.analytics ?? false} />
              <span>
                <strong>Analiză</strong> – ne ajută să înțelegem ce pagini sunt utile.
              </span>
            </label>
            <label className="check">
              <input type="checkbox" name="marketing" value="on" defaultChecked={consent?.marketing ?? false} />
              <span>
                <strong>Marketing</strong> – reclame relevante pe alte platforme.
              </span>
            </label>
          </fieldset>
          <p>
            <button type="submit" className="button button--primary">
              Salvează preferințele
            </button>
          </p>
        </Form>
      </section>
    </LegalPageView>
  );
}

/** The cookies the code sets (lib/site-cookies), rendered from the code so the page cannot drift. */
function CookieTable() {
  return (
    <section className="card card--pad cookie-table" aria-labelledby="cookie-uri-setate">
      <h2 id="cookie-uri-setate">Cookie-urile setate de site</h2>
      <TableWrap label="Cookie-urile setate de site">
        <table className="table" data-testid="cookie-table">
          <thead>
            <tr>
              <th scope="col">Nume</th>
              <th scope="col">Scop</th>
              <th scope="col">Durată</th>
              <th scope="col">Parte</th>
            </tr>
          </thead>
          <tbody>
            {SITE_COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <td>
                  <code>{cookie.name}</code>
                </td>
                <td>{cookie.purpose}</td>
                <td>{cookie.duration}</td>
                <td>{cookie.party === "first" ? "Prima parte (setat de site)" : "Terță parte"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

export const meta = legalMeta;
export const ErrorBoundary = errorBoundary("legal");
export const handle = legalHandle;
