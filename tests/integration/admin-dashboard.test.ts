/**
 * The admin dashboard (/admin): revenue per Bucharest month from the invoices (refunds and the
 * rest collected at the course included), the orders awaiting a transfer and their "Confirmă
 * plata", the new enrolments and the occupancy of the next in-person sessions (places per seat
 * status, from session_seats) — all against orders placed, paid, refunded and cancelled through
 * the real models at chosen dates.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UpcomingSessions } from "~/components/admin/DashboardSections";
import { getDb } from "../../db/client";
import { courses, enrollments, orders } from "../../db/schema";
import { monthInBucharest, shiftMonth, todayInBucharest } from "~/lib/dates";
import { addCourseToCart } from "~/models/cart.server";
import { collectRest } from "~/models/invoice.server";
import { transitionOrder } from "~/models/order-status.server";
import { addStudentByHand, setSessionState } from "~/models/session-admin.server";
import { joinWaitlist } from "~/models/session-waitlist.server";
import { action, loader } from "~/routes/admin._index";
import { cookieFor, createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";
import { get, post, run, toastOf } from "../helpers/http";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const thisMonth = monthInBucharest(now);
/** Noon (Bucharest, UTC+2 or +3) on the 10th of a month `delta` months from now. */
const midMonth = (delta: number) => new Date(`${shiftMonth(thisMonth, delta)}-10T10:00:00Z`);

let admin: { id: string; cookie: string };
let studentCookie = "";

async function transferOrder(input: { price: number; kind?: "online" | "physical"; advance?: boolean; course?: Awaited<ReturnType<typeof createCourse>> }) {
  const user = await createUser({ name: `Cursantă ${input.price}` });
  const course =
    input.course ??
    (await createCourse(input.kind ?? "online", {}, input.kind === "physical" ? [{ days: 5, amountBani: input.price }, { days: 5, amountBani: 50000, advancePayment: true }] : [{ days: null, amountBani: input.price }]));
  await addCourseToCart(user.id, { courseId: course.course.id, priceOptionId: course.options[0].id, advancePayment: input.advance ?? false });
  return { order: await placeTransferOrder(user.id), user, course };
}

async function paidAt(input: Parameters<typeof transferOrder>[0], when: Date) {
  const placed = await transferOrder(input);
  const paid = await transitionOrder(placed.order.id, "paid", { source: "admin", actorUserId: admin.id, now: when });
  if (!paid.ok) throw new Error("not paid");
  return placed;
}

async function dashboard(cookie = admin.cookie) {
  return loader({ request: get("/admin", { cookie }), params: {}, context: {} });
}

// What each order should add, by month.
const expected = new Map<string, number>();
const add = (month: string, bani: number) => expected.set(month, (expected.get(month) ?? 0) + bani);
let awaiting: Awaited<ReturnType<typeof transferOrder>>;
let awaitingPhysical: Awaited<ReturnType<typeof transferOrder>>;
let cancelled: Awaited<ReturnType<typeof transferOrder>>;
let session: Awaited<ReturnType<typeof createCourse>>;
const confirmedAt: Date[] = [];

