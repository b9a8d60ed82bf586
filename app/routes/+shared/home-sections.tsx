/**
 * Sections of the home page (`routes/_index.tsx`): the next physical group, the physical and
 * online course lists, and where to find the academy. Typed by the home loader.
 */
import { Link, type useLoaderData } from "@remix-run/react";
import { CourseCard } from "~/components/catalogue/CourseCard";
import { Price } from "~/components/catalogue/Price";
import { Icon } from "~/components/ui/Icon";
import { mapsHref, OPENING_HOURS, telHref } from "~/lib/business";
import { courseHref } from "~/lib/course-actions";
import { periodLabel } from "~/lib/course-quote";
import { seatsLeftLabel } from "~/lib/sessions";
import { formatDate } from "~/lib/dates";
import type { useRootData } from "~/root";
import type { homeLoader } from "./home.server";

type HomeData = ReturnType<typeof useLoaderData<typeof homeLoader>>;
type RootBusiness = NonNullable<ReturnType<typeof useRootData>>["business"];

export function NextSession({ session }: { session: NonNullable<HomeData["session"]> }) {
  return (
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
            {session.durationDays ? <> · {periodLabel(session.durationDays)}</> : null}
            {session.session ? (
              <>
                {" "}
                · <span data-testid="next-session-seats">{seatsLeftLabel(session.session.seatsLeft)}</span>
              </>
            ) : (
              " · cel mult 4 cursante"
            )}
          </p>
          {session.session ? (
            <p className="promo__facts">
              {session.session.when}, {session.session.hours} · {session.session.place}
            </p>
          ) : null}
          <p className="promo__price">
            <Price bani={session.fromPriceBani} from={session.severalPrices} />
          </p>
        </div>
        <Link to={courseHref("physical", session.id)} className="button button--primary promo__cta" prefetch="intent">
          Rezervă-ți locul
        </Link>
      </div>
    </section>
  );
}

export function PhysicalCourses({ courses: physical }: { courses: HomeData["physical"] }) {
  return (
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
  );
}

export function OnlineCourses({ courses: online }: { courses: HomeData["online"] }) {
  return (
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
  );
}

export function Location({ business }: { business: RootBusiness }) {
  return (
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
  );
}
