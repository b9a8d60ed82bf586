/**
 * Price history (issue 19, Omnibus rules): every write of a course option's or a product's price
 * records who, when, old and new — in the writer's transaction, so the catalogue version bump of
 * that transaction also covers the pages computed from this history. The reference price shown
 * next to a struck-through one is computed by lib/price-history.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { coursePriceOptions, priceChanges, products } from "../../db/schema";
import { REFERENCE_WINDOW_DAYS, type PriceChange } from "~/lib/price-history";

type Target = { courseId: number; priceOptionId: number } | { productId: number };

/** Records a price write when the price is new (old null) or different; nothing otherwise. */
export async function recordPriceChange(tx: Executor, target: Target, oldBani: number | null, newBani: number, actorUserId: string | null): Promise<void> {
  if (oldBani === newBani) return;
  await tx.insert(priceChanges).values({
    courseId: "courseId" in target ? target.courseId : null,
    priceOptionId: "courseId" in target ? target.priceOptionId : null,
    productId: "productId" in target ? target.productId : null,
    oldBani,
    newBani,
    changedBy: actorUserId,
  });
}

/** What the history columns below answer: the changes as JSON (dates as strings). */
export type RawPriceChanges = Array<{ at: string; oldBani: number | null; newBani: number }>;

const LOOKBACK = sql.raw(`interval '${REFERENCE_WINDOW_DAYS + 365} days'`);

function historyOf(where: SQL): SQL<RawPriceChanges> {
  return sql<RawPriceChanges>`(select coalesce(json_agg(json_build_object('at', pc.changed_at, 'oldBani', pc.old_bani, 'newBani', pc.new_bani) order by pc.changed_at, pc.id), '[]'::json)
    from ${priceChanges} pc where ${where} and pc.changed_at >= now() - ${LOOKBACK})`;
}

/**
 * Changes old enough to know the price in effect 30 days before the latest change are read; a
 * year back is ample for what the pages show. A column for a select over products / course price options carrying the row's price history,
 * so the catalogue reads prices and their history in the same query (no extra round trip).
 */
export const productHistoryColumn = () => historyOf(sql`pc.product_id = ${products.id}`);
export const optionHistoryColumn = () => historyOf(sql`pc.price_option_id = ${coursePriceOptions.id} and pc.course_id = ${coursePriceOptions.courseId}`);

export function parseHistory(raw: RawPriceChanges | null | undefined): PriceChange[] {
  return (raw ?? []).map((c) => ({ at: new Date(c.at), oldBani: c.oldBani, newBani: c.newBani }));
}
