/**
 * How long the site keeps what (docs/product.md §11): the ONE source of the periods. The privacy
 * policy's section 6 (db/seed-data.ts) is written from these values, the session cookie and rows,
 * the rate-limit windows (config.server.ts refuses a longer one) and the retention job
 * (models/retention.server.ts) use them, and tests/unit/retention.test.ts fails when the policy
 * text and the periods disagree. Pure values.
 */

export const RETENTION = {
  /** A login session: this many days after its last activity, then deleted. */
  sessionDays: 30,
  /** A rate-limit window (with the client's IP address) lasts at most this long… */
  rateLimitWindowMinutes: 60,
  /** …and is deleted at most this long after it ended (the job runs this often). */
  rateLimitSweepMinutes: 60,
  /** Invoices and credit notes: at least this many years after the end of their financial year. */
  invoiceYears: 10,
  /** The cookie-consent choice, in the browser. */
  consentCookieMonths: 6,
} as const;

const DAY_MS = 24 * 3600_000;

/** The phrases of the policy's section 6 that state the periods (the drift test looks for each). */
export const RETENTION_POLICY_PHRASES = {
  invoices: `cel puțin ${RETENTION.invoiceYears} ani de la sfârșitul exercițiului financiar în care au fost emise`,
  sessions: `Sesiunile de autentificare: ${RETENTION.sessionDays} de zile de la ultima activitate, apoi se șterg automat`,
  rateLimits: `doar pe durata ferestrei de limitare (cel mult ${RETENTION.rateLimitWindowMinutes} de minute), apoi se șterge automat în cel mult ${RETENTION.rateLimitSweepMinutes === 60 ? "o oră" : `${RETENTION.rateLimitSweepMinutes} de minute`}`,
  consent: `alegerea privind cookie-urile: ${RETENTION.consentCookieMonths} luni, în browserul tău`,
} as const;

/** A session last seen before this moment is past its period. */
export function sessionCutoff(now: Date): Date {
  return new Date(now.getTime() - RETENTION.sessionDays * DAY_MS);
}

/**
 * The last calendar year whose documents may now leave the retention period: a document of year
 * Y is kept through 31 December of Y + invoiceYears, so on 1 January of Y + invoiceYears + 1 it
 * may go. Orders of that year or earlier whose invoices are all of such years are anonymised.
 */
export function lastExpiredYear(now: Date): number {
  return now.getUTCFullYear() - RETENTION.invoiceYears - 1;
}
