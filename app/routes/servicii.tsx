/** /servicii — the salon's services with indicative prices (our own content; docs/product.md lists the route only). */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { OPENING_HOURS, telHref } from "~/lib/business";
import { formatMoney, lei } from "~/lib/money";
import { publicUrlFrom, seo } from "~/lib/seo";
import { useRootData } from "~/root";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

interface Service {
  name: string;
  note?: string;
  bani: number;
  from?: boolean;
}

const groups: Array<{ id: string; title: string; services: Service[] }> = [
  {
    id: "manichiura",
    title: "Manichiură",
    services: [
      { name: "Manichiură clasică", note: "Forma unghiilor, cuticule, lac sau ulei", bani: lei(60) },
      { name: "Manichiură cu ojă semipermanentă", note: "Rezistă 2–3 săptămâni", bani: lei(110) },
      { name: "Construcție cu gel", note: "Pe tips sau pe șablon, orice formă", bani: lei(170) },
      { name: "Întreținere gel", note: "La 3–4 săptămâni", bani: lei(140) },
    ],
  },
  {
    id: "pedichiura",
    title: "Pedichiură",
    services: [
      { name: "Pedichiură estetică", note: "Cuticule, calusuri ușoare, hidratare", bani: lei(100) },
      { name: "Pedichiură cu ojă semipermanentă", bani: lei(140) },
    ],
  },
  {
    id: "extra",
    title: "Extra",
    services: [
      { name: "Nail art", note: "Pe unghie, în funcție de model", bani: lei(5), from: true },
      { name: "Îndepărtare gel sau ojă semipermanentă", bani: lei(40) },
      { name: "Reparație unghie", bani: lei(15) },
    ],
  },
];

export default function Services() {
  const business = useRootData()?.business;
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Salon</p>
          <h1>Servicii în salon</h1>
          <p className="lead">
            În afara cursurilor, salonul academiei te așteaptă pentru manichiură și pedichiură, lucrate cu aceleași
            produse și aceeași grijă pentru igienă pe care le predăm.
          </p>
        </header>
        <div className="services">
          {groups.map((group) => (
            <section key={group.id} className="card card--pad services__group" aria-labelledby={`servicii-${group.id}`}>
              <h2 id={`servicii-${group.id}`} className="services__title">
                {group.title}
              </h2>
              <ul className="price-list">
                {group.services.map((service) => (
                  <li key={service.name} className="price-list__item">
                    <span className="price-list__name">
                      {service.name}
                      {service.note ? <span className="price-list__note">{service.note}</span> : null}
                    </span>
                    <span className="price-list__dots" aria-hidden="true" />
                    <span className="price">
                      {service.from ? <span className="price__from">de la</span> : null}
                      {formatMoney(service.bani)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p className="muted services__disclaimer">
          Prețurile sunt orientative și pot varia în funcție de lungimea și starea unghiilor. Program: {OPENING_HOURS}.
        </p>
        <aside className="callout" aria-labelledby="model-curs">
          <div>
            <h2 id="model-curs" className="callout__title">
              Vrei să fii model la cursuri?
            </h2>
            <p>
              Cursantele lucrează sub îndrumarea formatoarei, iar tu primești manichiura la un preț redus. Sună-ne și te
              trecem pe listă.
            </p>
          </div>
          {business ? (
            <a href={telHref(business.phone)} className="button button--dark">
              Programează-te: {business.phone}
            </a>
          ) : (
            <Link to="/contact" className="button button--dark">
              Contact
            </Link>
          )}
        </aside>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Servicii de manichiură și pedichiură în Constanța",
    description: "Manichiură, ojă semipermanentă, construcție cu gel și pedichiură în salonul academiei din Constanța. Prețuri orientative.",
    path: "/servicii",
    publicUrl: publicUrlFrom(matches),
  });
