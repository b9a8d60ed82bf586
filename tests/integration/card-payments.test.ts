import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb, setDatabaseHandle } from "../../db/client";
import { enrollments, orders, paymentNotifications } from "../../db/schema";
import { addCourseToCart, getCart } from "~/models/cart.server";
import { placeOrder } from "~/models/order.server";
import { handleCardNotification } from "~/models/payment.server";
import { buildNotificationXml, openEnvelope, sealEnvelope } from "~/services/payments/mobilpay.server";
import { getSimulatorKeys, startCardPayment } from "~/services/payments/provider.server";
import { createTestDatabase } from "../helpers/db";
import { createCourse, createUser } from "../helpers/factories";
import { generateKeyPairSync } from "node:crypto";

async function cardOrder() {
  const user = await createUser();
  const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 34900, accreditation: true }]);
  await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id });
  const cart = await getCart(user.id);
  const placed = await placeOrder(
    user.id,
    { paymentMethod: "card", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version },
    { cardAvailable: true },
  );
  if (!placed.ok) throw new Error(placed.message);
  expect(placed.order.status).toBe("awaiting_payment");
  // What the browser posts to the processor; the simulator (playing NETOPIA) opens it.
  const form = startCardPayment(placed.order);
  const requestXml = openEnvelope(form.fields, getSimulatorKeys().providerPrivatePem);
  return { user, order: placed.order, requestXml };
}

let crcCounter = 0;
function ipn(requestXml: string, options: { action: string; errorCode?: number; processed?: number; original?: number; recipientPublicPem?: string }) {
  const xml = buildNotificationXml(requestXml, {
    crc: `crc-${++crcCounter}`,
    action: options.action,
    errorCode: options.errorCode ?? 0,
    errorMessage: options.errorCode ? "Respinsă" : "Aprobată",
    purchase: "PURCHASE-1",
    originalAmountBani: options.original ?? 34900,
    processedAmountBani: options.processed ?? 34900,
    panMasked: "4****** ****1111",
  });
  const envelope = sealEnvelope(xml, options.recipientPublicPem ?? getSimulatorKeys().merchantPublicPem);
  return { body: new URLSearchParams({ ...envelope } as Record<string, string>).toString(), crc: `crc-${crcCounter}` };
}

async function state(orderId: string, userId: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
  const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, userId));
  return { status: order.status, enrolments: enrolled.map((e) => e.paymentStatus), providerRef: order.providerRef, pan: order.panMasked };
}

