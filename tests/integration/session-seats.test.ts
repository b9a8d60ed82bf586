/**
 * Issue 28: in-person sessions with real seats — the seat race, holds and their expiry, payment,
 * refunds and cancellations giving the place back, and the migration of the old single date.
 * Runs on PGlite, and on PostgreSQL (DATABASE_URL) where the racing checkouts run on several
 * pooled connections at once.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSessions, courses, mailOutbox, orders, sessionSeats } from "../../db/schema";
import { SESSION_MESSAGES } from "~/lib/sessions";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { releaseExpiredHolds } from "~/models/seat-holds.server";
import { courseForApi } from "~/routes/+shared/api/views.server";
import { createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";

const DAY = 86_400_000;
const checkout = (cartVersion: string, paymentMethod: "bank_transfer" | "card" = "bank_transfer") =>
  ({ paymentMethod, acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, earlyStart: true, cartVersion }) as const;

async function sessionRow(id: number) {
  const [row] = await getDb().select().from(courseSessions).where(eq(courseSessions.id, id));
  return row;
}

async function seatsOf(sessionId: number) {
  return getDb().select().from(sessionSeats).where(eq(sessionSeats.sessionId, sessionId));
}

async function courseWithSession(capacity: number, startsOn = "2099-05-12") {
  const { course, options } = await createCourse("physical", { title: "Curs de bază în sală" }, [
    { days: 5, amountBani: 200000 },
    { days: 10, amountBani: 350000 },
  ]);
  const session = await createCourseSession(course.id, { days: 5, startsOn, capacity, startTime: "09:30", endTime: "17:00" });
  return { course, five: options[0], ten: options[1], session };
}

async function buyerWithLine(courseId: number, priceOptionId: number, sessionId: number) {
  const user = await createUser();
  expect(await addCourseToCart(user.id, { courseId, priceOptionId, sessionId })).toMatchObject({ ok: true });
  return user;
}

describe("choosing a session", () => {
  it("is required when the period has coming sessions, must belong to that period and have a place", async () => {
    const { course, five, ten, session } = await courseWithSession(1);
    const user = await createUser();
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: five.id })).toEqual({ ok: false, status: 400, message: SESSION_MESSAGES.required });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: ten.id })).toEqual({ ok: false, status: 400, message: SESSION_MESSAGES.noSessions });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: ten.id, sessionId: session.id })).toEqual({ ok: false, status: 400, message: SESSION_MESSAGES.wrongPeriod });
    const tenSession = await createCourseSession(course.id, { days: 10, startsOn: "2099-06-01" });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: ten.id, sessionId: session.id })).toEqual({ ok: false, status: 400, message: SESSION_MESSAGES.wrongPeriod });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: five.id, sessionId: 999999 })).toEqual({ ok: false, status: 409, message: SESSION_MESSAGES.unknown });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: ten.id, sessionId: tenSession.id })).toMatchObject({ ok: true });

    // The one place goes to another buyer: the session is full, this one cannot choose it.
    const other = await buyerWithLine(course.id, five.id, session.id);
    await placeTransferOrder(other.id);
    expect((await sessionRow(session.id)).state).toBe("full");
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: five.id, sessionId: session.id })).toEqual({ ok: false, status: 409, message: SESSION_MESSAGES.full });
  });

  it("carries the session's dates, time and place to the cart line, the order line and the e-mail", async () => {
    const { course, five, session } = await courseWithSession(5);
    const user = await buyerWithLine(course.id, five.id, session.id);
    const cart = await getCart(user.id);
    expect(cart.lines[0].session).toMatchObject({ id: session.id, startsOn: "2099-05-12", seatsLeft: 5, label: "12–16/05/2099, 09:30–17:00, Str. Ștefan cel Mare nr. 45, Constanța 900178, România" });
    const order = await placeTransferOrder(user.id);
    const [placedMail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.subject, `Comanda ${order.reference} a fost înregistrată`));
    expect(placedMail.textBody).toContain("Curs de bază în sală (curs fizic, 5 zile, fără acreditare, sesiunea 12–16/05/2099, 09:30–17:00, Str. Ștefan cel Mare nr. 45");
  });
});

describe("the JSON API", () => {
  it("gives the coming sessions on a physical course, with the places left", async () => {
    const { course, session } = await courseWithSession(4);
    const view = await courseForApi("physical", course.id, null);
    expect(view?.sessions).toEqual([
      {
        _id: session.id,
        days: 5,
        startDate: "2099-05-12",
        endDate: "2099-05-16",
        dates: ["2099-05-12", "2099-05-13", "2099-05-14", "2099-05-15", "2099-05-16"],
        startTime: "09:30",
        endTime: "17:00",
        place: "Str. Ștefan cel Mare nr. 45, Constanța 900178, România",
        capacity: 4,
        placesLeft: 4,
        state: "open",
      },
    ]);
  });
});

describe("the seat race", () => {
  it("50 buyers for the last 3 places: exactly 3 orders, 47 clear refusals, no overbooking", async () => {
    const { course, five, session } = await courseWithSession(3);
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await buyerWithLine(course.id, five.id, session.id));
    const versions = await Promise.all(buyers.map(async (b) => (await getCart(b.id)).version));

    const started = performance.now();
    const results = await Promise.all(buyers.map((b, i) => placeOrder(b.id, checkout(versions[i]), { cardAvailable: false })));
    const elapsedMs = performance.now() - started;

    const placed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    const message = SESSION_MESSAGES.soldOut("Curs de bază în sală", "12–16/05/2099");
    for (const r of refused) expect(r).toMatchObject({ ok: false, message });

    const row = await sessionRow(session.id);
    expect(row).toMatchObject({ seatsTaken: 3, state: "full" });
    const seats = await seatsOf(session.id);
    expect(seats.filter((s) => s.status === "held")).toHaveLength(3);
    const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(orders).where(inArray(orders.userId, buyers.map((b) => b.id)));
    expect(n).toBe(3);
    // The 47 keep their carts (the order was not placed) and see the session full there.
    const loser = buyers[results.findIndex((r) => !r.ok)];
    const cart = await getCart(loser.id);
    expect(cart.lines[0]).toMatchObject({ sessionProblem: true, problem: "Sesiunea 12–16/05/2099 s-a completat. Alege altă sesiune pe pagina cursului." });
    console.info(`seat race (${getDb().constructor.name}): 50 checkouts for 3 places in ${Math.round(elapsedMs)} ms → ${placed.length} orders, ${refused.length} refusals`);
  });
});

describe("holds, payment and giving places back", () => {
  it("a transfer holds the place for the configured days; expired, it is released with an e-mail", async () => {
    const { course, five, session } = await courseWithSession(2);
    const user = await buyerWithLine(course.id, five.id, session.id);
    const before = Date.now();
    const order = await placeTransferOrder(user.id);
    const [seat] = await seatsOf(session.id);
    expect(seat).toMatchObject({ status: "held", userId: user.id });
    // SEAT_HOLD_DAYS defaults to 3.
    expect(seat.heldUntil!.getTime()).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(seat.heldUntil!.getTime()).toBeLessThan(Date.now() + 3 * DAY + 1000);
    expect((await sessionRow(session.id)).seatsTaken).toBe(1);

    expect(await releaseExpiredHolds(new Date(Date.now() + 2 * DAY))).toBe(0);
    // (Holds of the other tests of this file expire too: count at least this one.)
    expect(await releaseExpiredHolds(new Date(Date.now() + 4 * DAY))).toBeGreaterThanOrEqual(1);
    const [released] = await seatsOf(session.id);
    expect(released).toMatchObject({ status: "released", releaseReason: expect.stringContaining("rezervare expirată") });
    expect((await sessionRow(session.id)).seatsTaken).toBe(0);
    const [mail] = await getDb().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.subject, "Locul rezervat a fost eliberat – 12–16/05/2099")));
    expect(mail.textBody).toContain(`plata prin transfer pentru comanda ${order.reference} nu a ajuns în 3 zile`);
    // Run again: nothing more to release, no second e-mail.
    expect(await releaseExpiredHolds(new Date(Date.now() + 5 * DAY))).toBe(0);

    // The transfer arrives late: a place is still free, so it is taken again for good.
    expect(await transitionOrder(order.id, "paid", { source: "admin" })).toMatchObject({ ok: true, changed: true });
    const seats = await seatsOf(session.id);
    expect(seats.filter((s) => s.status === "taken")).toHaveLength(1);
    expect((await sessionRow(session.id)).seatsTaken).toBe(1);
  });

  it("payment takes the place for good; a refund gives it back and the full session opens again", async () => {
    const { course, five, session } = await courseWithSession(1);
    const user = await buyerWithLine(course.id, five.id, session.id);
    const order = await placeTransferOrder(user.id);
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 1, state: "full" });
    await transitionOrder(order.id, "paid", { source: "admin" });
    const [seat] = await seatsOf(session.id);
    expect(seat).toMatchObject({ status: "taken", heldUntil: null });
    // A paid place is never released by the hold sweep.
    expect(await releaseExpiredHolds(new Date(Date.now() + 30 * DAY))).toBe(0);

    await transitionOrder(order.id, "refunded", { source: "admin" });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 0, state: "open" });
    expect((await seatsOf(session.id))[0]).toMatchObject({ status: "released", releaseReason: "plată rambursată" });
  });

  it("a cancelled transfer order and a failed card payment give the place back", async () => {
    const { course, five, session } = await courseWithSession(2);
    const a = await buyerWithLine(course.id, five.id, session.id);
    const transfer = await placeTransferOrder(a.id);
    const b = await buyerWithLine(course.id, five.id, session.id);
    const card = await placeOrder(b.id, checkout((await getCart(b.id)).version, "card"), { cardAvailable: true });
    if (!card.ok) throw new Error(card.message);
    const cardSeat = (await seatsOf(session.id)).find((s) => s.userId === b.id)!;
    // A card holds its place until the payment's result, with no end date.
    expect(cardSeat).toMatchObject({ status: "held", heldUntil: null });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 2, state: "full" });

    await transitionOrder(transfer.id, "cancelled", { source: "admin" });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 1, state: "open" });
    await transitionOrder(card.order.id, "failed", { source: "ipn" });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 0, state: "open" });
    expect((await seatsOf(session.id)).map((s) => s.releaseReason).sort()).toEqual(["comandă anulată", "plată eșuată"]);
  });
});

describe("migration 0019", () => {
  it("turns a course's single next-session date into its first session", async () => {
    const { course } = await createCourse("physical", { title: "Curs vechi", nextSessionOn: "2099-09-07", durationDays: 3 }, [
      { days: 10, amountBani: 300000 },
      { days: 5, amountBani: 200000 },
      { days: 2, amountBani: 50000, accreditation: true },
    ]);
    const undated = await createCourse("physical", { title: "Fără dată", nextSessionOn: null }, [{ days: 5, amountBani: 1 }]);
    const migration = fs.readFileSync(path.join(process.cwd(), "migrations/0019_course-sessions.sql"), "utf8");
    const statements = migration.split("--> statement-breakpoint");
    await getDb().execute(sql.raw(statements[statements.length - 1]));
    const sessions = await getDb().select().from(courseSessions).where(eq(courseSessions.courseId, course.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      days: 5,
      startsOn: "2099-09-07",
      endsOn: "2099-09-11",
      dates: ["2099-09-07", "2099-09-08", "2099-09-09", "2099-09-10", "2099-09-11"],
      place: null,
      capacity: 10,
      seatsTaken: 0,
      state: "open",
    });
    expect(await getDb().select().from(courseSessions).where(eq(courseSessions.courseId, undated.course.id))).toHaveLength(0);
    const [kept] = await getDb().select({ nextSessionOn: courses.nextSessionOn }).from(courses).where(eq(courses.id, course.id));
    expect(kept.nextSessionOn).toBe("2099-09-07");
  });
});
