/** The invoice issuer's settings (company data, series, VAT mode) and the series counters (issue 15). */
import { eq } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { invoiceSeries, invoiceSettings } from "../../db/schema";
import { getConfig } from "~/config.server";
import { normalizeCui, normalizeIban } from "~/lib/fiscal-ids";
import type { VatDisplay } from "~/lib/vat-display";
import { afterCatalogueWrite } from "~/services/catalogue-cache.server";
import type { IssuerSnapshot } from "~/lib/invoice-types";

export interface IssuerSettings extends IssuerSnapshot {
  series: string;
}

// ─── Settings ────────────────────────────────────────────────────────────────────────────────

/** The defaults from BUSINESS_* / INVOICE_* / VAT_* configuration. */
export function defaultIssuerSettings(): IssuerSettings {
  const { business, invoicing } = getConfig();
  return {
    name: business.name,
    cui: business.cui,
    regCom: business.regCom,
    address: business.address,
    city: "Constanța",
    county: "RO-CT",
    bank: business.bank,
    iban: business.iban,
    series: invoicing.series,
    vatMode: invoicing.vatMode,
    vatRate: invoicing.vatRate,
    exemptText: invoicing.exemptText,
  };
}

export async function getIssuerSettings(executor: Executor = getDb()): Promise<IssuerSettings> {
  const [row] = await executor.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  const settings = row ? (({ id: _id, updatedAt: _u, ...rest }) => rest)(row) : defaultIssuerSettings();
  lastVatDisplay = { vatIncluded: settings.vatMode === "payer", vatRate: settings.vatRate };
  return settings;
}

let lastVatDisplay: VatDisplay | undefined;

/**
 * The VAT wording for e-mails built synchronously inside a transaction: the mode last read from
 * the database by this process (every issue and cart page reads it), else the configuration's.
 */
export function currentVatDisplay(): VatDisplay {
  if (lastVatDisplay) return lastVatDisplay;
  const { invoicing } = getConfig();
  return { vatIncluded: invoicing.vatMode === "payer", vatRate: invoicing.vatRate };
}

/** The number the next invoice of the series will get. */
export async function nextNumberOf(series: string, executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select().from(invoiceSeries).where(eq(invoiceSeries.series, series));
  return row?.nextNumber ?? 1;
}

export type SaveSettingsResult = { ok: true } | { ok: false; field: "nextNumber"; message: string };

/** Saves the issuer data; the next number may only move forward (never reuse a number). */
export async function saveIssuerSettings(input: IssuerSettings & { nextNumber: number }): Promise<SaveSettingsResult> {
  // The VAT label on catalogue pages comes from these settings (cached): see catalogueWritten.
  return afterCatalogueWrite(getDb().transaction(async (tx) => {
    const { nextNumber, ...settings } = input;
    const values = { ...settings, cui: normalizeCui(settings.cui), iban: normalizeIban(settings.iban) };
    await tx.insert(invoiceSeries).values({ series: values.series, nextNumber: 1 }).onConflictDoNothing();
    const [counter] = await tx.select().from(invoiceSeries).where(eq(invoiceSeries.series, values.series)).for("update");
    if (nextNumber < counter.nextNumber) {
      return { ok: false, field: "nextNumber", message: `Numărul următor nu poate scădea sub ${counter.nextNumber} (numerele emise nu se refolosesc).` } as const;
    }
    await tx.update(invoiceSeries).set({ nextNumber }).where(eq(invoiceSeries.series, values.series));
    await tx.insert(invoiceSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: invoiceSettings.id, set: values });
    return { ok: true } as const;
  }));
}
