/**
 * Products: catalogue queries and the admin writes (create, edit, publish/unpublish, delete).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { products } from "../../db/schema";
import type { ProductInput } from "~/lib/validation/admin-product";

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
};

export type ProductDetail = ProductSummary & { description: string; updatedAt: Date };

export async function listPublishedProducts(limit?: number): Promise<ProductSummary[]> {
  const query = getDb()
    .select(columns)
    .from(products)
    .where(eq(products.isPublished, true))
    .orderBy(asc(products.position), asc(products.id));
  return limit ? query.limit(limit) : query;
}

/** A published product, or null (unknown id or unpublished: the caller answers 404). */
export async function getPublishedProduct(id: number): Promise<ProductDetail | null> {
  const [row] = await getDb()
    .select({ ...columns, description: products.description, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isPublished, true)))
    .limit(1);
  return row ?? null;
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
    .select({ ...columns, description: products.description, isPublished: products.isPublished, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.position), asc(products.id));
}

export async function getProductForAdmin(id: number): Promise<AdminProduct | null> {
  const [row] = await getDb()
    .select({ ...columns, description: products.description, isPublished: products.isPublished, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/** Creates (id null) or updates a product; null when the product to update does not exist. */
export async function saveProduct(id: number | null, input: ProductInput): Promise<{ id: number; created: boolean; previousImage: string | null } | null> {
  const db = getDb();
  if (id === null) {
    const [{ next }] = await db.select({ next: sql<number>`coalesce(max(${products.position}), -1)::int + 1` }).from(products);
    const [row] = await db.insert(products).values({ ...input, position: next }).returning({ id: products.id });
    return { id: row.id, created: true, previousImage: null };
  }
  const before = await getProductForAdmin(id);
  if (!before) return null;
  await db.update(products).set(input).where(eq(products.id, id));
  return { id, created: false, previousImage: before.imageKey !== input.imageKey ? before.imageKey : null };
}

export async function setProductPublished(id: number, isPublished: boolean): Promise<boolean> {
  const rows = await getDb().update(products).set({ isPublished }).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/** Deletes a product (its cart lines go with it; order lines keep their snapshot). */
export async function deleteProduct(id: number): Promise<{ imageKey: string | null } | null> {
  const rows = await getDb().delete(products).where(eq(products.id, id)).returning({ imageKey: products.imageKey });
  return rows[0] ?? null;
}
