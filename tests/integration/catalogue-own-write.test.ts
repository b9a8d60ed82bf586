/**
 * "No stale page after a save" (issue 18) in the admin's own process: the redirect after a save
 * is the next request, often before the write's NOTIFY has come back, so the writing process
 * reads the stored version itself when the write has committed (catalogueWritten).
 */
import { describe, expect, it } from "vitest";
import { getPublishedProduct, saveProduct } from "~/models/product.server";
import { getTermsPage, saveTermsPage } from "~/models/terms.server";
import { withProcessCatalogueCache } from "../helpers/catalogue-cache";
import { createProduct, createUser } from "../helpers/factories";

withProcessCatalogueCache();

describe("a catalogue write is visible to the writing process's very next read", () => {
  it("legal pages and products, ten saves in a row, each read at once", async () => {
    const admin = await createUser({ role: "admin" });
    const product = await createProduct({ priceBani: 1000 });
    for (let round = 1; round <= 10; round++) {
      await getTermsPage("termeni"); // cached now
      await saveTermsPage("termeni", [{ title: `Runda ${round}`, description: "Text" }], admin.id);
      expect((await getTermsPage("termeni"))?.sections[0].title).toBe(`Runda ${round}`);

      await getPublishedProduct(product.id);
      const input = { title: product.title, subtitle: product.subtitle, description: product.description, price2Bani: null, stock: null, isPublished: true, imageKey: product.imageKey };
      await saveProduct(product.id, { ...input, priceBani: 1000 + round }, admin.id);
      expect((await getPublishedProduct(product.id))?.priceBani).toBe(1000 + round);
    }
  });
});
