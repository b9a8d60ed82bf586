/**
 * docs/product.md §11: the retention job deletes and anonymises by age exactly what the privacy
 * policy promises, and keeps the rest: sessions idle for more than 30 days go, a recent one
 * stays; ended rate-limit windows and expired reset links go (a used one stays until its hour is
 * up, to say it was used); orders past the invoice period are anonymised while their invoices
 * stay as issued; a second run changes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { invoices, orderDeliveries, orders, passwordResetTokens, paymentNotifications, rateLimits, sessions } from "../../db/schema";
import { RETENTION } from "~/lib/retention";
import { addCourseToCart } from "~/models/cart.server";
import { transitionOrder } from "~/models/order-status.server";
import { ANONYMISED_NAME, runRetention } from "~/models/retention.server";
import { createCourse, createUser, placeTransferOrder } from "../helpers/factories";

const DAY = 24 * 3600_000;

async function order(userId: string) {
  const course = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
  await addCourseToCart(userId, { courseId: course.course.id, priceOptionId: course.options[0].id });
  return placeTransferOrder(userId);
}

describe("the retention job", () => {
  it("removes and anonymises by age what the policy promises, and keeps invoices and recent data", async () => {
    const db = getDb();
    const now = new Date();
    const user = await createUser({ name: "Maria Ionescu", email: "maria@example.com" });

    await db.insert(sessions).values([
      { id: "idle", userId: user.id, createdAt: new Date(now.getTime() - 40 * DAY), lastSeenAt: new Date(now.getTime() - (RETENTION.sessionDays + 1) * DAY), expiresAt: new Date(now.getTime() + DAY) },
      { id: "recent", userId: user.id, lastSeenAt: new Date(now.getTime() - 2 * DAY), expiresAt: new Date(now.getTime() + 28 * DAY) },
    ]);
    await db.insert(rateLimits).values([
      { key: "login:ended", count: 2, resetAt: new Date(now.getTime() - 60_000) },
      { key: "login:open", count: 1, resetAt: new Date(now.getTime() + 10 * 60_000) },
    ]);
    await db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: "expired", expiresAt: new Date(now.getTime() - 60_000) },
      { userId: user.id, tokenHash: "used", expiresAt: new Date(now.getTime() + 30 * 60_000), usedAt: now },
      { userId: user.id, tokenHash: "used-expired", expiresAt: new Date(now.getTime() - 60_000), usedAt: new Date(now.getTime() - 30 * 60_000) },
      { userId: user.id, tokenHash: "live", expiresAt: new Date(now.getTime() + 30 * 60_000) },
    ]);

    // An order of 11+ years ago (its invoice year has left the period), and a recent one.
    const old = await order(user.id);
    const oldYear = now.getUTCFullYear() - RETENTION.invoiceYears - 1;
    await db.update(orders).set({ createdAt: new Date(`${oldYear}-06-15T10:00:00Z`), panMasked: "4111****1111" }).where(eq(orders.id, old.id));
    await db.insert(paymentNotifications).values({ orderId: old.id, provider: "netopia", rawBody: "nume=Maria Ionescu", decoded: { email: "maria@example.com" }, outcome: "applied" });
    const recent = await order(user.id);
    const invoiceRows = await db.select({ id: invoices.id }).from(invoices);

    const result = await runRetention(now);
    expect(result).toMatchObject({ sessions: 1, rateLimits: 1, resetLinks: 2 });
    expect(result.ordersAnonymised).toBe(1);

    expect((await db.select({ id: sessions.id }).from(sessions)).map((s) => s.id).sort()).toEqual(["recent"]);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["login:open"]);
    expect((await db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((t) => t.hash).sort()).toEqual(["live", "used"]);

    const [anonymised] = await db.select().from(orders).where(eq(orders.id, old.id));
    expect(anonymised).toMatchObject({ billingName: ANONYMISED_NAME, billingPhone: "", billingAddress: "", panMasked: null });
    expect(anonymised.billingEmail).not.toContain("maria");
    const [notification] = await db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, old.id));
    expect(notification).toMatchObject({ rawBody: "", decoded: null });
    const [delivery] = await db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, old.id));
    expect(delivery?.address ?? null).toBeNull();

    const [fresh] = await db.select().from(orders).where(eq(orders.id, recent.id));
    expect(fresh.billingName).toBe("Maria Ionescu");
    expect(fresh.billingEmail).toBe("maria@example.com");
    expect((await db.select({ id: invoices.id }).from(invoices)).length).toBe(invoiceRows.length);

    // Idempotent: nothing left to do.
    expect(await runRetention(now)).toEqual({ sessions: 0, rateLimits: 0, seatHolds: 0, resetLinks: 0, ordersAnonymised: 0 });
  });

  it("keeps an old order whose invoice is still inside the period, and the invoice as issued", async () => {
    const db = getDb();
    const now = new Date();
    const user = await createUser({ name: "Elena Dinu", email: "elena@example.com" });
    const placed = await order(user.id);
    await transitionOrder(placed.id, "paid", { source: "admin" });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(invoice).toBeDefined();
    const oldYear = now.getUTCFullYear() - RETENTION.invoiceYears - 1;
    // Ordered at the end of an expired year, invoiced in the next (still inside the period).
    await db.update(orders).set({ createdAt: new Date(`${oldYear}-12-30T10:00:00Z`) }).where(eq(orders.id, placed.id));
    await db.update(invoices).set({ issuedOn: `${oldYear + 1}-01-05` }).where(eq(invoices.id, invoice.id));
    await runRetention(now);
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0].billingName).toBe("Elena Dinu");

    // A year later the invoice's year has left the period too: the order is anonymised, the invoice is kept whole.
    await runRetention(new Date(Date.UTC(now.getUTCFullYear() + 1, 5, 1)));
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0].billingName).toBe(ANONYMISED_NAME);
    const [kept] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toEqual({ ...invoice, issuedOn: `${oldYear + 1}-01-05` });
  });
});
