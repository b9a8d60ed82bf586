/**
 * / — home (docs/product.md §2): hero, the three recognition cards, the next in-person session, the
 * courses, and where to find the academy.
 */
import { type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { JsonLd } from "~/components/JsonLd";
import { Icon, type IconName } from "~/components/ui/Icon";
import { FOUNDED_YEAR, OPENING_HOURS_SCHEMA } from "~/lib/business";
import { absoluteUrl, DEFAULT_SHARE_IMAGE, publicUrlFrom, seo } from "~/lib/seo";
import { useRootData } from "~/root";
import { STATIC_PAGE } from "~/lib/route-handle";
import { homeLoader } from "~/routes/+shared/home.server";
import { Location, NextSession, OnlineCourses, PhysicalCourses } from "~/routes/+shared/home-sections";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

const HERO = { src: "/images/hero.webp", srcSet: "/images/hero-480.webp 480w, /images/hero-720.webp 720w, /images/hero.webp 960w" };
// On a phone the hero is as wide as the page less its margins (lib/images.ts, CARD_SIZES).
const HERO_SIZES = "(min-width: 1160px) 540px, (min-width: 800px) 46vw, 92vw";

export const links: LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO.src, imageSrcSet: HERO.srcSet, imageSizes: HERO_SIZES, type: "image/webp", fetchPriority: "high" },
];

export const loader = homeLoader;

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

      {session ? <NextSession session={session} /> : null}
      {physical.length ? <PhysicalCourses courses={physical} /> : null}
      {online.length ? <OnlineCourses courses={online} /> : null}
      {business ? <Location business={business} /> : null}

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
