import net from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, coursePriceOptions, enrollments, mailOutbox, orderLines, orders, users } from "../../db/schema";
import { CHECKOUT_MESSAGES, type CheckoutInput } from "~/lib/validation/checkout";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder, referenceFromKey } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { outboxIdle, processOutbox } from "~/services/mail-outbox.server";
import { createCourse, createDeliveryMethod, createProduct, createUser } from "../helpers/factories";
import { saveCartDelivery } from "~/models/delivery.server";
import { resetEnvironment } from "~/test-support.server";

const physicalPrices = [
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
  { days: 5, amountBani: 50000, advancePayment: true },
];

async function fillCart(userId: string) {
  const physical = await createCourse("physical", {}, physicalPrices);
  const online = await createCourse("online", {}, [{ days: 90, amountBani: 24900 }]);
  const product = await createProduct({ priceBani: 2490 });
  await addCourseToCart(userId, { courseId: physical.course.id, priceOptionId: physical.options[0].id, accreditation: true });
  await addCourseToCart(userId, { courseId: online.course.id, priceOptionId: online.options[0].id });
  await addProductToCart(userId, product.id);
  // Products need a delivery choice (issue 16): free pickup keeps these totals unchanged.
  const pickup = await createDeliveryMethod({ name: "Ridicare", kind: "pickup", feeBani: 0, freeAboveBani: null });
  await saveCartDelivery(userId, { deliveryMethodId: pickup.id, sameAsBilling: false, recipientName: "", recipientPhone: "", street: "", city: "", county: "", postalCode: "", locker: "" }, { name: "", phone: "", address: "" });
  return { physical, online, product };
}

const input = (cartVersion: string, extra: Partial<CheckoutInput> = {}): CheckoutInput => ({
  paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion, ...extra,
});

