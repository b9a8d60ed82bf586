/** /contact — opening hours, phone, e-mail and address (docs/product.md §2, §9). */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/Icon";
import { mapsHref, OPENING_HOURS, telHref } from "~/lib/business";
import { publicUrlFrom, seo } from "~/lib/seo";
import { useRootData } from "~/root";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

const questions = [
  {
    q: "Cum îmi rezerv locul la un curs?",
    a: "Alegi cursul și perioada, îl adaugi în coș și plătești integral sau doar avansul (suma lui e afișată pe pagina cursului). Locul este al tău după confirmarea plății.",
  },
  {
    q: "Am nevoie de experiență?",
    a: "Nu pentru cursul de bază: pornim de la zero. Cursul avansat este pentru cine lucrează deja cu gel.",
  },
  {
    q: "Primesc diplomă?",
    a: "La cursurile în sală poți alege diploma acreditată (costul ei suplimentar e afișat pe pagina cursului). Cursurile online se încheie cu o diplomă de participare.",
  },
];

export default function Contact() {
  const business = useRootData()?.business;
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Contact</p>
          <h1>Hai să vorbim</h1>
          <p className="lead">Ai o întrebare despre cursuri, servicii sau produse? Sună-ne sau scrie-ne – îți răspundem în aceeași zi.</p>
        </header>
        {business ? (
          <ul className="contact-grid">
            <li className="card contact-card">
              <span className="feature-card__icon">
                <Icon name="phone" />
              </span>
              <h2 className="contact-card__title">Telefon</h2>
              <a href={telHref(business.phone)} className="contact-card__value">
                {business.phone}
              </a>
              <p className="muted">Sună-ne în timpul programului</p>
            </li>
            <li className="card contact-card">
              <span className="feature-card__icon">
                <Icon name="mail" />
              </span>
              <h2 className="contact-card__title">E-mail</h2>
              <a href={`mailto:${business.email}`} className="contact-card__value">
                {business.email}
              </a>
              <p className="muted">Răspundem în aceeași zi lucrătoare</p>
            </li>
            <li className="card contact-card">
              <span className="feature-card__icon">
                <Icon name="clock" />
              </span>
              <h2 className="contact-card__title">Program</h2>
              <p className="contact-card__value">{OPENING_HOURS}</p>
              <p className="muted">Cursuri, salon și ridicare produse</p>
            </li>
            <li className="card contact-card">
              <span className="feature-card__icon">
                <Icon name="pin" />
              </span>
              <h2 className="contact-card__title">Adresă</h2>
              <p className="contact-card__value contact-card__value--small">{business.address}</p>
              <a href={mapsHref(business.address)} target="_blank" rel="noopener noreferrer">
                Deschide în Hărți
              </a>
            </li>
          </ul>
        ) : null}

        <div className="contact-more">
          <section aria-labelledby="intrebari">
            <h2 id="intrebari">Întrebări frecvente</h2>
            {questions.map((item) => (
              <details key={item.q} className="disclosure">
                <summary>{item.q}</summary>
                <div className="disclosure__body">
                  <p>{item.a}</p>
                </div>
              </details>
            ))}
          </section>
          {business ? (
            <section className="card card--pad company-card" aria-labelledby="date-firma">
              <h2 id="date-firma" className="company-card__title">
                Date de identificare
              </h2>
              <dl className="company-card__list">
                <dt>Firma</dt>
                <dd>{business.name}</dd>
                <dt>CUI</dt>
                <dd>{business.cui}</dd>
                <dt>Reg. Com.</dt>
                <dd>{business.regCom}</dd>
                <dt>Sediu</dt>
                <dd>{business.address}</dd>
              </dl>
              <p>
                <Link to="/termeni">Termeni și condiții</Link>
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Contact",
    description: `Telefon, e-mail și adresă în Constanța. Program: ${OPENING_HOURS}.`,
    path: "/contact",
    publicUrl: publicUrlFrom(matches),
  });
