/**
 * The course price settings (one row, course_settings): the accreditation surcharge and the
 * fixed advance (docs/product.md §9's 650 RON and 500 RON until the admin changes them). The checkout reads
 * them with the rest of the cart inside its transaction (the committed row); pages, the cart page
 * included, read them through the catalogue cache, which a change invalidates (the table's
 * trigger bumps the catalogue version). Why the cart page may: see getCart.
 */
import { eq } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { courseSettings } from "../../db/schema";
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from "~/lib/pricing";
import { cachedCatalogue, catalogueWritten } from "~/services/catalogue-cache.server";

async function queryPriceSettings(executor: Executor): Promise<PriceSettings> {
  const [row] = await executor
    .select({ accreditationSurchargeBani: courseSettings.accreditationSurchargeBani, advancePaymentBani: courseSettings.advancePaymentBani })
    .from(courseSettings)
    .where(eq(courseSettings.id, 1));
  return row ?? DEFAULT_PRICE_SETTINGS;
}

/** The settings; pass the transaction of a checkout to read them there (never from memory). */
export function getPriceSettings(executor?: Executor): Promise<PriceSettings> {
  if (executor) return queryPriceSettings(executor);
  return cachedCatalogue("course-price-settings", () => queryPriceSettings(getDb()));
}

export async function savePriceSettings(settings: PriceSettings): Promise<void> {
  await getDb()
    .insert(courseSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: courseSettings.id, set: { ...settings, updatedAt: new Date() } });
  await catalogueWritten();
}
