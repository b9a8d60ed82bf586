/**
 * The contents of route error boundaries: the Romanian not-found page (same words as the root
 * boundary) and a load error with SPEC's message and a retry link.
 */
import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";

export function NotFoundContent() {
  return (
    <main className="page container error-page">
      <p className="eyebrow">Eroare 404</p>
      <h1>Pagina nu a fost găsită</h1>
      <p className="lead">Adresa accesată nu există sau a fost mutată.</p>
      <p className="error-page__actions">
        <Link to="/" className="button button--primary">
          Înapoi la pagina principală
        </Link>
        <Link to="/cursuri" className="button button--ghost">
          Vezi cursurile
        </Link>
      </p>
    </main>
  );
}

export function LoadErrorContent({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  const location = useLocation();
  return (
    <main className="page container error-page">
      <p className="eyebrow">Eroare</p>
      <h1>{message}</h1>
      <p className="lead">Te rugăm să încerci din nou în câteva momente.</p>
      <p className="error-page__actions">
        <a href={`${location.pathname}${location.search}`} className="button button--primary">
          Reîncearcă
        </a>
        <Link to={backTo} className="button button--ghost">
          {backLabel}
        </Link>
      </p>
    </main>
  );
}

/**
 * A route's error boundary contents: 404 → the not-found page; another HTTP error (e.g. 403
 * from the origin check) → its generic page; an unexpected error → SPEC's load message.
 */
export function RouteErrorContent({
  error,
  message,
  backTo,
  backLabel,
}: {
  error: unknown;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="page container error-page">
        <p className="eyebrow">Eroare 403</p>
        <h1>Acces interzis</h1>
        <p className="lead">Nu aveți acces la această pagină.</p>
        <p className="error-page__actions">
          <Link to="/" className="button button--primary">
            Înapoi la pagina principală
          </Link>
        </p>
      </main>
    );
  }
  return <LoadErrorContent message={message} backTo={backTo} backLabel={backLabel} />;
}
