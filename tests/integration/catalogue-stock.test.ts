/**
 * A sale takes units without touching the cached catalogue (migration 0014): the public pages
 * show only "În stoc" / "Stoc epuizat", so the catalogue version moves only when a product runs
 * out, comes back, becomes (un)limited or anything else about it changes. Before, every sale
 * dropped every worker's cached pages and checkouts queued on the version row.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { catalogueVersion, products } from "../../db/schema";
import { releaseStock, reserveStock } from "~/models/product.server";
import { loader as rootLoader } from "~/root";
import { loader as productLoader } from "~/routes/produse.produs.$id";
import { processCatalogueCache } from "~/services/catalogue-cache.server";
import { withProcessCatalogueCache } from "../helpers/catalogue-cache";
import { createProduct } from "../helpers/factories";
import { get, run } from "../helpers/http";

type Loader = Parameters<typeof run>[0];
const version = async () => (await getDb().select({ v: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1)))[0].v;

/** What a guest's product page says about the stock (root and page loaders, through the cache). */
async function stockShown(id: number): Promise<number | null> {
  const request = get(`/produse/produs/${id}`);
  const [, page] = await Promise.all([run(rootLoader as Loader, request), run(productLoader, request, { id: String(id) })]);
  return ((await page.json()) as { product: { stock: number | null } }).product.stock;
}

/** NOTIFY reaches a PostgreSQL listener a round trip after the commit; PGlite's at once. */
async function cacheAt(v: number) {
  const until = Date.now() + 2_000;
  while (processCatalogueCache()?.version !== v && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
}

withProcessCatalogueCache();

describe("stock writes and the catalogue version", () => {
  it("units taken and given back move it only when a product sells out or comes back", async () => {
    const gel = await createProduct({ title: "Gel stoc", stock: 5 });
    const other = await createProduct({ title: "Pilă stoc", stock: 3 });
    await cacheAt(await version());
    const v0 = await version();
    expect(await stockShown(gel.id)).toBe(5);

    // 5 → 4: a sale, nothing a guest sees changes.
    await getDb().transaction((tx) => reserveStock(tx, [{ productId: gel.id, quantity: 1, title: gel.title }]));
    expect(await version()).toBe(v0);
    // Two products in one checkout, neither runs out.
    await getDb().transaction((tx) => reserveStock(tx, [{ productId: gel.id, quantity: 1, title: gel.title }, { productId: other.id, quantity: 2, title: other.title }]));
    expect(await version()).toBe(v0);

    // 3 → 0: sold out, the page must say so.
    await getDb().transaction((tx) => reserveStock(tx, [{ productId: gel.id, quantity: 3, title: gel.title }]));
    const v1 = await version();
    expect(v1).toBe(v0 + 1);
    await cacheAt(v1);
    expect(await stockShown(gel.id)).toBe(0);

    // 0 → 2: back in stock (a cancelled order).
    await getDb().transaction((tx) => releaseStock(tx, [{ productId: gel.id, quantity: 2 }]));
    expect(await version()).toBe(v1 + 1);
    // 2 → 3: still in stock.
    await getDb().transaction((tx) => releaseStock(tx, [{ productId: gel.id, quantity: 1 }]));
    expect(await version()).toBe(v1 + 1);
  });

  it("any other change of a product, or of whether it has a stock at all, moves it", async () => {
    const kit = await createProduct({ title: "Kit stoc", stock: 4 });
    let v = await version();
    await getDb().update(products).set({ priceBani: 2990 }).where(eq(products.id, kit.id));
    expect(await version()).toBe(++v);
    await getDb().update(products).set({ stock: null }).where(eq(products.id, kit.id));
    expect(await version()).toBe(++v);
    await getDb().update(products).set({ stock: 7, title: "Kit stoc nou" }).where(eq(products.id, kit.id));
    expect(await version()).toBe(++v);
    // A statement matching no row changes nothing.
    await getDb().update(products).set({ priceBani: 1 }).where(sql`false`);
    expect(await version()).toBe(v);
    await createProduct({ title: "Nou" });
    expect(await version()).toBe(++v);
  });
});
