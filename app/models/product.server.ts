/**
 * Products: catalogue queries and the admin writes (create, edit, publish/unpublish, delete).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { products } from "../../db/schema";
import type { ProductInput } from "~/lib/validation/admin-product";
import { lowestPriceBeforeReduction, referencePriceWarning } from "~/lib/price-history";
import { parseHistory, productHistoryColumn, recordPriceChange, type RawPriceChanges } from "~/models/price-history.server";
import { afterCatalogueWrite, cachedCatalogue } from "~/services/catalogue-cache.server";

const columns = {
  id: products.id,
  title: products.title,
  subtitle: products.subtitle,
  imageKey: products.imageKey,
  priceBani: products.priceBani,
  price2Bani: products.price2Bani,
};

export type ProductSummary = {
  id: number;
  title: string;
  subtitle: string;
  imageKey: string | null;
  priceBani: number;
  price2Bani: number | null;
  /** Lowest price of the 30 days before the current one (price history); shown with price2Bani. */
  lowest30Bani: number;
};

export type ProductDetail = ProductSummary & { description: string; updatedAt: Date; stock: number | null };

/** The row without its history, with the 30-day reference price computed from it. */
function withReference<T extends { priceBani: number; history: RawPriceChanges }>({ history, ...row }: T): Omit<T, "history"> & { lowest30Bani: number } {
  return { ...row, lowest30Bani: lowestPriceBeforeReduction(parseHistory(history), row.priceBani) };
}

export async function listPublishedProducts(limit?: number): Promise<ProductSummary[]> {
  const all = await cachedCatalogue("products", async () => {
    const rows = await getDb()
      .select({ ...columns, history: productHistoryColumn() })
      .from(products)
      .where(eq(products.isPublished, true))
      .orderBy(asc(products.position), asc(products.id));
    return rows.map(withReference);
  });
  return limit ? all.slice(0, limit) : all;
}

/** A published product, or null (unknown id or unpublished: the caller answers 404). */
export function getPublishedProduct(id: number): Promise<ProductDetail | null> {
  return cachedCatalogue(`product:${id}`, async () => {
    const [row] = await getDb()
      .select({ ...columns, description: products.description, updatedAt: products.updatedAt, stock: products.stock, history: productHistoryColumn() })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isPublished, true)))
      .limit(1);
    return row ? withReference(row) : null;
  });
}

/**
 * The admin editor's notice about the struck-through price (published or not): null when the
 * reference price is the lowest of the last 30 days (price history) or none is shown.
 */
export async function productReferenceWarning(id: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ priceBani: products.priceBani, price2Bani: products.price2Bani, history: productHistoryColumn() })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const { lowest30Bani } = withReference(row);
  return referencePriceWarning(row.price2Bani, row.priceBani, lowest30Bani);
}

export async function listSitemapProducts() {
  return getDb()
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isPublished, true))
    .orderBy(asc(products.position), asc(products.id));
}

// ─── Admin ─────────────────────────────────────────────────────────────────────────────────

export interface AdminProduct extends ProductInput {
  id: number;
  updatedAt: Date;
}

/** Every product (published or not), in shop order. */
export async function listProductsForAdmin(): Promise<AdminProduct[]> {
  return getDb()
    .select({ ...columns, description: products.description, stock: products.stock, isPublished: products.isPublished, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.position), asc(products.id));
}

