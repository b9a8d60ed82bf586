/**
 * The retention job (docs/product.md §11): carries out the privacy policy's section 6 with the
 * periods of lib/retention.ts. Every hour, in one process of the cluster (advisory lock):
 * sessions past their period (or expired), ended rate-limit windows, expired password-reset
 * links (used or not: a used one says "deja folosit" until its hour is up), places held by
 * transfers that never arrived (housekeeping), and orders whose invoices are past the legal
 * period are anonymised (the invoices themselves are kept: "at least" ten years). Logs counts
 * only.
 */
import { and, inArray, lt, ne, notExists, sql } from "drizzle-orm";
import { getDatabaseHandle, getDb } from "../../db/client";
import { LOCK_IDS } from "../../db/locks";
import { invoices, orderDeliveries, orders, passwordResetTokens, paymentNotifications, sessions } from "../../db/schema";
import { lastExpiredYear, sessionCutoff } from "~/lib/retention";
import { log } from "~/log.server";
import { every } from "~/services/schedule.server";
import { sweepExpiredRows } from "./housekeeping.server";

export const RETENTION_LOCK_ID = LOCK_IDS.retention;
/** What an anonymised order keeps as its buyer's name. */
export const ANONYMISED_NAME = "Date șterse după termenul legal";
const BATCH = 500;

export interface RetentionRun {
  sessions: number;
  rateLimits: number;
  seatHolds: number;
  resetLinks: number;
  ordersAnonymised: number;
}

export async function runRetention(now = new Date()): Promise<RetentionRun> {
  const db = getDb();
  const swept = await sweepExpiredRows(now);
  // The policy counts 30 days from the last activity (a session row's expiry slides with use).
  const idle = await db.delete(sessions).where(lt(sessions.lastSeenAt, sessionCutoff(now))).returning({ id: sessions.id });
  // A used link stays until its hour is up, so opening it again says it was used (not that it
  // is unknown); it can never be used twice either way.
  const resetLinks = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, now))
    .returning({ id: passwordResetTokens.id });
  const ordersAnonymised = await anonymiseExpiredOrders(now);
  return { sessions: swept.sessions + idle.length, rateLimits: swept.rateLimits, seatHolds: swept.seatHolds, resetLinks: resetLinks.length, ordersAnonymised };
}

/**
 * Orders placed in a year past the invoice period, with no invoice of a later year, lose the
 * buyer's personal data (as at an account's deletion: a company buyer's data stays, the invoices
 * need it). In batches, each one transaction; idempotent (an anonymised order is skipped).
 */
export async function anonymiseExpiredOrders(now = new Date()): Promise<number> {
  const db = getDb();
  const firstKeptDay = `${lastExpiredYear(now) + 1}-01-01`;
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: orders.id, buyer: orders.buyer })
      .from(orders)
      .where(
        and(
          lt(orders.createdAt, new Date(`${firstKeptDay}T00:00:00Z`)),
          ne(orders.billingName, ANONYMISED_NAME),
          notExists(db.select({ one: sql`1` }).from(invoices).where(and(sql`${invoices.orderId} = ${orders.id}`, sql`${invoices.issuedOn} >= ${firstKeptDay}`))),
        ),
      )
      .limit(BATCH);
    if (batch.length === 0) return total;
    await db.transaction(async (tx) => {
      for (const order of batch) {
        const buyer = order.buyer?.type === "company" ? { ...order.buyer, email: "" } : null;
        await tx
          .update(orders)
          .set({ billingName: ANONYMISED_NAME, billingEmail: `anonimizat-${order.id}@anonim.invalid`, billingPhone: "", billingAddress: "", buyer, panMasked: null })
          .where(sql`${orders.id} = ${order.id}`);
      }
      const ids = batch.map((o) => o.id);
      await tx.update(orderDeliveries).set({ address: null }).where(inArray(orderDeliveries.orderId, ids));
      // The processor's notifications carry the buyer's name, e-mail and card digits.
      await tx.update(paymentNotifications).set({ rawBody: "", decoded: null }).where(inArray(paymentNotifications.orderId, ids));
    });
    total += batch.length;
  }
}

/** Every hour (first run 2 minutes after start), in one process of the cluster. */
export function startRetention(intervalMs = 3600_000): () => void {
  return every("retention", intervalMs, 2 * 60_000, async () => {
    const handle = getDatabaseHandle();
    if (!handle) return;
    const result = await handle.tryWithLock(RETENTION_LOCK_ID, () => runRetention());
    if (result && Object.values(result).some((n) => n > 0)) log.info("retention: removed or anonymised", { ...result });
  });
}
