/**
 * The visitor's cookie choice lives in a cookie the server reads, so the banner is rendered
 * (or not) in the first HTML: it never flashes for a visitor who already chose.
 */
import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";
import type { Consent } from "~/lib/consent";
import { RETENTION } from "~/lib/retention";

/** The period the privacy and cookie policies state (lib/retention.ts), in seconds (a month as 365/12 days, rounded down). */
const SIX_MONTHS = Math.floor((RETENTION.consentCookieMonths * 365) / 12) * 24 * 3600;

let cookie: ReturnType<typeof createCookie> | undefined;
function consentCookie() {
  cookie ??= createCookie("cookie_consent", {
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().cookieSecure,
    path: "/",
    maxAge: SIX_MONTHS,
  });
  return cookie;
}

export async function readConsent(request: Request): Promise<Consent | null> {
  const value = (await consentCookie().parse(request.headers.get("Cookie"))) as unknown;
  if (!value || typeof value !== "object") return null;
  const { analytics, marketing } = value as Record<string, unknown>;
  if (typeof analytics !== "boolean" || typeof marketing !== "boolean") return null;
  return { necessary: true, analytics, marketing };
}

export function consentSetCookie(consent: Omit<Consent, "necessary">): Promise<string> {
  return consentCookie().serialize({ analytics: consent.analytics, marketing: consent.marketing, v: 1 });
}
