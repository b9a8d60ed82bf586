/**
 * "Datele mele" (#datele-mele) on /cont: download everything as JSON, give or withdraw the
 * news-by-e-mail consent (as easily as it was given at registration, GDPR art. 7(3)), or go to
 * the page that deletes the account. A link, a plain form post and a link: all work without
 * JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { AccountSection } from "./AccountSection";

export function DataSection({ marketing }: { marketing: boolean }) {
  return (
    <AccountSection id="datele-mele" title="Datele mele">
      <p className="muted">
        Poți descărca oricând toate datele pe care le avem despre tine (profil, facturare, comenzi, cursuri și progres, facturi,
        acordurile date), într-un fișier JSON. Poți și să îți ștergi contul.
      </p>
      <div className="form-actions">
        <a href="/cont/datele-mele.json" download className="button button--light">
          Descarcă datele
        </a>
        <Link to="/cont/sterge" className="button button--ghost">
          Șterge contul
        </Link>
      </div>
      <Form method="post" className="account__marketing" aria-labelledby="noutati-email">
        <h3 id="noutati-email">Noutăți pe e-mail</h3>
        <p className="muted">
          {marketing ? "Primești noutăți despre cursuri și oferte." : "Nu primești noutăți despre cursuri și oferte."} Poți schimba
          oricând alegerea.
        </p>
        <input type="hidden" name="marketing" value={marketing ? "" : "on"} />
        <button type="submit" name="intent" value="marketing" className="button button--light">
          {marketing ? "Nu mai vreau noutăți" : "Vreau să primesc noutăți"}
        </button>
      </Form>
    </AccountSection>
  );
}
