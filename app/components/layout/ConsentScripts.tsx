/**
 * The one place where analytics and marketing scripts would load, and only after consent.
 * None are configured yet: when the business picks a provider, add its (self-hosted or
 * nonce-carrying) script here, behind the matching flag. Nothing third-party loads before a choice.
 */
import type { Consent } from "~/lib/consent";

export function ConsentScripts({ consent }: { consent: Consent | null }) {
  if (!consent) return null;
  return (
    <>
      {consent.analytics ? null /* analytics script goes here */ : null}
      {consent.marketing ? null /* marketing pixel goes here */ : null}
    </>
  );
}
