/**
 * "Completează din ANAF" (issue 24): one CUI looked up in ANAF's public VAT-payer web service
 * (PlatitorTvaRest v9: POST [{cui, data}] → {found[], notFound[]}). The address is a setting
 * (ANAF_VAT_LOOKUP_URL; in development and tests the built-in stand-in, /simulator/anaf/tva).
 * A slow or failing service answers "unreachable" within TIMEOUT_MS: the form still works by hand.
 */
import { getConfig } from "~/config.server";
import { companyFromAnaf, type AnafCompany, type AnafFoundCompany } from "~/lib/anaf-company";
import { todayInBucharest } from "~/lib/dates";
import { parseCui } from "~/lib/fiscal-ids";
import { log } from "~/log.server";

export const VAT_LOOKUP_TIMEOUT_MS = 6_000;

export const VAT_LOOKUP_MESSAGES = {
  found: "Am completat datele firmei din registrul ANAF. Verifică-le și apasă „Salvează”.",
  notFound: "ANAF nu are o firmă cu acest CUI. Verifică cifrele sau completează datele de mână.",
  unreachable: "Serviciul ANAF nu răspunde acum. Completează datele firmei de mână sau încearcă din nou mai târziu.",
} as const;

export type VatLookupResult =
  | { ok: true; company: AnafCompany }
  | { ok: false; reason: "not-found" | "unreachable"; message: string };

interface LookupOptions {
  now?: Date;
  fetchImpl?: typeof fetch;
  url?: string;
  timeoutMs?: number;
}

/** The company with this CUI (check digit verified by the caller), or why there is none. */
export async function lookupCompany(cui: string, options: LookupOptions = {}): Promise<VatLookupResult> {
  const parsed = parseCui(cui);
  if (!parsed) return { ok: false, reason: "not-found", message: VAT_LOOKUP_MESSAGES.notFound };
  const url = options.url ?? getConfig().vatLookup.url;
  const body = JSON.stringify([{ cui: Number(parsed.digits), data: todayInBucharest(options.now) }]);
  let answer: { found?: AnafFoundCompany[] };
  try {
    const response = await (options.fetchImpl ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? VAT_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`ANAF VAT lookup answered ${response.status}`);
    answer = (await response.json()) as { found?: AnafFoundCompany[] };
  } catch (error) {
    log.warn("ANAF VAT lookup failed", { error, cui: parsed.digits });
    return { ok: false, reason: "unreachable", message: VAT_LOOKUP_MESSAGES.unreachable };
  }
  const found = (answer.found ?? []).find((f) => String(f.date_generale?.cui ?? "") === parsed.digits) ?? answer.found?.[0];
  if (!found?.date_generale?.denumire) return { ok: false, reason: "not-found", message: VAT_LOOKUP_MESSAGES.notFound };
  return { ok: true, company: companyFromAnaf(found) };
}