export async function getProductForAdmin(id: number): Promise<AdminProduct | null> {
  const [row] = await getDb()
    .select({ ...columns, description: products.description, stock: products.stock, isPublished: products.isPublished, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Creates (id null) or updates a product; null when the product to update does not exist. A new
 * or changed price is recorded in the price history (who: `actorUserId`) in the same transaction.
 */
export async function saveProduct(
  id: number | null,
  input: ProductInput,
  actorUserId: string | null = null,
): Promise<{ id: number; created: boolean; previousImage: string | null } | null> {
  return afterCatalogueWrite(getDb().transaction(async (tx) => {
    if (id === null) {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${products.position}), -1)::int + 1` }).from(products);
      const [row] = await tx.insert(products).values({ ...input, position: next }).returning({ id: products.id });
      await recordPriceChange(tx, { productId: row.id }, null, input.priceBani, actorUserId);
      return { id: row.id, created: true, previousImage: null };
    }
    const [before] = await tx.select({ imageKey: products.imageKey, priceBani: products.priceBani }).from(products).where(eq(products.id, id)).for("update");
    if (!before) return null;
    await tx.update(products).set(input).where(eq(products.id, id));
    await recordPriceChange(tx, { productId: id }, before.priceBani, input.priceBani, actorUserId);
    return { id, created: false, previousImage: before.imageKey !== input.imageKey ? before.imageKey : null };
  }));
}

export async function setProductPublished(id: number, isPublished: boolean): Promise<boolean> {
  const rows = await afterCatalogueWrite(getDb().update(products).set({ isPublished }).where(eq(products.id, id)).returning({ id: products.id }));
  return rows.length > 0;
}

/** Deletes a product (its cart lines go with it; order lines keep their snapshot). */
export async function deleteProduct(id: number): Promise<{ imageKey: string | null } | null> {
  const rows = await afterCatalogueWrite(getDb().delete(products).where(eq(products.id, id)).returning({ imageKey: products.imageKey }));
  return rows[0] ?? null;
}

// ─── Stock ─────────────────────────────────────────────────────────────────────────────────

export const STOCK_MESSAGES = {
  outOfStock: "Stoc epuizat.",
  notEnough: (title: string, available: number) =>
    available === 0
      ? `Ne pare rău, „${title}” nu mai este în stoc. Elimină-l din coș pentru a finaliza comanda.`
      : `Ne pare rău, din „${title}” mai sunt doar ${available} buc. în stoc. Modifică cantitatea din coș.`,
} as const;

export interface StockItem {
  productId: number;
  quantity: number;
  title: string;
}

/**
 * Takes the units of every product line, inside the checkout transaction. Each update is
 * conditional (stock is null = unlimited, or at least the quantity), so two concurrent buyers of
 * the last unit cannot both succeed: the second waits for the first's row lock, then finds too
 * little. Returns the first line that could not be served, or null when all were reserved.
 */
export async function reserveStock(tx: Executor, items: readonly StockItem[]): Promise<{ title: string; available: number } | null> {
  // One product order for every checkout: two carts never lock the same rows in opposite orders.
  for (const item of [...items].sort((a, b) => a.productId - b.productId)) {
    const rows = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${item.quantity}` })
      .where(and(eq(products.id, item.productId), sql`${products.stock} is not null`, sql`${products.stock} >= ${item.quantity}`))
      .returning({ id: products.id });
    if (rows.length > 0) continue;
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, item.productId));
    if (!row) return { title: item.title, available: 0 };
    if (row.stock === null) continue; // unlimited
    return { title: item.title, available: row.stock };
  }
  return null;
}

/** Gives the units back (a cancelled or failed order). */
export async function releaseStock(tx: Executor, items: readonly Omit<StockItem, "title">[]): Promise<void> {
  for (const item of [...items].sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${item.quantity}` })
      .where(and(eq(products.id, item.productId), sql`${products.stock} is not null`));
  }
}

/**
 * Takes the units again when money arrives for an order whose stock was already given back (a
 * card payment confirmed after a cancellation or failure). The money is a fact, so the units
 * are taken even if fewer remain (never below zero); the caller notes a shortage.
 */
export async function retakeStock(tx: Executor, items: readonly StockItem[]): Promise<string[]> {
  const short: string[] = [];
  for (const item of [...items].sort((a, b) => a.productId - b.productId)) {
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, item.productId)).for("update");
    if (!row || row.stock === null) continue;
    if (row.stock < item.quantity) short.push(item.title);
    await tx
      .update(products)
      .set({ stock: Math.max(0, row.stock - item.quantity) })
      .where(eq(products.id, item.productId));
  }
  return short;
}

/** Stock of one product: null = unlimited; undefined = no such product. */
export async function productStock(id: number, executor: Executor = getDb()): Promise<number | null | undefined> {
  const [row] = await executor.select({ stock: products.stock }).from(products).where(eq(products.id, id)).limit(1);
  return row ? row.stock : undefined;
}
