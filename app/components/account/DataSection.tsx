/**
 * "Datele mele" (#datele-mele) on /cont: download everything as JSON, or go to the page that
 * deletes the account. Plain links, so both work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { AccountSection } from "./AccountSection";

export function DataSection() {
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
    </AccountSection>
  );
}
