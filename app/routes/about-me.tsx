/** /about-me — the trainer's story (docs/product.md §2). Our own text; the name comes from configuration. */
import { type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon, type IconName } from "~/components/ui/Icon";
import { getConfig } from "~/config.server";
import { FOUNDED_YEAR } from "~/lib/business";
import { publicUrlFrom, seo } from "~/lib/seo";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

export function loader() {
  const { trainer, brand } = getConfig().business;
  return { trainer, brand };
}

const values: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: "user", title: "Grupe mici", text: "Cel mult patru cursante, ca să pot sta lângă fiecare și să-ți corectez mâna la timp." },
  { icon: "check", title: "Lucru pe modele reale", text: "Din prima zi lucrezi pe mâini adevărate, pentru că meseria se învață lucrând." },
  { icon: "star", title: "Sprijin după curs", text: "Îmi poți trimite poze cu lucrările tale și te ajut până prinzi încredere." },
];

export default function AboutMe() {
  const { trainer, brand } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="container about">
        <header className="page-header about__header">
          <p className="eyebrow">Despre mine</p>
          <h1>Bună, sunt {trainer}</h1>
          <p className="lead">
            Tehnician manichiurist și formator. Din {FOUNDED_YEAR} predau, în academia mea din Constanța, meseria pe
            care o iubesc.
          </p>
        </header>
        <div className="about__layout">
          <div className="prose about__story">
            <h2>Cum a început</h2>
            <p>
              Am început cu unghiile din pasiune, la masa din bucătărie, cu o lampă mică și multă răbdare. Primele mele
              cliente au fost prietenele, apoi prietenele lor. Când programările au început să se umple cu săptămâni
              înainte, am știut că asta vreau să fac toată viața.
            </p>
            <p>
              În {FOUNDED_YEAR} am deschis în Constanța {brand}: jumătate salon, jumătate sală de curs. De atunci am
              lucrat cu cursante de toate vârstele – tinere care își căutau prima meserie, mame care aveau nevoie de un
              program flexibil, tehniciene care voiau să treacă la nivelul următor.
            </p>
            <h2>Cum predau</h2>
            <p>
              Îți explic nu doar cum, ci și de ce facem fiecare pas. Așa te descurci și cu unghiile dificile, nu doar
              cu cele din manual. Lucrăm în grupe mici, pe modele reale, iar igiena nu e negociabilă: instrumentele se
              sterilizează în autoclav, iar tu înveți să lucrezi la fel, pentru siguranța ta și a clientelor tale.
            </p>
            <p>
              Pentru cine nu poate ajunge în Constanța am filmat cursurile online, lecție cu lecție, în salonul în care
              lucrez zilnic. Le poți urmări de pe telefon, în ritmul tău.
            </p>
            <h2>După curs</h2>
            <p>
              Nu rămâi singură după ultima zi. Îmi poți scrie oricând cu poze cu lucrările tale, iar absolventele
              cursului de bază au 10% reducere la cursurile de perfecționare. Cea mai mare bucurie a mea e să văd
              salonul unei foste cursante plin de cliente.
            </p>
            <p className="about__signature">Te aștept la curs, {trainer.split(" ")[0]}</p>
          </div>
          <aside className="about__aside" aria-labelledby="ce-promit">
            <h2 id="ce-promit" className="about__aside-title">
              Ce îți promit
            </h2>
            <ul className="value-list">
              {values.map((value) => (
                <li key={value.title} className="value-list__item">
                  <span className="feature-card__icon">
                    <Icon name={value.icon} size={22} />
                  </span>
                  <div>
                    <h3>{value.title}</h3>
                    <p>{value.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="row">
              <Link to="/cursuri" className="button button--primary" prefetch="intent">
                Vezi cursurile
              </Link>
              <Link to="/contact" className="button button--light">
                Scrie-mi
              </Link>
            </p>
          </aside>
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({
    title: data ? `Despre mine – ${data.trainer}` : "Despre mine",
    description: `Povestea formatoarei ${data?.trainer ?? ""}: tehnician manichiurist din ${FOUNDED_YEAR}, cu academie proprie în Constanța, grupe mici și sprijin după curs.`,
    path: "/about-me",
    publicUrl: publicUrlFrom(matches),
    type: "article",
  });