beforeAll(async () => {
  const adminUser = await createUser({ role: "admin", name: "Ana Admin" });
  admin = { id: adminUser.id, cookie: await cookieFor(adminUser.id) };
  studentCookie = await cookieFor((await createUser()).id);

  // Paid this month: 349 RON.
  await paidAt({ price: 34900 }, now);
  add(thisMonth, 34900);
  confirmedAt.push(now);
  // Paid last month: 1.000 RON, an in-person course with a session in 20 days.
  const physicalPaid = await paidAt({ price: 100000, kind: "physical" }, midMonth(-1));
  add(shiftMonth(thisMonth, -1), 100000);
  confirmedAt.push(midMonth(-1));
  session = physicalPaid.course;
  await getDb().update(courses).set({ nextSessionOn: todayInBucharest(new Date(now.getTime() + 20 * DAY)) }).where(eq(courses.id, session.course.id));
  // Paid 3 months ago: 450 RON.
  await paidAt({ price: 45000 }, midMonth(-3));
  add(shiftMonth(thisMonth, -3), 45000);
  confirmedAt.push(midMonth(-3));
  // Paid 13 months ago: outside the 12 months shown.
  await paidAt({ price: 99900 }, midMonth(-13));
  // Paid last month (250 RON), refunded this month: the credit note is this month's.
  const refunded = await paidAt({ price: 25000 }, midMonth(-1));
  add(shiftMonth(thisMonth, -1), 25000);
  expect((await transitionOrder(refunded.order.id, "refunded", { source: "admin", actorUserId: admin.id, now })).ok).toBe(true);
  add(thisMonth, -25000);
  // An advance of 500 RON paid 2 months ago on a 2.000 RON course, the rest collected this month.
  const advance = await paidAt({ price: 200000, kind: "physical", advance: true }, midMonth(-2));
  add(shiftMonth(thisMonth, -2), 50000);
  confirmedAt.push(midMonth(-2));
  const rest = await collectRest(advance.order.id, admin.id, now);
  expect(rest.ok && rest.invoice.totalBani).toBe(150000);
  add(thisMonth, 150000);
  // Awaiting a transfer (one of them for the in-person course of the next session), and cancelled.
  awaiting = await transferOrder({ price: 20000 });
  awaitingPhysical = await transferOrder({ price: 100000, course: session });
  cancelled = await transferOrder({ price: 15000 });
  expect((await transitionOrder(cancelled.order.id, "cancelled", { source: "admin", actorUserId: admin.id })).ok).toBe(true);
  // A past session and a course without a date are not listed.
  await createCourse("physical", { nextSessionOn: todayInBucharest(new Date(now.getTime() - 3 * DAY)) }, [{ days: 5, amountBani: 1000 }]);
  await createCourse("physical", {}, [{ days: 5, amountBani: 1000 }]);
});

