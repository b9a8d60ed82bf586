/**
 * / — home (SPEC §2): hero, the three recognition cards, the next in-person session, the
 * courses, and where to find the academy.
 */
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { Price } from "~/components/catalogue/Price";
import { JsonLd } from "~/components/JsonLd";
import { Icon, type IconName } from "~/components/ui/Icon";
import { getConfig } from "~/config.server";
import { FOUNDED_YEAR, mapsHref, OPENING_HOURS, OPENING_HOURS_SCHEMA, telHref } from "~/lib/business";
import { courseHref } from "~/lib/course-actions";
import { periodLabel } from "~/lib/course-quote";
import { formatDate, todayInBucharest } from "~/lib/dates";
import { absoluteUrl, DEFAULT_SHARE_IMAGE, publicUrlFrom, seo } from "~/lib/seo";
import { useRootData } from "~/root";
import { courseCards, courseLinks, upcomingSession } from "~/models/catalogue.server";
import { getUser } from "~/models/session.server";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

const HERO = { src: "/images/hero.webp", srcSet: "/images/hero-480.webp 480w, /images/hero.webp 960w" };
const HERO_SIZES = "(min-width: 1160px) 540px, (min-width: 800px) 46vw, 100vw";

export const links: LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO.src, imageSrcSet: HERO.srcSet, imageSizes: HERO_SIZES, type: "image/webp" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const userId = user?.id ?? null;
  const [session, physical, online] = await Promise.all([
    upcomingSession(todayInBucharest()),
    courseCards("physical", userId, 3),
    courseLinks("online", 3),
  ]);
  return json({ session, physical, online, trainer: getConfig().business.trainer });
}

const recognition: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "star",
    title: `Experiență din ${FOUNDED_YEAR}`,
    text: "Predăm din 2016 și lucrăm zilnic cu clientele salonului, așa că îți arătăm tehnici verificate, nu doar teorie.",
  },
  {
    icon: "award",
    title: "Certificare acreditată",
    text: "La cursurile în sală poți obține diploma acreditată, recunoscută la nivel național, ca să lucrezi legal.",
  },
  {
    icon: "calendar",
    title: "Program flexibil",
    text: "Alegi perioada potrivită, plătești integral sau doar un avans, iar cursurile online le urmezi oricând.",
  },
];