describe("card payment notifications (IPN)", () => {
  it("confirmed → order paid, enrolments confirmed; the same IPN again changes nothing and still succeeds", async () => {
    const { user, order, requestXml } = await cardOrder();
    const confirmed = ipn(requestXml, { action: "confirmed" });
    const first = await handleCardNotification(confirmed.body);
    expect(first).toMatchObject({ outcome: "applied" });
    expect(first.body).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<crc>${confirmed.crc}</crc>`);
    expect(await state(order.id, user.id)).toEqual({ status: "paid", enrolments: ["confirmed"], providerRef: "PURCHASE-1", pan: "4****** ****1111" });
    const again = await handleCardNotification(confirmed.body);
    expect(again.outcome).toBe("unchanged");
    expect(again.body).toContain(`<crc>${confirmed.crc}</crc>`);
    expect((await state(order.id, user.id)).status).toBe("paid");
    const stored = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, order.id));
    expect(stored.map((n) => n.outcome)).toEqual(["applied", "unchanged"]);
    expect(stored[0].rawBody).toBe(confirmed.body);
  });

  it("never moves a paid order back: paid_pending or a decline after confirmed leave it paid", async () => {
    const { user, order, requestXml } = await cardOrder();
    await handleCardNotification(ipn(requestXml, { action: "confirmed" }).body);
    expect((await handleCardNotification(ipn(requestXml, { action: "paid_pending" }).body)).outcome).toBe("unchanged");
    expect((await handleCardNotification(ipn(requestXml, { action: "confirmed", errorCode: 35, processed: 0 }).body)).outcome).toBe("unchanged");
    expect(await state(order.id, user.id)).toMatchObject({ status: "paid", enrolments: ["confirmed"] });
  });

  it("pending keeps the order waiting; a decline fails it and its enrolments", async () => {
    const { user, order, requestXml } = await cardOrder();
    expect((await handleCardNotification(ipn(requestXml, { action: "confirmed_pending" }).body)).outcome).toBe("unchanged");
    expect(await state(order.id, user.id)).toMatchObject({ status: "awaiting_payment", enrolments: ["pending"] });
    const declined = await handleCardNotification(ipn(requestXml, { action: "confirmed", errorCode: 20, processed: 0 }).body);
    expect(declined.outcome).toBe("applied");
    expect(await state(order.id, user.id)).toMatchObject({ status: "failed", enrolments: ["failed"] });
  });

  it("credit → refunded, access revoked", async () => {
    const { user, order, requestXml } = await cardOrder();
    await handleCardNotification(ipn(requestXml, { action: "confirmed" }).body);
    expect((await handleCardNotification(ipn(requestXml, { action: "credit" }).body)).outcome).toBe("applied");
    expect(await state(order.id, user.id)).toMatchObject({ status: "refunded", enrolments: ["refunded"] });
  });

  it("rejects a different amount, an unknown order, another key or another signature with error_type 2, changing nothing", async () => {
    const { user, order, requestXml } = await cardOrder();
    const wrongAmount = await handleCardNotification(ipn(requestXml.replace('amount="349.00"', 'amount="1.00"'), { action: "confirmed", processed: 100, original: 100 }).body);
    expect(wrongAmount.body).toMatch(/error_type="2"/);
    const wrongProcessed = await handleCardNotification(ipn(requestXml, { action: "confirmed", processed: 100 }).body);
    expect(wrongProcessed.body).toMatch(/error_type="2"/);
    const unknown = await handleCardNotification(ipn(requestXml.replace(order.id, "00000000-0000-4000-8000-000000000000"), { action: "confirmed" }).body);
    expect(unknown.body).toMatch(/error_type="2"/);
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const otherKey = await handleCardNotification(ipn(requestXml, { action: "confirmed", recipientPublicPem: publicKey.export({ type: "spki", format: "pem" }).toString() }).body);
    expect(otherKey.body).toMatch(/error_type="2"/);
    const signature = getSimulatorKeys().signature;
    const otherSignature = await handleCardNotification(ipn(requestXml.replace(signature, "XXXX-XXXX-XXXX-XXXX-XXXX"), { action: "confirmed" }).body);
    expect(otherSignature.body).toMatch(/error_type="2"/);
    const garbage = await handleCardNotification("env_key=abc&data=def");
    expect(garbage.body).toMatch(/error_type="2"/);
    expect(await state(order.id, user.id)).toMatchObject({ status: "awaiting_payment", enrolments: ["pending"] });
    const rejected = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.outcome, "rejected"));
    expect(rejected.length).toBeGreaterThanOrEqual(6);
  });

  it("answers error_type 1 (retry later) when the database is unavailable", async () => {
    const { requestXml } = await cardOrder();
    const body = ipn(requestXml, { action: "confirmed" }).body;
    const original = getDatabaseHandle();
    const doomed = await createTestDatabase();
    setDatabaseHandle(doomed.handle);
    try {
      await doomed.dispose();
      const result = await handleCardNotification(body);
      expect(result.outcome).toBe("error");
      expect(result.body).toMatch(/error_type="1"/);
    } finally {
      setDatabaseHandle(original);
    }
    // Once the database is back, NETOPIA's retry goes through.
    expect((await handleCardNotification(body)).outcome).toBe("applied");
  });
});
