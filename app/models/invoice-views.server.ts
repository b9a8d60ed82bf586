/** Invoice data shaped for pages (account list, VAT wording), kept apart from the issuing rules. */
import { cachedCatalogue } from "~/services/catalogue-cache.server";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import type { InvoiceSummary } from "~/lib/invoice-lines";
import type { BuyerDetails } from "~/lib/validation/buyer";
import { columnsOfPostal, type PostalAddress } from "~/lib/address";
import { getIssuerSettings } from "~/models/invoice-settings.server";
import { listInvoicesForUser } from "~/models/invoice-reads.server";

export async function accountInvoices(userId: string): Promise<{ invoices: InvoiceSummary[]; vatIncluded: boolean }> {
  const rows = await listInvoicesForUser(userId);
  const credited = new Set(rows.filter((r) => r.kind === "credit").map((r) => r.orderId));
  return {
    invoices: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      series: r.series,
      number: r.number,
      issuedOn: r.issuedOn,
      totalBani: r.totalBani,
      orderReference: r.orderReference,
      credited: r.kind !== "credit" && credited.has(r.orderId),
      withVat: r.vatMode === "payer",
    })),
    // The column says "TVA inclus" only when every listed document carries VAT (each was
    // issued under the VAT mode of its day); otherwise the rows that do say it.
    vatIncluded: rows.length > 0 && rows.every((r) => r.vatMode === "payer"),
  };
}

/** How prices are labelled: "TVA inclus" for a VAT payer, nothing otherwise (never misleading). */
export function vatLabel(): Promise<{ vatIncluded: boolean; vatRate: number }> {
  // Read on every catalogue page: kept with the cached catalogue (a settings write bumps its
  // version through the invoice_settings trigger).
  return cachedCatalogue("vat-label", async () => {
    const settings = await getIssuerSettings();
    return { vatIncluded: settings.vatMode === "payer", vatRate: settings.vatRate };
  });
}

/** The billing section's save: the address and the invoice buyer, together. */
export async function updateBillingDetails(userId: string, address: PostalAddress, buyer: BuyerDetails): Promise<void> {
  await getDb()
    .update(users)
    .set({ ...columnsOfPostal(address), ...buyer })
    .where(eq(users.id, userId));
}
