/**
 * "Datele mele" (issue 19, GDPR art. 15, 17, 20): the JSON export holds every part of the user's
 * data and nothing of another user's; deleting the account needs the password, logs out, blocks
 * any later login, anonymises orders (invoices stay as issued) and keeps diplomas verifiable.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { diplomas, enrollments, invoices, lessonProgress, lessons, mailOutbox, orders, sessions, users } from "../../db/schema";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { ensureDiploma } from "~/models/diploma.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { DELETE_ACCOUNT_MESSAGES } from "~/lib/validation/account-data";
import { action as loginAction } from "~/routes/autentificare";
import { loader as exportLoader } from "~/routes/cont_.datele-mele[.]json";
import { action as deleteAction } from "~/routes/cont_.sterge";
import { loader as verifyLoader } from "~/routes/diploma.$code";
import { cookieFor, createCourse, createUser, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, get, post, run, toastOf } from "../helpers/http";

/** A user with a paid order (invoice issued), an enrolment with progress and a diploma. */
async function customer(name: string) {
  const user = await createUser({ name, phone: "0733111222", address: `Str. ${name} 1, Constanța`, marketingOptIn: true });
  const { course, options } = await createCourse("online", { title: `Curs pentru ${name}` }, [{ days: null, amountBani: 34900 }]);
  const [lesson] = await getDb().insert(lessons).values({ courseId: course.id, chapterId: 0, lessonId: 0, title: "Prima lecție" }).returning();
  await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id });
  const cart = await getCart(user.id);
  const placed = await placeOrder(user.id, { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version }, { cardAvailable: false });
  if (!placed.ok) throw new Error(placed.message);
  await transitionOrder(placed.order.id, "paid", { source: "admin" });
  const [enrollment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, user.id));
  await getDb().update(enrollments).set({ progress: 100, completedChapters: [0], completedAt: new Date() }).where(eq(enrollments.id, enrollment.id));
  await getDb().insert(lessonProgress).values({ enrollmentId: enrollment.id, lessonId: lesson.id, completedAt: new Date() });
  const diploma = await ensureDiploma(getDb(), { enrollmentId: enrollment.id, holderName: name, courseTitle: course.title, completedAt: new Date() });
  return { user, course, order: placed.order, enrollment, diploma, cookie: await cookieFor(user.id) };
}

async function exportOf(cookie: string) {
  const response = await run(exportLoader, get("/cont/datele-mele.json", { cookie }));
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

describe("Descarcă datele", () => {
  it("is a JSON attachment with profile, billing, orders with lines, enrolments with progress, invoices and consents — only the user's", async () => {
    const a = await customer("Ioana Exportescu");
    const b = await customer("Bianca Străinescu");
    const { response, text } = await exportOf(a.cookie);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="datele-mele-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = JSON.parse(text);
    expect(data.format).toBe("ana-nails-academy/datele-mele@1");
    expect(data.profile).toMatchObject({ email: a.user.email, name: "Ioana Exportescu", phone: "0733111222" });
    expect(data.billing).toMatchObject({ address: "Str. Ioana Exportescu 1, Constanța", buyerType: "person" });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ reference: a.order.reference, status: "paid", totalBani: 34900 });
    expect(data.orders[0].lines).toEqual([expect.objectContaining({ title: a.course.title, amountBani: 34900, quantity: 1 })]);
    expect(data.enrolments).toHaveLength(1);
    expect(data.enrolments[0]).toMatchObject({ courseTitle: a.course.title, progress: 100, completedChapters: [0], diploma: { code: a.diploma.code } });
    expect(data.enrolments[0].lessons).toHaveLength(1);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ orderReference: a.order.reference, totalBani: 34900, kind: "invoice" });
    const kinds = data.consents.map((c: { kind: string }) => c.kind).sort();
    expect(kinds).toEqual(["digital_content", "marketing", "terms", "withdrawal_waiver"]);
    for (const consent of data.consents) expect(consent.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Nothing of the other customer.
    for (const foreign of [b.user.email, "Bianca Străinescu", b.order.reference, b.course.title, b.diploma.code]) expect(text).not.toContain(foreign);
  });

  it("needs a login", async () => {
    const response = await run(exportLoader, get("/cont/datele-mele.json"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/autentificare/);
  });
});