describe("checkout by bank transfer", () => {
  it("creates one order with lines, pending enrolments, an empty cart and two queued e-mails", async () => {
    const user = await createUser();
    const { physical } = await fillCart(user.id);
    const cart = await getCart(user.id);
    expect(cart.totals.byCategory).toEqual({ physical: 265000, online: 24900, product: 2490 });

    // The catalogue price changes after the item was added: checkout uses the database, now.
    await getDb().update(coursePriceOptions).set({ amountBani: 210000 }).where(eq(coursePriceOptions.id, physical.options[0].id));
    const fresh = await getCart(user.id);
    const result = await placeOrder(user.id, input(fresh.version), { cardAvailable: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.created).toBe(true);
    expect(result.order).toMatchObject({ status: "awaiting_transfer", paymentMethod: "bank_transfer", totalBani: 275000 + 24900 + 2490 });
    expect(result.order.reference).toBe(referenceFromKey(fresh.version));
    expect(result.order.digitalContentConsentAt).not.toBeNull();
    const lines = await getDb().select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    expect(lines).toHaveLength(3);
    const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(enrolled.map((e) => e.paymentStatus)).toEqual(["pending", "pending"]);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(0);
    const mails = await getDb().select().from(mailOutbox);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Comanda ${result.order.reference} a fost înregistrată`, expect.stringContaining("Comandă nouă")]),
    );
    const buyerMail = mails.find((m) => m.toAddress === user.email)!;
    expect(buyerMail.textBody).toContain("IBAN");
    expect(buyerMail.textBody).toContain(result.order.reference);
    expect(buyerMail.textBody).toContain("art. 16 lit. m");
  });

  it("keeps the full price of an advance and the balance", async () => {
    const user = await createUser();
    const physical = await createCourse("physical", {}, physicalPrices);
    await addCourseToCart(user.id, { courseId: physical.course.id, priceOptionId: physical.options[0].id, accreditation: true, advancePayment: true });
    const cart = await getCart(user.id);
    const result = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(result.ok && result.order).toMatchObject({ totalBani: 50000, fullTotalBani: 265000 });
  });

  it("stops on a missing address, terms box or digital-content boxes, creating nothing", async () => {
    const user = await createUser({ address: "" });
    await fillCart(user.id);
    const cart = await getCart(user.id);
    expect(await placeOrder(user.id, input(cart.version), { cardAvailable: false })).toEqual({ ok: false, message: CHECKOUT_MESSAGES.address, field: "address" });
    await getDb().update(users).set({ address: "Str. Mare 1, Constanța" }).where(eq(users.id, user.id));
    expect(await placeOrder(user.id, input(cart.version, { acceptTerms: false }), { cardAvailable: false })).toMatchObject({ ok: false, field: "acceptTerms" });
    expect(await placeOrder(user.id, input(cart.version, { digitalConsent: false }), { cardAvailable: false })).toMatchObject({ ok: false, field: "digitalConsent" });
    expect(await placeOrder(user.id, input(cart.version, { withdrawalWaiver: false }), { cardAvailable: false })).toMatchObject({ ok: false, field: "withdrawalWaiver" });
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(3);
  });

  it("makes exactly one order for two concurrent checkouts and answers a replay with it", async () => {
    const user = await createUser();
    await fillCart(user.id);
    const cart = await getCart(user.id);
    const [a, b] = await Promise.all([
      placeOrder(user.id, input(cart.version), { cardAvailable: false }),
      placeOrder(user.id, input(cart.version), { cardAvailable: false }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.order.id).toBe(b.order.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const replay = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(replay).toMatchObject({ ok: true, created: false });
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id))).toHaveLength(2);
  });

  it("refuses a form made for another version of the cart", async () => {
    const user = await createUser();
    const { product } = await fillCart(user.id);
    const before = await getCart(user.id);
    await getDb().delete(cartLines).where(eq(cartLines.productId, product.id));
    expect(await placeOrder(user.id, input(before.version), { cardAvailable: false })).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.staleCart });
  });

  it("does not check out another user's cart: each checkout reads only its own lines", async () => {
    const owner = await createUser();
    const other = await createUser();
    await fillCart(owner.id);
    const ownerCart = await getCart(owner.id);
    expect(await placeOrder(other.id, input(ownerCart.version), { cardAvailable: false })).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.emptyCart });
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, owner.id))).toHaveLength(3);
  });
});

describe("free checkout", () => {
  it("enrols at once with the order paid (method free)", async () => {
    const user = await createUser();
    const free = await createCourse("online", {}, [{ days: null, amountBani: 0, accreditation: true }]);
    await addCourseToCart(user.id, { courseId: free.course.id, priceOptionId: free.options[0].id });
    const cart = await getCart(user.id);
    expect(cart.totals.dueNowBani).toBe(0);
    const result = await placeOrder(user.id, input(cart.version, { paymentMethod: "card" }), { cardAvailable: false });
    expect(result.ok && result.order).toMatchObject({ status: "paid", paymentMethod: "free", totalBani: 0 });
    const [enrolment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(enrolment).toMatchObject({ paymentStatus: "confirmed", accessUntil: null });
  });
});

describe("payment confirmation by the admin", () => {
  it("confirms once (enrolments confirmed, buyer e-mailed) and cannot cancel a paid order", async () => {
    const user = await createUser();
    await fillCart(user.id);
    const cart = await getCart(user.id);
    const placed = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    if (!placed.ok) throw new Error(placed.message);
    const admin = await createUser({ role: "admin" });
    const first = await transitionOrder(placed.order.id, "paid", { source: "admin", actorUserId: admin.id });
    expect(first).toMatchObject({ ok: true, changed: true });
    const second = await transitionOrder(placed.order.id, "paid", { source: "admin", actorUserId: admin.id });
    expect(second).toMatchObject({ ok: true, changed: false });
    const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(enrolled.every((e) => e.paymentStatus === "confirmed")).toBe(true);
    const online = enrolled.find((e) => e.courseType === "online")!;
    expect(online.accessUntil!.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(await transitionOrder(placed.order.id, "cancelled", { source: "admin" })).toMatchObject({ ok: false, reason: "not-allowed" });
    const confirmations = await getDb().select().from(mailOutbox).where(eq(mailOutbox.subject, `Plata a fost confirmată – ${placed.order.reference}`));
    expect(confirmations).toHaveLength(1);
  });

  it("cancels an awaiting order: enrolments failed, the course can be bought again", async () => {
    const user = await createUser();
    const { online } = await fillCart(user.id);
    const cart = await getCart(user.id);
    const placed = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    if (!placed.ok) throw new Error(placed.message);
    expect(await transitionOrder(placed.order.id, "cancelled", { source: "admin" })).toMatchObject({ ok: true, changed: true });
    const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(enrolled.every((e) => e.paymentStatus === "failed")).toBe(true);
    expect(await addCourseToCart(user.id, { courseId: online.course.id, priceOptionId: online.options[0].id })).toMatchObject({ ok: true });
    const again = await getCart(user.id);
    const second = await placeOrder(user.id, input(again.version), { cardAvailable: false });
    expect(second).toMatchObject({ ok: true, created: true });
    const [reused] = await getDb().select().from(enrollments).where(eq(enrollments.courseId, online.course.id));
    expect(reused.paymentStatus).toBe("pending");
  });
});

describe("mail outbox", () => {
  const previous = process.env.SMTP_URL;
  afterEach(() => {
    process.env.SMTP_URL = previous;
    resetEnvironment();
  });

  async function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
  }

  it("keeps the order when SMTP is down and sends the mail once it is back", async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvironment();
    await outboxIdle(); // an earlier test's kicked run (rendering an invoice PDF) may still be sending
    await getDb().delete(mailOutbox);
    const user = await createUser();
    await fillCart(user.id);
    const cart = await getCart(user.id);
    const placed = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(placed.ok).toBe(true);
    // Nothing listens: sending fails, the order stays, the messages wait for a retry.
    await outboxIdle(); // the post-commit kick has tried (and failed) to send
    await getDb().update(mailOutbox).set({ nextAttemptAt: new Date(0) });
    const down = await processOutbox();
    expect(down).toMatchObject({ sent: 0, failed: 2 });
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    const waiting = await getDb().select().from(mailOutbox);
    expect(waiting.every((m) => m.status === "pending" && m.lastError && m.attempts >= 1)).toBe(true);

    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    try {
      await getDb().update(mailOutbox).set({ nextAttemptAt: new Date(0) });
      expect(await processOutbox()).toMatchObject({ sent: 2, failed: 0 });
      expect(received).toHaveLength(2);
      expect((await getDb().select().from(mailOutbox)).every((m) => m.status === "sent" && m.sentAt)).toBe(true);
      expect(await processOutbox()).toMatchObject({ sent: 0, failed: 0 });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
