/**
 * Card payment notifications (IPN) against a real database: the mapping and idempotency, the
 * strict checks (amount, currency), late notifications (cancelled or failed orders, double
 * payments), refunds closing the lesson player, the HTTP endpoint, the admin's reconciliation
 * and the buyer's return page.
 */
import { generateKeyPairSync } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb, setDatabaseHandle } from "../../db/client";
import { enrollments, lessons, orderEvents, orderLines, orders, paymentNotifications } from "../../db/schema";
import { PLAYER_MESSAGES } from "~/lib/player";
import { DOUBLE_PAYMENT_NOTE, transitionOrder } from "~/models/order-status.server";
import { handleCardNotification } from "~/models/payment.server";
import { loader as orderAdminLoader } from "~/routes/admin.comenzi.$id";
import { loader as ordersAdminLoader } from "~/routes/admin.comenzi._index";
import { action as confirmAction, loader as confirmLoader } from "~/routes/api.payments.netopia.confirm";
import { loader as playerLoader } from "~/routes/cursuri-online.curs.$id.lectie";
import { loader as resultLoader } from "~/routes/plata_.rezultat";
import { buildNotificationXml, openEnvelope, sealEnvelope } from "~/services/payments/mobilpay.server";
import { CONFIRM_PATH } from "~/services/payments/provider.server";
import { getSimulatorKeys } from "~/services/payments/simulator-keys.server";
import { createTestDatabase } from "../helpers/db";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { placeCardOrder } from "../helpers/card";
import { BASE, get, run, toastOf } from "../helpers/http";

type User = Awaited<ReturnType<typeof createUser>>;

/** Puts the course in the user's cart and checks out by card: the order and its sealed request. */
async function checkoutByCard(user: User, courseId: number, priceOptionId: number) {
  const { order, form } = await placeCardOrder(user.id, courseId, priceOptionId);
  expect(order.status).toBe("awaiting_payment");
  // What the browser posts to the processor; the simulator (playing NETOPIA) opens it.
  const requestXml = openEnvelope(form.fields, getSimulatorKeys().providerPrivatePem);
  return { order, requestXml };
}

async function cardOrder() {
  const user = await createUser();
  const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 34900, accreditation: true }]);
  return { user, course, option: options[0], ...(await checkoutByCard(user, course.id, options[0].id)) };
}

let crcCounter = 0;
function ipn(
  requestXml: string,
  options: { action: string; errorCode?: number; processed?: number; original?: number; recipientPublicPem?: string; edit?: (xml: string) => string },
) {
  const crc = `crc-${++crcCounter}`;
  let xml = buildNotificationXml(requestXml, {
    crc,
    action: options.action,
    errorCode: options.errorCode ?? 0,
    errorMessage: options.errorCode ? "Respinsă" : "Aprobată",
    purchase: "PURCHASE-1",
    originalAmountBani: options.original ?? 34900,
    processedAmountBani: options.processed ?? 34900,
    panMasked: "4****** ****1111",
  });
  if (options.edit) xml = options.edit(xml);
  const envelope = sealEnvelope(xml, options.recipientPublicPem ?? getSimulatorKeys().merchantPublicPem);
  return { body: new URLSearchParams({ ...envelope } as Record<string, string>).toString(), crc };
}

