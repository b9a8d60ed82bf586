/**
 * docs/product.md §11: the privacy policy and the retention job read their periods from one
 * place (lib/retention.ts). This fails when the policy's text and the periods disagree: a period
 * changed in one place only, or the policy rewritten with other numbers.
 */
import { describe, expect, it } from "vitest";
import { seedTermsPages } from "../../db/seed-data";
import { ConfigError, loadConfig } from "~/config.server";
import { RETENTION, RETENTION_POLICY_PHRASES, lastExpiredYear, sessionCutoff } from "~/lib/retention";
import { SITE_COOKIES } from "~/lib/site-cookies";

const retentionSection = () => seedTermsPages.confidentialitate.find((s) => s.title === "6. Cât timp păstrăm datele")!.description;

describe("retention periods and the privacy policy", () => {
  it("the policy states every period as lib/retention.ts has it", () => {
    const text = retentionSection();
    for (const phrase of Object.values(RETENTION_POLICY_PHRASES)) expect(text).toContain(phrase);
    // The numbers themselves, as a reader sees them.
    expect(text).toContain(`${RETENTION.sessionDays} de zile de la ultima activitate`);
    expect(text).toContain(`cel mult ${RETENTION.rateLimitWindowMinutes} de minute`);
    expect(text).toContain(`cel puțin ${RETENTION.invoiceYears} ani`);
    expect(text).toContain(`${RETENTION.consentCookieMonths} luni`);
    // No other period of the same kind hides elsewhere in the section.
    expect(text.match(/\d+ de zile/g)).toEqual([`${RETENTION.sessionDays} de zile`]);
    expect(text.match(/\d+ ani/g)).toEqual([`${RETENTION.invoiceYears} ani`]);
  });

  it("the cookie list gives the same lifetimes", () => {
    expect(SITE_COOKIES.find((c) => c.name === "__session")?.duration).toBe(`${RETENTION.sessionDays} de zile`);
    expect(SITE_COOKIES.find((c) => c.name === "cookie_consent")?.duration).toBe(`${RETENTION.consentCookieMonths} luni`);
  });

  it("a rate-limit window longer than the policy allows stops start-up", () => {
    expect(() => loadConfig({ SESSION_SECRET: "x".repeat(32), RATE_LIMIT_LOGIN_ADDRESS_WINDOW_MIN: String(RETENTION.rateLimitWindowMinutes + 1) })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_SECRET: "x".repeat(32), RATE_LIMIT_LOGIN_ADDRESS_WINDOW_MIN: String(RETENTION.rateLimitWindowMinutes) })).not.toThrow();
  });

  it("a document of year Y is kept through the end of Y + 10", () => {
    expect(lastExpiredYear(new Date("2037-12-31T12:00:00Z"))).toBe(2026);
    expect(lastExpiredYear(new Date("2038-01-01T12:00:00Z"))).toBe(2027);
    expect(sessionCutoff(new Date("2026-03-31T00:00:00Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