describe("Șterge contul", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const a = await customer("Ana Greșitescu");
    const response = await run(deleteAction, post("/cont/sterge", { currentPassword: "Nu-e-parola1!" }, { cookie: a.cookie, ip: freshIp() }));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Parola actuală nu este corectă");
    const [row] = await getDb().select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: a.user.email, name: "Ana Greșitescu", deletedAt: null });
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, a.user.id))).toHaveLength(1);
  });

  it("logs out, blocks login, anonymises orders, keeps invoices as issued and diplomas verifiable (without the name when chosen)", async () => {
    const a = await customer("Elena Ștersescu");
    const b = await customer("Bogdan Rămânescu");
    const [invoiceBefore] = await getDb().select().from(invoices).where(eq(invoices.orderId, a.order.id));

    const response = await run(deleteAction, post("/cont/sterge", { currentPassword: TEST_PASSWORD, hideDiplomaName: "on" }, { cookie: a.cookie, ip: freshIp() }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toBe(DELETE_ACCOUNT_MESSAGES.deleted);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=;.*Max-Age=0/i);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, a.user.id))).toHaveLength(0);

    // No login, neither with the old e-mail nor with the anonymised one.
    const login = await run(loginAction, post("/autentificare", { email: a.user.email, password: TEST_PASSWORD }, { ip: freshIp() }));
    expect(login.status).toBe(401);
    const [row] = await getDb().select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ name: "Cont șters", phone: "", address: "", addressStreet: "", addressCity: "", addressCounty: "", addressSector: null, marketingOptIn: false });
    expect(row.email).not.toContain("stersescu");
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await run(loginAction, post("/autentificare", { email: row.email, password: TEST_PASSWORD }, { ip: freshIp() }))).status).toBe(401);

    // The order stays (fiscal retention) without personal fields; the invoice exactly as issued.
    const [order] = await getDb().select().from(orders).where(eq(orders.id, a.order.id));
    expect(order).toMatchObject({ reference: a.order.reference, totalBani: 34900, billingName: "Cont șters", billingPhone: "", billingAddress: "", buyer: null });
    expect(JSON.stringify(order)).not.toContain("Elena");
    const [invoiceAfter] = await getDb().select().from(invoices).where(eq(invoices.orderId, a.order.id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    expect(invoiceAfter.buyer.name).toBe("Elena Ștersescu");

    // Progress deleted; the diploma verifies by code, without the name.
    expect(await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, a.enrollment.id))).toHaveLength(0);
    const [enrollment] = await getDb().select().from(enrollments).where(eq(enrollments.id, a.enrollment.id));
    expect(enrollment).toMatchObject({ progress: 0, completedChapters: [] });
    const verified = await run(verifyLoader, get(`/diploma/${a.diploma.code}`), { code: a.diploma.code });
    expect(verified.status).toBe(200);
    const shown = (await verified.json()).diploma;
    expect(shown).toMatchObject({ code: a.diploma.code, courseTitle: a.course.title, holderName: "Nume ascuns la cererea titularului" });

    // The confirmation e-mail to the old address.
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, a.user.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Contul tău a fost șters")]);

    // The other customer is untouched.
    const [other] = await getDb().select().from(users).where(eq(users.id, b.user.id));
    expect(other).toMatchObject({ name: "Bogdan Rămânescu", deletedAt: null });
    const [otherDiploma] = await getDb().select().from(diplomas).where(eq(diplomas.code, b.diploma.code));
    expect(otherDiploma.holderName).toBe("Bogdan Rămânescu");
  });

  it("keeps the holder name on diplomas unless asked", async () => {
    const a = await customer("Maria Păstrescu");
    const response = await run(deleteAction, post("/cont/sterge", { currentPassword: TEST_PASSWORD }, { cookie: a.cookie, ip: freshIp() }));
    expect(response.status).toBe(302);
    const verified = await run(verifyLoader, get(`/diploma/${a.diploma.code}`), { code: a.diploma.code });
    expect((await verified.json()).diploma.holderName).toBe("Maria Păstrescu");
  });
});