const ipnRequest = (body: string, method = "POST") =>
  new Request(`${BASE}${CONFIRM_PATH}`, { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
const notify = (body: string) => handleCardNotification(ipnRequest(body));

async function state(orderId: string, userId: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
  const enrolled = await getDb().select().from(enrollments).where(eq(enrollments.userId, userId));
  return { status: order.status, enrolments: enrolled.map((e) => e.paymentStatus), providerRef: order.providerRef, pan: order.panMasked };
}

async function enrolmentOf(userId: string, courseId: number) {
  const [row] = await getDb()
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row;
}

async function lineIdOf(orderId: string) {
  const [line] = await getDb().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return line.id;
}

async function adminCookie() {
  return cookieFor((await createUser({ role: "admin", name: "Ana Admin" })).id);
}

describe("card payment notifications (IPN)", () => {
  it("confirmed → order paid, enrolments confirmed; the same IPN again changes nothing and still succeeds", async () => {
    const { user, order, requestXml } = await cardOrder();
    const confirmed = ipn(requestXml, { action: "confirmed" });
    const first = await notify(confirmed.body);
    expect(first).toMatchObject({ outcome: "applied" });
    expect(first.reply.body).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<crc>${confirmed.crc}</crc>`);
    expect(await state(order.id, user.id)).toEqual({ status: "paid", enrolments: ["confirmed"], providerRef: "PURCHASE-1", pan: "4****** ****1111" });
    const again = await notify(confirmed.body);
    expect(again.outcome).toBe("unchanged");
    expect(again.reply.body).toContain(`<crc>${confirmed.crc}</crc>`);
    expect((await state(order.id, user.id)).status).toBe("paid");
    const stored = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, order.id));
    expect(stored.map((n) => n.outcome)).toEqual(["applied", "unchanged"]);
    expect(stored[0].rawBody).toBe(confirmed.body);
    expect(stored[1].message).toBe("Fără schimbare: comanda era deja „Plătită”.");
  });

  it("never moves a paid order back: paid_pending or a decline after confirmed leave it paid", async () => {
    const { user, order, requestXml } = await cardOrder();
    await notify(ipn(requestXml, { action: "confirmed" }).body);
    expect((await notify(ipn(requestXml, { action: "paid_pending" }).body)).outcome).toBe("unchanged");
    expect((await notify(ipn(requestXml, { action: "confirmed", errorCode: 35, processed: 0 }).body)).outcome).toBe("unchanged");
    expect((await notify(ipn(requestXml, { action: "canceled", processed: 0 }).body)).outcome).toBe("unchanged");
    expect(await state(order.id, user.id)).toMatchObject({ status: "paid", enrolments: ["confirmed"] });
  });

  it("pending keeps the order waiting; a decline fails it and its enrolments", async () => {
    const { user, order, requestXml } = await cardOrder();
    expect((await notify(ipn(requestXml, { action: "confirmed_pending" }).body)).outcome).toBe("unchanged");
    expect(await state(order.id, user.id)).toMatchObject({ status: "awaiting_payment", enrolments: ["pending"] });
    const declined = await notify(ipn(requestXml, { action: "confirmed", errorCode: 20, processed: 0 }).body);
    expect(declined.outcome).toBe("applied");
    expect(await state(order.id, user.id)).toMatchObject({ status: "failed", enrolments: ["failed"] });
  });

  it("credit → refunded, enrolment refunded, and the lesson player refuses the student", async () => {
    const { user, course, order, requestXml } = await cardOrder();
    await getDb()
      .insert(lessons)
      .values({ courseId: course.id, chapterId: 0, lessonId: 1, title: "Bun venit", videoKey: "videos/1735689600000_lectie.mp4", videoDurationSeconds: 100, isPublished: true });
    const cookie = await cookieFor(user.id);
    const id = String(course.id);
    const open = () => run(playerLoader, get(`/cursuri-online/curs/${id}/lectie`, { cookie }), { id });

    await notify(ipn(requestXml, { action: "confirmed" }).body);
    expect((await open()).status).toBe(200);

    const credit = await notify(ipn(requestXml, { action: "credit" }).body);
    expect(credit.outcome).toBe("applied");
    expect(await state(order.id, user.id)).toMatchObject({ status: "refunded", enrolments: ["refunded"] });
    const refused = await open();
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/cursuri-online/curs/${id}`);
    expect(await toastOf(refused)).toBe(PLAYER_MESSAGES.noAccess);
  });

  it("rejects a different amount, an unknown order, another key or another signature with error_type 2, changing nothing", async () => {
    const { user, order, requestXml } = await cardOrder();
    const wrongAmount = await notify(ipn(requestXml.replace('amount="349.00"', 'amount="1.00"'), { action: "confirmed", processed: 100, original: 100 }).body);
    expect(wrongAmount.reply.body).toMatch(/error_type="2"/);
    const wrongProcessed = await notify(ipn(requestXml, { action: "confirmed", processed: 100 }).body);
    expect(wrongProcessed.reply.body).toMatch(/error_type="2"/);
    const unknown = await notify(ipn(requestXml.replace(order.id, "00000000-0000-4000-8000-000000000000"), { action: "confirmed" }).body);
    expect(unknown.reply.body).toMatch(/error_type="2"/);
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const otherKey = await notify(ipn(requestXml, { action: "confirmed", recipientPublicPem: publicKey.export({ type: "spki", format: "pem" }).toString() }).body);
    expect(otherKey.reply.body).toMatch(/error_type="2"/);
    const signature = getSimulatorKeys().signature;
    const otherSignature = await notify(ipn(requestXml.replace(signature, "XXXX-XXXX-XXXX-XXXX-XXXX"), { action: "confirmed" }).body);
    expect(otherSignature.reply.body).toMatch(/error_type="2"/);
    const garbage = await notify("env_key=abc&data=def");
    expect(garbage.reply.body).toMatch(/error_type="2"/);
    expect(await state(order.id, user.id)).toMatchObject({ status: "awaiting_payment", enrolments: ["pending"], providerRef: null });
    const rejected = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.outcome, "rejected"));
    expect(rejected.length).toBeGreaterThanOrEqual(6);
  });

  it("money-moving actions need the processed amount and the currency, both the order's; otherwise error_type 2 and nothing changes", async () => {
    const { user, order, requestXml } = await cardOrder();
    const withoutProcessed = (xml: string) => xml.replace(/<processed_amount>[^<]*<\/processed_amount>/, "");
    const cases = [
      { action: "confirmed", edit: withoutProcessed },
      { action: "paid", edit: withoutProcessed },
      { action: "paid_pending", edit: withoutProcessed },
      { action: "confirmed_pending", processed: 34800 },
      { action: "confirmed", edit: (xml: string) => xml.replace('currency="RON" ', "") },
      { action: "confirmed", edit: (xml: string) => xml.replace('currency="RON"', 'currency="EUR"') },
      { action: "paid", edit: (xml: string) => xml.replace('currency="RON"', 'currency="EUR"') },
    ];
    for (const options of cases) {
      const result = await notify(ipn(requestXml, options).body);
      expect(result.outcome, JSON.stringify(options.action)).toBe("rejected");
      expect(result.reply.body).toMatch(/<crc error_type="2" error_code="(7|9)">/);
    }
    expect(await state(order.id, user.id)).toEqual({ status: "awaiting_payment", enrolments: ["pending"], providerRef: null, pan: null });
    const rows = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, order.id));
    expect(rows).toHaveLength(cases.length);
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(["rejected"]));
    expect(new Set(rows.map((r) => r.message))).toEqual(new Set(["Suma procesată lipsește sau nu este totalul comenzii.", "Moneda lipsește sau nu este RON."]));
    // A decline carries no processed amount and is still applied.
    const declined = await notify(ipn(requestXml, { action: "confirmed", errorCode: 21, edit: withoutProcessed }).body);
    expect(declined.outcome).toBe("applied");
    expect((await state(order.id, user.id)).status).toBe("failed");
  });

  it("answers error_type 1 (retry later) when the database is unavailable", async () => {
    const { requestXml } = await cardOrder();
    const body = ipn(requestXml, { action: "confirmed" }).body;
    const original = getDatabaseHandle();
    const doomed = await createTestDatabase();
    setDatabaseHandle(doomed.handle);
    try {
      await doomed.dispose();
      const result = await notify(body);
      expect(result.outcome).toBe("error");
      expect(result.reply.body).toMatch(/error_type="1"/);
    } finally {
      setDatabaseHandle(original);
    }
    // Once the database is back, NETOPIA's retry goes through.
    expect((await notify(body)).outcome).toBe("applied");
  });
});

