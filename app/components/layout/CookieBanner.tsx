/**
 * Cookie banner (docs/product.md §4): shown while no choice is saved. Every button is a plain form POST to
 * /api/cookie-consent (works without JavaScript); with JavaScript it is a fetcher and the banner
 * hides at once. "Personalizează" opens the settings in a <details> element (Escape closes it: app/lib/page-keys.ts).
 * It is rendered right after the skip link (the first thing a keyboard reaches) and shown at the
 * bottom of the window; its buttons come before any link, and while it is shown the page keeps
 * room below it so no focused element is hidden behind it (app.css, WCAG 2.4.11).
 */
import { useFetcher, useLocation } from "@remix-run/react";

export function CookieBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  const redirectTo = `${location.pathname}${location.search}`;

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" aria-live="polite">
      <div className="cookie-banner__inner">
        <h2 id="cookie-banner-title" className="cookie-banner__title">
          Folosim cookie-uri
        </h2>
        <p className="cookie-banner__text">
          Cookie-urile necesare țin minte autentificarea și coșul. Pe cele de analiză și marketing le folosim doar
          cu acordul tău.
        </p>
        <fetcher.Form method="post" action="/api/cookie-consent" className="cookie-banner__actions">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value="accept-all" className="button button--primary">
            Accept toate
          </button>
          <button type="submit" name="intent" value="necessary-only" className="button button--ghost">
            Doar cele necesare
          </button>
        </fetcher.Form>
        <a href="/cookie" className="cookie-banner__policy">
          Politica de cookie-uri
        </a>
        <details className="cookie-banner__settings" data-dismiss="panel">
          <summary className="button button--link">Personalizează</summary>
          <fetcher.Form method="post" action="/api/cookie-consent" className="cookie-settings">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="intent" value="save" />
            <fieldset className="cookie-settings__list">
              <legend className="visually-hidden">Categorii de cookie-uri</legend>
              <label className="check">
                <input type="checkbox" name="necessary" checked disabled />
                <span>
                  <strong>Necesare</strong> – mereu active: autentificare, coș, preferințe.
                </span>
              </label>
              <label className="check">
                <input type="checkbox" name="analytics" value="on" />
                <span>
                  <strong>Analiză</strong> – ne ajută să înțelegem ce pagini sunt utile.
                </span>
              </label>
              <label className="check">
                <input type="checkbox" name="marketing" value="on" />
                <span>
                  <strong>Marketing</strong> – reclame relevante pe alte platforme.
                </span>
              </label>
            </fieldset>
            <button type="submit" className="button button--primary">
              Salvează
            </button>
          </fetcher.Form>
        </details>
      </div>
    </section>
  );
}
