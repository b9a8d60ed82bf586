/**
 * Fixtures of the price-history tests (issue 19): what the admin's forms save for a product and an
 * online course whose prices a test changes, and a clock moved back for the recorded changes.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { priceChanges } from "../../db/schema";
import { emptyCourseContent } from "~/lib/course-content";
import type { CourseInput } from "~/lib/validation/admin-course";
import type { ProductInput } from "~/lib/validation/admin-product";

/** A published product at `priceBani`, struck through at `price2Bani` when given. */
export const productInput = (priceBani: number, price2Bani: number | null, more: Partial<ProductInput> = {}): ProductInput => ({
  title: "Ojă cu reducere",
  subtitle: "",
  description: "Descriere",
  priceBani,
  price2Bani,
  imageKey: null,
  stock: null,
  isPublished: true,
  ...more,
});

/** A published online course with these price options (`id: null` = a new option), struck through at `price2Bani` when given. */
export const onlineCourseInput = (
  prices: Array<{ id: number | null; amountBani: number }>,
  price2Bani: number | null,
  more: Partial<CourseInput> = {},
): CourseInput => ({
  kind: "online",
  title: "Curs online cu reducere",
  secondTitle: "",
  thirdTitle: "",
  category: "",
  imageKey: null,
  price2Bani,
  durationDays: null,
  nextSessionOn: null,
  isPublished: true,
  prices: prices.map((p) => ({ ...p, days: null, accreditation: false, advancePayment: false })),
  content: emptyCourseContent,
  lessons: [],
  ...more,
});

/** Moves the item's recorded price changes back in time, as if they had happened `days` earlier. */
export async function agePriceChanges(column: "productId" | "courseId", id: number, days: number) {
  const rows = await getDb().select().from(priceChanges).where(eq(priceChanges[column], id));
  for (const row of rows) {
    await getDb().update(priceChanges).set({ changedAt: new Date(row.changedAt.getTime() - days * 86_400_000) }).where(eq(priceChanges.id, row.id));
  }
}
