/**
 * Every cookie the site sets (all first party, none before consent except the strictly
 * necessary ones). The seeded cookie policy lists them from here, and tests/unit/site-cookies
 * fails when the code creates a cookie that is not on this list.
 */
import { RETENTION } from "./retention";

export interface SiteCookie {
  name: string;
  purpose: string;
  duration: string;
  party: "first";
}

export const SITE_COOKIES: readonly SiteCookie[] = [
  { name: "__session", purpose: "Te ține autentificat în cont (necesar).", duration: `${RETENTION.sessionDays} de zile`, party: "first" },
  {
    name: "__device",
    purpose: "Recunoaște dispozitivul de pe care te-ai mai autentificat, ca încercările greșite ale altora să nu te blocheze (necesar; conține doar un cod aleator și amprente ale conturilor, nu adresa de e-mail).",
    duration: "1 an",
    party: "first",
  },
  { name: "__flash", purpose: "Afișează mesajul de confirmare după o acțiune, pe pagina următoare (necesar).", duration: "sesiunea browserului (se șterge după afișare)", party: "first" },
  { name: "cookie_consent", purpose: "Ține minte alegerea ta privind cookie-urile opționale (necesar).", duration: `${RETENTION.consentCookieMonths} luni`, party: "first" },
  {
    name: "anaf_oauth_state",
    purpose: "Doar pentru administratori: leagă conectarea la ANAF (e-Factura) de browserul care a pornit-o, ca nimeni altcineva să nu o poată finaliza (necesar).",
    duration: "10 minute",
    party: "first",
  },
];

/** The cookie table as the policy text shows it, one sentence per cookie. */
export function cookieTableText(): string {
  return SITE_COOKIES.map((c) => `${c.name}: ${c.purpose} Durată: ${c.duration}. Prima parte (setat de site).`).join(" ");
}
