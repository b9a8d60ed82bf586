/**
 * The one error page of the site, used by every route error boundary: routes pick an area
 * (`export const ErrorBoundary = errorBoundary("admin")`) and the area gives the words.
 *
 * - 404 → the not-found page (or the area's own not-found words), 403 → access denied;
 * - anything else → the area's load message with a retry link and a way back (the root area:
 *   the generic "A apărut o eroare" page with the status).
 * The HTTP status is the thrown response's (or 500), and the root meta marks error pages
 * `noindex` with the same Romanian titles (lib/meta.ts errorPageMeta).
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { PLAYER_MESSAGES } from "~/lib/player";
import { COURSE_FORM_MESSAGES } from "~/lib/validation/admin-course-rows";

interface AreaTexts {
  /** The heading when the page could not be loaded. */
  message: string;
  backTo: string;
  backLabel: string;
  /** Words for a 404 in this area, instead of the site's not-found page. */
  notFound?: { eyebrow: string; title: string; lead: string };
}

const HOME = { backTo: "/", backLabel: "Pagina principală" };

export const ERROR_TEXTS = {
  site: { message: "A apărut o eroare", backTo: "/cursuri", backLabel: "Vezi cursurile" },
  account: { message: "Contul nu a putut fi încărcat.", backTo: "/", backLabel: "Pagina principală" },
  cart: { message: "A apărut o eroare la obținerea coșului.", backTo: "/cursuri", backLabel: "Vezi cursurile" },
  payment: { message: "Rezultatul plății nu a putut fi încărcat.", backTo: "/cont", backLabel: "Contul meu" },
  admin: { message: COURSE_FORM_MESSAGES.loadFailed, backTo: "/admin", backLabel: "Administrare" },
  legal: { message: "Eroare: pagina nu a putut fi încărcată.", ...HOME },
  courses: { message: "Nu s-au putut prelua cursurile", ...HOME },
  onlineCourses: { message: "Nu s-au putut prelua cursurile online", ...HOME },
  products: { message: "Nu s-au putut prelua produsele", ...HOME },
  course: { message: "Cursul nu a putut fi incarcat cu succes.", backTo: "/cursuri", backLabel: "Toate cursurile" },
  onlineCourse: { message: "Eroare la incarcarea cursului online.", backTo: "/cursuri-online", backLabel: "Toate cursurile online" },
  product: { message: "Produsul nu a putut fi încărcat.", backTo: "/produse", backLabel: "Toate produsele" },
  diploma: { message: "Diploma nu a putut fi încărcată.", backTo: "/cont#cursuri-active", backLabel: "Contul meu" },
  diplomaCheck: {
    message: "Verificarea nu a reușit",
    ...HOME,
    notFound: {
      eyebrow: "Verificare diplomă",
      title: PLAYER_MESSAGES.notFoundDiploma,
      lead: "Nu există nicio diplomă cu acest cod. Verificați că ați scris codul exact ca pe diplomă.",
    },
  },
} satisfies Record<string, AreaTexts>;

export type ErrorArea = keyof typeof ERROR_TEXTS;

function ErrorView({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children: ReactNode }) {
  return (
    <main className="page container error-page">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <p className="error-page__actions">{children}</p>
    </main>
  );
}

const homeLink = (
  <Link to="/" className="button button--primary">
    Înapoi la pagina principală
  </Link>
);

/** The error page for an area, for the error the nearest boundary caught. */
export function ErrorPage({ area }: { area: ErrorArea }) {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const texts: AreaTexts = ERROR_TEXTS[area];
  if (status === 404 && texts.notFound) {
    return (
      <ErrorView {...texts.notFound}>
        {homeLink}
      </ErrorView>
    );
  }
  if (status === 404) {
    return (
      <ErrorView eyebrow="Eroare 404" title="Pagina nu a fost găsită" lead="Adresa accesată nu există sau a fost mutată.">
        {homeLink}
        <Link to="/cursuri" className="button button--ghost">
          Vezi cursurile
        </Link>
      </ErrorView>
    );
  }
  if (status === 403) {
    return (
      <ErrorView eyebrow="Eroare 403" title="Acces interzis" lead="Nu aveți acces la această pagină.">
        {homeLink}
      </ErrorView>
    );
  }
  if (status === 503) {
    return (
      <ErrorView eyebrow="Eroare 503" title="Site-ul este temporar indisponibil" lead="Ne pare rău, ceva nu a funcționat. Încercați din nou în câteva momente.">
        <a href={`${location.pathname}${location.search}`} className="button button--primary">
          Reîncearcă
        </a>
      </ErrorView>
    );
  }
  if (area === "site") {
    return (
      <ErrorView eyebrow={`Eroare ${status}`} title={texts.message} lead="Ne pare rău, ceva nu a funcționat. Încercați din nou în câteva momente.">
        {homeLink}
        <Link to={texts.backTo} className="button button--ghost">
          {texts.backLabel}
        </Link>
      </ErrorView>
    );
  }
  return (
    <ErrorView eyebrow="Eroare" title={texts.message} lead="Te rugăm să încerci din nou în câteva momente.">
      <a href={`${location.pathname}${location.search}`} className="button button--primary">
        Reîncearcă
      </a>
      <Link to={texts.backTo} className="button button--ghost">
        {texts.backLabel}
      </Link>
    </ErrorView>
  );
}

/** A route's `ErrorBoundary` export for an area. */
export function errorBoundary(area: ErrorArea) {
  function ErrorBoundary() {
    return <ErrorPage area={area} />;
  }
  return ErrorBoundary;
}