describe("the confirm URL over HTTP", () => {
  it("answers a POST with application/xml echoing the crc, and applies it", async () => {
    const { user, order, requestXml } = await cardOrder();
    const confirmed = ipn(requestXml, { action: "confirmed" });
    const response = await run(confirmAction, ipnRequest(confirmed.body));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<crc>${confirmed.crc}</crc>`);
    expect((await state(order.id, user.id)).status).toBe("paid");
  });

  it("answers a refusal as crc XML too", async () => {
    const response = await run(confirmAction, ipnRequest("env_key=abc&data=def"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<crc error_type="2" error_code="2">/);
  });

  it("refuses GET and other methods with 405, storing nothing", async () => {
    const before = (await getDb().select().from(paymentNotifications)).length;
    const viaGet = await run(confirmLoader, get(CONFIRM_PATH));
    expect(viaGet.status).toBe(405);
    expect(viaGet.headers.get("Allow")).toBe("POST");
    const viaPut = await run(confirmAction, ipnRequest("env_key=abc", "PUT"));
    expect(viaPut.status).toBe(405);
    expect((await getDb().select().from(paymentNotifications)).length).toBe(before);
  });
});

describe("late notifications: money taken is recorded", () => {
  it("a confirmed IPN for an order the admin cancelled pays it and opens the course", async () => {
    const { user, course, order, requestXml } = await cardOrder();
    const cancelled = await transitionOrder(order.id, "cancelled", { source: "admin" });
    expect(cancelled.ok).toBe(true);
    expect(await state(order.id, user.id)).toMatchObject({ status: "cancelled", enrolments: ["failed"] });

    const late = await notify(ipn(requestXml, { action: "confirmed" }).body);
    expect(late.outcome).toBe("applied");
    expect(late.doublePaid).toEqual([]);
    expect(await state(order.id, user.id)).toMatchObject({ status: "paid", enrolments: ["confirmed"], providerRef: "PURCHASE-1" });
    expect((await enrolmentOf(user.id, course.id)).orderLineId).toBe(await lineIdOf(order.id));
    const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["null→awaiting_payment", "awaiting_payment→cancelled", "cancelled→paid"]);
    expect(events[2].note).toContain("plată primită după anularea comenzii");
    // No refund is due: this is the only payment for the course.
    const cookie = await adminCookie();
    const detail = await (await run(orderAdminLoader, get(`/admin/comenzi/${order.id}`, { cookie }), { id: order.id })).json();
    expect(detail.order.refundDue).toBeNull();
    // The same IPN again, and a decline arriving after it, change nothing.
    expect((await notify(ipn(requestXml, { action: "confirmed", errorCode: 20, processed: 0 }).body)).outcome).toBe("unchanged");
    expect((await state(order.id, user.id)).status).toBe("paid");
  });

  it("a failed order paid late after the course was bought and paid again is flagged for a refund", async () => {
    const { user, course, option, order: first, requestXml: firstXml } = await cardOrder();
    await notify(ipn(firstXml, { action: "confirmed", errorCode: 20, processed: 0 }).body);
    expect((await state(first.id, user.id)).status).toBe("failed");

    // The buyer buys the course again and pays.
    const second = await checkoutByCard(user, course.id, option.id);
    await notify(ipn(second.requestXml, { action: "confirmed" }).body);
    expect((await state(second.order.id, user.id)).status).toBe("paid");

    // The first payment went through after all (NETOPIA's late IPN).
    const late = await notify(ipn(firstXml, { action: "confirmed" }).body);
    expect(late.outcome).toBe("applied");
    expect(late.doublePaid).toEqual([course.title]);
    expect((await getDb().select().from(orders).where(eq(orders.id, first.id)))[0].status).toBe("paid");
    const enrolment = await enrolmentOf(user.id, course.id);
    expect(enrolment.paymentStatus).toBe("confirmed");
    expect(enrolment.orderLineId).toBe(await lineIdOf(second.order.id));
    const flags = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, first.id));
    expect(flags.filter((e) => e.note.startsWith(DOUBLE_PAYMENT_NOTE))).toHaveLength(1);

    // The admin sees it in the list and on the order.
    const cookie = await adminCookie();
    const list = await (await run(ordersAdminLoader, get("/admin/comenzi?filtru=platite", { cookie }))).json();
    const rowOf = (id: string) => list.orders.find((o: { id: string }) => o.id === id);
    expect(rowOf(first.id)).toMatchObject({ refundDue: true, providerRef: "PURCHASE-1", panMasked: "4****** ****1111" });
    expect(rowOf(second.order.id)).toMatchObject({ refundDue: false });
    expect(list.refundLabel).toBe("Plată dublă – necesită rambursare");
    const detail = await (await run(orderAdminLoader, get(`/admin/comenzi/${first.id}`, { cookie }), { id: first.id })).json();
    expect(detail.order.refundDue).toContain("Plată dublă – necesită rambursare");
    expect(detail.order.refundDue).toContain(course.title);

    // Refunding the double payment keeps the access the other order paid for; the flag goes.
    expect((await notify(ipn(firstXml, { action: "credit" }).body)).outcome).toBe("applied");
    expect((await enrolmentOf(user.id, course.id)).paymentStatus).toBe("confirmed");
    const after = await (await run(ordersAdminLoader, get("/admin/comenzi?filtru=toate", { cookie }))).json();
    expect(after.orders.find((o: { id: string }) => o.id === first.id)).toMatchObject({ status: "refunded", refundDue: false });
  });

  it("a failed order paid late while the new order still waits takes the enrolment; the new order's payment is then the double one", async () => {
    const { user, course, option, order: first, requestXml: firstXml } = await cardOrder();
    await notify(ipn(firstXml, { action: "canceled", processed: 0 }).body);
    const second = await checkoutByCard(user, course.id, option.id);
    expect((await enrolmentOf(user.id, course.id)).paymentStatus).toBe("pending");

    const late = await notify(ipn(firstXml, { action: "confirmed" }).body);
    expect(late.doublePaid).toEqual([]);
    const enrolment = await enrolmentOf(user.id, course.id);
    expect(enrolment).toMatchObject({ paymentStatus: "confirmed", orderLineId: await lineIdOf(first.id) });

    const secondPaid = await notify(ipn(second.requestXml, { action: "confirmed" }).body);
    expect(secondPaid).toMatchObject({ outcome: "applied", doublePaid: [course.title] });
    expect((await enrolmentOf(user.id, course.id)).orderLineId).toBe(await lineIdOf(first.id));
  });
});

describe("admin reconciliation", () => {
  it("lists notifications that matched no order with their reason, never their body", async () => {
    const { requestXml } = await cardOrder();
    const stranger = "11111111-2222-4333-8444-555555555555";
    await notify(ipn(requestXml.replace(/id="[0-9a-f-]{36}"/, `id="${stranger}"`), { action: "confirmed" }).body);
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await notify(ipn(requestXml, { action: "confirmed", recipientPublicPem: publicKey.export({ type: "spki", format: "pem" }).toString() }).body);

    const cookie = await adminCookie();
    const response = await run(ordersAdminLoader, get("/admin/comenzi", { cookie }));
    const text = await response.text();
    const { unmatched } = JSON.parse(text) as { unmatched: Array<{ message: string; claimedOrderId: string | null; claimedAmountBani: number | null }> };
    expect(unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: "Comandă necunoscută.", claimedOrderId: stranger, claimedAmountBani: 34900 }),
        expect.objectContaining({ message: "Nu poate fi decriptată cu cheia noastră (altă cheie sau date corupte).", claimedOrderId: null }),
      ]),
    );
    expect(text).not.toContain("env_key");
    expect(text).not.toContain("rawBody");
    // Admins only.
    const student = await cookieFor((await createUser()).id);
    expect((await run(ordersAdminLoader, get("/admin/comenzi", { cookie: student }))).headers.get("Location")).toBe("/");
  });
});

describe("the return page", () => {
  it("shows the buyer's own order only: another user's order is 404", async () => {
    const { user, order } = await cardOrder();
    const own = await run(resultLoader, get(`/plata/rezultat?orderId=${order.id}`, { cookie: await cookieFor(user.id) }));
    expect(own.status).toBe(200);
    expect((await own.json()).order).toMatchObject({ id: order.id, status: "awaiting_payment", paymentMethod: "card" });
    const other = await run(resultLoader, get(`/plata/rezultat?orderId=${order.id}`, { cookie: await cookieFor((await createUser()).id) }));
    expect(other.status).toBe(404);
  });
});