describe("admin dashboard", () => {
  it("shows this month's and last month's revenue and the 12 months, in bani", async () => {
    const data = await dashboard();
    expect(data.thisMonth).toEqual({ month: thisMonth, totalBani: 34900 - 25000 + 150000 });
    expect(data.lastMonth).toEqual({ month: shiftMonth(thisMonth, -1), totalBani: 125000 });
    expect(data.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => shiftMonth(thisMonth, i - 11)));
    expect(data.months).toEqual(data.months.map((m) => ({ month: m.month, totalBani: expected.get(m.month) ?? 0 })));
    expect(data.months.find((m) => m.month === shiftMonth(thisMonth, -3))?.totalBani).toBe(45000);
    expect(data.months.find((m) => m.month === shiftMonth(thisMonth, -2))?.totalBani).toBe(50000);
    // The payment 13 months ago, the awaiting and the cancelled orders add nothing.
    expect(data.months.reduce((sum, m) => sum + m.totalBani, 0)).toBe(34900 + 100000 + 45000 + 25000 - 25000 + 50000 + 150000);
  });

  it("lists the orders awaiting a transfer, oldest first, and nothing else", async () => {
    const data = await dashboard();
    expect(data.awaitingTransfer.count).toBe(2);
    expect(data.awaitingTransfer.orders.map((o) => [o.reference, o.totalBani])).toEqual([
      [awaiting.order.reference, 20000],
      [awaitingPhysical.order.reference, 100000],
    ]);
  });

  it("counts the enrolments confirmed in the last 30 days that are still paid", async () => {
    const data = await dashboard();
    // Confirmed and still paid: this month's, last month's in-person, the advance, 3 months ago
    // (refunded, cancelled and pending ones never count).
    const recent = confirmedAt.filter((d) => d.getTime() >= now.getTime() - 30 * DAY).sort((a, b) => b.getTime() - a.getTime());
    expect(data.newEnrolments.count).toBe(recent.length);
    expect(data.newEnrolments.days).toBe(30);
    expect(data.newEnrolments.latest.map((e) => e.confirmedAt.getTime())).toEqual(recent.map((d) => d.getTime()));
    expect(data.newEnrolments.latest[0]).toMatchObject({ studentName: "Cursantă 34900", courseType: "online" });
  });

  it("no longer counts students by a course's old single date: only real sessions are listed", async () => {
    // The in-person course above has a `next_session_on` in 20 days and a paid and an awaiting
    // student, but no session: the occupancy has nothing to show for it.
    const data = await dashboard();
    expect(data.sessions).toEqual([]);
  });

  it("confirms a transfer from the dashboard with the order page's rule, back to /admin", async () => {
    const response = await run(action, post("/admin?index", { intent: "confirm", orderId: awaiting.order.id }, { cookie: admin.cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await toastOf(response)).toBe("Plata a fost confirmată. Cursantul a primit acces și un e-mail.");
    const [order] = await getDb().select().from(orders).where(eq(orders.id, awaiting.order.id));
    expect(order.status).toBe("paid");
    const [enrolment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, awaiting.user.id));
    expect(enrolment.paymentStatus).toBe("confirmed");

    const data = await dashboard();
    expect(data.awaitingTransfer.orders.map((o) => o.reference)).toEqual([awaitingPhysical.order.reference]);
    expect(data.thisMonth.totalBani).toBe(34900 - 25000 + 150000 + 20000);

    // A second click changes nothing; a cancelled order cannot be confirmed.
    const again = await run(action, post("/admin?index", { intent: "confirm", orderId: awaiting.order.id }, { cookie: admin.cookie }));
    expect(await toastOf(again)).toBe("Comanda era deja în această stare; nu s-a schimbat nimic.");
    const refused = await run(action, post("/admin?index", { intent: "confirm", orderId: cancelled.order.id }, { cookie: admin.cookie }));
    expect(await toastOf(refused)).toBe("Comanda nu mai poate fi modificată (status: Anulată).");
    expect((await run(action, post("/admin?index", { intent: "confirm", orderId: "nu-e-un-id" }, { cookie: admin.cookie }))).status).toBe(404);
  });

  it("is for admins only", async () => {
    const asStudent = await run(loader, get("/admin", { cookie: studentCookie }));
    expect(asStudent.status).toBe(302);
    expect(asStudent.headers.get("Location")).toBe("/");
    const anonymous = await run(loader, get("/admin"));
    expect(anonymous.headers.get("Location")).toBe("/autentificare?redirectTo=%2Fadmin");
    const posted = await run(action, post("/admin?index", { intent: "confirm", orderId: awaitingPhysical.order.id }, { cookie: studentCookie }));
    expect(posted.status).toBe(302);
    const [order] = await getDb().select().from(orders).where(eq(orders.id, awaitingPhysical.order.id));
    expect(order.status).toBe("awaiting_transfer");
  });
});