export default function Home() {
  const { session, physical, online, trainer } = useLoaderData<typeof loader>();
  const root = useRootData();
  const business = root?.business;
  const publicUrl = root?.publicUrl ?? "";

  return (
    <main>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">Academie de manichiură · Constanța</p>
            <h1 className="hero__title">Transformă pasiunea pentru unghii într-o meserie</h1>
            <p className="lead">
              Cursuri acreditate în Constanța și cursuri video online, predate de {trainer}, tehnician și formator din{" "}
              {FOUNDED_YEAR}. Grupe mici, lucru pe modele reale și sprijin și după absolvire.
            </p>
            <p className="hero__actions">
              <Link to="/cursuri" className="button button--primary" prefetch="intent">
                Vezi cursurile
              </Link>
              <Link to="/cursuri-online" className="button button--ghost" prefetch="intent">
                Cursuri online
              </Link>
            </p>
          </div>
          <div className="hero__media">
            <img
              src={HERO.src}
              srcSet={HERO.srcSet}
              sizes={HERO_SIZES}
              width={960}
              height={640}
              alt="Ojă semipermanentă în nuanțe de roșu și roz, lângă o mână cu manichiură proaspătă"
              {...{ fetchpriority: "high" }}
            />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="de-ce-noi">
        <div className="container">
          <h2 id="de-ce-noi" className="visually-hidden">
            De ce să alegi academia noastră
          </h2>
          <ul className="feature-grid">
            {recognition.map((item) => (
              <li key={item.title} className="card feature-card">
                <span className="feature-card__icon">
                  <Icon name={item.icon} size={26} />
                </span>
                <h3 className="feature-card__title">{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {session ? (
        <section className="section section--tint" aria-labelledby="urmatoarea-grupa">
          <div className="container promo">
            <div className="promo__date" aria-hidden="true">
              <Icon name="calendar" size={28} />
              <span className="promo__date-text">{formatDate(session.date)}</span>
            </div>
            <div className="promo__body">
              <p className="eyebrow">Următoarea grupă</p>
              <h2 id="urmatoarea-grupa">{session.title}</h2>
              <p className="promo__facts">
                Începe pe <strong data-testid="next-session-date">{formatDate(session.date)}</strong>
                {session.durationDays ? <> · {periodLabel(session.durationDays)}</> : null} · cel mult 4 cursante
              </p>
              <p className="promo__price">
                <Price bani={session.fromPriceBani} from={session.severalPrices} />
              </p>
            </div>
            <Link to={courseHref("physical", session.id)} className="button button--primary promo__cta" prefetch="intent">
              Rezervă-ți locul
            </Link>
          </div>
        </section>
      ) : null}

      {physical.length ? (
        <section className="section" aria-labelledby="cursuri-sala">
          <div className="container">
            <div className="section__head">
              <div>
                <p className="eyebrow">În sală, la Constanța</p>
                <h2 id="cursuri-sala">Cursurile noastre</h2>
              </div>
              <Link to="/cursuri" className="button button--light" prefetch="intent">
                Toate cursurile
              </Link>
            </div>
            <div className="grid catalogue-grid">
              {physical.map((course) => (
                <CourseCard key={course.id} course={course} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {online.length ? (
        <section className="section section--tint" aria-labelledby="cursuri-online">
          <div className="container">
            <div className="section__head">
              <div>
                <p className="eyebrow">Online, în ritmul tău</p>
                <h2 id="cursuri-online">Învață de acasă</h2>
              </div>
              <Link to="/cursuri-online" className="button button--light" prefetch="intent">
                Toate cursurile online
              </Link>
            </div>
            <ul className="online-list">
              {online.map((course) => (
                <li key={course.id} className="online-list__item">
                  <span className="online-list__icon" aria-hidden="true">
                    <Icon name="play" size={22} />
                  </span>
                  <span className="online-list__text">
                    <Link to={courseHref("online", course.id)} className="online-list__title" prefetch="intent">
                      {course.title}
                    </Link>
                    {course.secondTitle ? <span className="online-list__subtitle">{course.secondTitle}</span> : null}
                  </span>
                  <Price bani={course.fromPriceBani} from={course.severalPrices} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {business ? (
        <section className="section" aria-labelledby="locatie">
          <div className="container location">
            <div className="location__text">
              <p className="eyebrow">Te așteptăm</p>
              <h2 id="locatie">Ne găsești în Constanța</h2>
              <ul className="meta-list meta-list--large">
                <li>
                  <Icon name="pin" /> <span>{business.address}</span>
                </li>
                <li>
                  <Icon name="clock" /> <span>{OPENING_HOURS}</span>
                </li>
                <li>
                  <Icon name="phone" /> <a href={telHref(business.phone)}>{business.phone}</a>
                </li>
                <li>
                  <Icon name="mail" /> <a href={`mailto:${business.email}`}>{business.email}</a>
                </li>
              </ul>
              <p className="row">
                <a href={mapsHref(business.address)} className="button button--dark" target="_blank" rel="noopener noreferrer">
                  Deschide în Hărți
                </a>
                <Link to="/contact" className="button button--light">
                  Contact
                </Link>
              </p>
            </div>
            <div className="location__card" aria-hidden="true">
              <svg viewBox="0 0 320 220" width="320" height="220" className="location__map">
                <rect width="320" height="220" rx="18" fill="#fbeee9" />
                <path d="M0 150 C60 130 90 170 150 150 S250 120 320 140 V220 H0Z" fill="#cfe3ef" />
                <path d="M30 40 H290 M60 20 V140 M140 10 V150 M230 20 V130 M20 95 H300" stroke="#ead9da" strokeWidth="10" strokeLinecap="round" />
                <circle cx="150" cy="80" r="34" fill="#b8325a" opacity=".12" />
                <path d="M150 104s-22-19-22-36a22 22 0 0 1 44 0c0 17-22 36-22 36Z" fill="#b8325a" />
                <circle cx="150" cy="68" r="8" fill="#fff" />
              </svg>
            </div>
          </div>
        </section>
      ) : null}

      {business ? (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "NailSalon",
            name: business.brand,
            legalName: business.name,
            url: publicUrl,
            image: absoluteUrl(publicUrl, DEFAULT_SHARE_IMAGE),
            telephone: business.phone,
            email: business.email,
            address: { "@type": "PostalAddress", streetAddress: business.address, addressLocality: "Constanța", addressCountry: "RO" },
            openingHours: OPENING_HOURS_SCHEMA,
            foundingDate: String(FOUNDED_YEAR),
            founder: { "@type": "Person", name: trainer },
          }}
        />
      ) : null}
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Ana Nails Academy – cursuri de manichiură în Constanța",
    description:
      "Cursuri de manichiură acreditate în Constanța, din 2016: grupe mici, lucru pe modele reale, diplomă acreditată. Plus cursuri video online și produse profesionale.",
    path: "/",
    publicUrl: publicUrlFrom(matches),
  });