describe("occupancy of the next in-person sessions", () => {
  const inDays = (n: number) => todayInBucharest(new Date(now.getTime() + n * DAY));
  let course: Awaited<ReturnType<typeof createCourse>>;

  /** A buyer of `sessionId` by bank transfer (the seat is held until the order is paid). */
  async function buyer(sessionId: number) {
    const user = await createUser();
    expect(await addCourseToCart(user.id, { courseId: course.course.id, priceOptionId: course.options[0].id, sessionId })).toMatchObject({ ok: true });
    return { user, order: await placeTransferOrder(user.id) };
  }
  const pay = async (orderId: string) => expect((await transitionOrder(orderId, "paid", { source: "admin", actorUserId: admin.id })).ok).toBe(true);

  it("counts each coming session's places from its seats: paid, held, refunded and cancelled ones, and its waitlist", async () => {
    course = await createCourse("physical", { title: "Curs de bază în sală" }, [{ days: 5, amountBani: 200000 }]);
    const later = await createCourseSession(course.course.id, { days: 5, startsOn: inDays(40), capacity: 2, startTime: "10:00", endTime: "18:00" });
    const sooner = await createCourseSession(course.course.id, { days: 5, startsOn: inDays(25), capacity: 5 });
    const cancelledSession = await createCourseSession(course.course.id, { days: 5, startsOn: inDays(15), capacity: 4 });
    const past = await createCourseSession(course.course.id, { days: 5, startsOn: inDays(-10), capacity: 4 });

    // Sooner: 2 paid (one of them refunded afterwards), 1 awaiting the transfer, 1 cancelled
    // before paying, 1 added by the admin.
    const paid = await buyer(sooner.id);
    await pay(paid.order.id);
    const refunded = await buyer(sooner.id);
    await pay(refunded.order.id);
    expect((await transitionOrder(refunded.order.id, "refunded", { source: "admin", actorUserId: admin.id })).ok).toBe(true);
    await buyer(sooner.id);
    const dropped = await buyer(sooner.id);
    expect((await transitionOrder(dropped.order.id, "cancelled", { source: "admin", actorUserId: admin.id })).ok).toBe(true);
    const byHand = await createUser();
    expect(await addStudentByHand(sooner.id, byHand.email)).toMatchObject({ ok: true });

    // Later (2 places): one paid, one awaiting → full; three join the waitlist; the awaiting order
    // is cancelled, so its place is held for the first in line, two still wait.
    const laterPaid = await buyer(later.id);
    await pay(laterPaid.order.id);
    const laterAwaiting = await buyer(later.id);
    for (let i = 0; i < 3; i++) expect(await joinWaitlist(later.id, (await createUser()).id)).toMatchObject({ ok: true });
    expect((await transitionOrder(laterAwaiting.order.id, "cancelled", { source: "admin", actorUserId: admin.id })).ok).toBe(true);

    // A cancelled session (with a paid student) and a past one are not listed.
    await pay((await buyer(cancelledSession.id)).order.id);
    expect(await setSessionState(cancelledSession.id, "cancelled")).toMatchObject({ ok: true });

    const data = await dashboard();
    expect(data.sessions).toEqual([
      expect.objectContaining({ sessionId: sooner.id, courseId: course.course.id, title: "Curs de bază în sală", startsOn: inDays(25), endsOn: inDays(29), hours: "09:00–17:00", capacity: 5, taken: 2, held: 1, waitlist: 0 }),
      expect.objectContaining({ sessionId: later.id, startsOn: inDays(40), endsOn: inDays(44), hours: "10:00–18:00", capacity: 2, taken: 1, held: 1, waitlist: 2 }),
    ]);

    // What the admin reads: the figures in their columns and a link to each session's roster.
    const html = renderToString(createElement(StaticRouter, { location: "/admin" }, createElement(UpcomingSessions, { sessions: data.sessions })));
    const rows = [...html.matchAll(/<tr data-testid="session">(.*?)<\/tr>/gs)].map((m) =>
      [...m[1].matchAll(/<td>(.*?)<\/td>/gs)].map((cell) => cell[1].replace(/<br\/>/g, " ").replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "").trim()),
    );
    expect(rows).toEqual([
      [`Curs de bază în sală, sesiunea ${data.sessions[0].when}: lista cursanților`, `${data.sessions[0].when} 09:00–17:00`, "2", "1", "3 / 5", "0"],
      [`Curs de bază în sală, sesiunea ${data.sessions[1].when}: lista cursanților`, `${data.sessions[1].when} 10:00–18:00`, "1", "1", "2 / 2 (completă)", "2"],
    ]);
    expect(html).toContain(`href="/admin/sesiuni/${sooner.id}"`);
    expect(html).toContain(`href="/admin/sesiuni/${later.id}"`);
    for (const absent of [cancelledSession, past]) expect(html).not.toContain(`/admin/sesiuni/${absent.id}"`);
  });
});
