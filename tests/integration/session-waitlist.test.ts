/**
 * Issue 28, second part: the waitlist hand-over (refund, capacity raised, offer run out, leaving
 * the list, the offer bought at checkout), the calendar file (parsed with ical.js), the reminder
 * e-mails (exactly once), a cancelled session announced to its students and the student's own move.
 */
import ICAL from "ical.js";
import { and, eq, like, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSessions, diplomas, mailOutbox, sessionReminders, sessionSeats, sessionWaitlist } from "../../db/schema";
import { SESSION_MESSAGES } from "~/lib/sessions";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { courseDetail, upcomingSession } from "~/models/catalogue.server";
import { transitionOrder } from "~/models/order-status.server";
import { releaseExpiredHolds } from "~/models/seat-holds.server";
import { addStudentByHand, moveSeat, saveSession, SESSION_ADMIN_MESSAGES, setSessionState } from "~/models/session-admin.server";
import { markAttendance, sessionRoster } from "~/models/session-roster.server";
import { seatCalendar } from "~/models/session-calendar.server";
import { dueReminder, sendSessionReminders } from "~/models/session-reminders.server";
import { joinWaitlist, leaveWaitlist, WAITLIST_MESSAGES } from "~/models/session-waitlist.server";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { action as waitlistAction } from "~/routes/sesiuni.$id.lista-asteptare";
import { loader as icsLoader } from "~/routes/cont_.sesiuni.$seatId.calendar[.]ics";
import { action as moveAction, loader as moveLoader } from "~/routes/cont_.sesiuni.$seatId.mutare";
import { cookieFor, createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";
import { get, post, run } from "../helpers/http";

const HOUR = 3_600_000;

async function sessionRow(id: number) {
  const [row] = await getDb().select().from(courseSessions).where(eq(courseSessions.id, id));
  return row;
}

async function activeSeat(sessionId: number, userId: string) {
  const [seat] = await getDb()
    .select()
    .from(sessionSeats)
    .where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, userId), ne(sessionSeats.status, "released")));
  return seat ?? null;
}

async function mailsTo(email: string) {
  return getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

async function fullSession(capacity = 1, startsOn = "2099-05-12") {
  const { course, options } = await createCourse("physical", { title: "Curs de bază în sală" }, [{ days: 5, amountBani: 200000 }]);
  const session = await createCourseSession(course.id, { days: 5, startsOn, capacity, startTime: "09:30", endTime: "17:00", notes: "Pile, pensule" });
  const buyers = [];
  for (let i = 0; i < capacity; i++) {
    const user = await createUser();
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: session.id })).toMatchObject({ ok: true });
    buyers.push({ user, order: await placeTransferOrder(user.id) });
  }
  return { course, option: options[0], session, buyers };
}

describe("the waitlist", () => {
  it("is joined only for a full session, once; a refund hands the place to the first in line, who buys it", async () => {
    const { course, option, session, buyers } = await fullSession(1);
    const first = await createUser();
    const second = await createUser();
    expect(await joinWaitlist(session.id, buyers[0].user.id)).toEqual({ ok: false, status: 409, message: WAITLIST_MESSAGES.hasSeat });
    expect(await joinWaitlist(session.id, first.id)).toEqual({ ok: true, message: WAITLIST_MESSAGES.joined });
    expect(await joinWaitlist(session.id, first.id)).toEqual({ ok: false, status: 409, message: WAITLIST_MESSAGES.already });
    expect(await joinWaitlist(session.id, second.id)).toMatchObject({ ok: true });
    const page = await courseDetail("physical", course.id, second.id);
    expect(page?.sessions[0]).toMatchObject({ available: false, waitlist: { status: "waiting", position: 2 } });

    // The buyer is paid then refunded: the place goes to `first`, held for 24 h, not to anyone else.
    await transitionOrder(buyers[0].order.id, "paid", { source: "admin" });
    await transitionOrder(buyers[0].order.id, "refunded", { source: "admin" });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 1, state: "full" });
    const offer = await activeSeat(session.id, first.id);
    expect(offer).toMatchObject({ status: "held", waitlistOffer: true, orderLineId: null });
    expect(offer!.heldUntil!.getTime() - Date.now()).toBeGreaterThan(23 * HOUR);
    const [mail] = (await mailsTo(first.email)).filter((m) => m.subject.startsWith("Un loc s-a eliberat"));
    expect(mail.textBody).toContain(`/cursuri/curs/${course.id}?sessionId=${session.id}`);

    // Someone else cannot take it; `first` can, through the ordinary cart and checkout.
    const stranger = await createUser();
    expect(await addCourseToCart(stranger.id, { courseId: course.id, priceOptionId: option.id, sessionId: session.id })).toEqual({ ok: false, status: 409, message: SESSION_MESSAGES.full });
    expect((await courseDetail("physical", course.id, first.id))?.sessions[0]).toMatchObject({ available: true, waitlist: { status: "offered" } });
    expect(await addCourseToCart(first.id, { courseId: course.id, priceOptionId: option.id, sessionId: session.id })).toMatchObject({ ok: true });
    expect((await getCart(first.id)).hasProblems).toBe(false);
    const order = await placeTransferOrder(first.id);
    const seat = await activeSeat(session.id, first.id);
    expect(seat).toMatchObject({ id: offer!.id, status: "held", waitlistOffer: false });
    expect(seat!.orderLineId).not.toBeNull();
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 1 });
    const [entry] = await getDb().select().from(sessionWaitlist).where(eq(sessionWaitlist.userId, first.id));
    expect(entry.status).toBe("bought");
    expect(order.reference).toMatch(/^CMD-/);
  });

  it("an offer not bought in time goes to the next in line; leaving with an offer passes it on at once", async () => {
    const { session, buyers } = await fullSession(1);
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    for (const u of [a, b, c]) expect(await joinWaitlist(session.id, u.id)).toMatchObject({ ok: true });
    await transitionOrder(buyers[0].order.id, "cancelled", { source: "admin" });
    expect(await activeSeat(session.id, a.id)).toMatchObject({ waitlistOffer: true });

    // 25 hours later the housekeeping releases a's offer: b gets it.
    expect(await releaseExpiredHolds(new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(await activeSeat(session.id, a.id)).toBeNull();
    expect(await activeSeat(session.id, b.id)).toMatchObject({ waitlistOffer: true });
    expect((await mailsTo(a.email)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Locul oferit a expirat/));
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 1, state: "full" });

    // b does not want it: c gets it at once.
    expect(await leaveWaitlist(session.id, b.id)).toEqual({ ok: true, message: WAITLIST_MESSAGES.left });
    expect(await activeSeat(session.id, b.id)).toBeNull();
    expect(await activeSeat(session.id, c.id)).toMatchObject({ waitlistOffer: true });
    expect(await leaveWaitlist(session.id, b.id)).toEqual({ ok: false, status: 404, message: WAITLIST_MESSAGES.notOnList });
  });

  it("a raised capacity offers the new places to those waiting, in order", async () => {
    const { course, session } = await fullSession(1);
    const [a, b] = [await createUser(), await createUser()];
    await joinWaitlist(session.id, a.id);
    await joinWaitlist(session.id, b.id);
    const result = await saveSession(session.id, {
      courseId: course.id,
      days: 5,
      dates: session.dates,
      startTime: session.startTime,
      endTime: session.endTime,
      place: null,
      capacity: 3,
      notes: "",
    });
    expect(result).toMatchObject({ ok: true });
    expect(await activeSeat(session.id, a.id)).toMatchObject({ waitlistOffer: true });
    expect(await activeSeat(session.id, b.id)).toMatchObject({ waitlistOffer: true });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 3, state: "full" });
  });
});

describe("the calendar file", () => {
  it("is valid iCalendar: Bucharest times for every day, the place, a stable UID, and CANCEL when the session is cancelled", async () => {
    const { session, buyers } = await fullSession(1, "2099-10-26");
    const seat = await activeSeat(session.id, buyers[0].user.id);
    const calendar = await seatCalendar(seat!.id, "REQUEST");
    const parsed = new ICAL.Component(ICAL.parse(calendar!.content));
    expect(parsed.getFirstPropertyValue("method")).toBe("REQUEST");
    const vevent = parsed.getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    // The zone comes from the file's own VTIMEZONE: 26 October 2099 is after the switch to EET (UTC+2).
    const tz = new ICAL.Timezone(parsed.getFirstSubcomponent("vtimezone")!);
    event.startDate.zone = tz;
    event.endDate.zone = tz;
    expect(event.startDate.toJSDate().toISOString()).toBe("2099-10-26T07:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2099-10-26T15:00:00.000Z");
    const rdates = vevent.getAllProperties("rdate").flatMap((p) => p.getValues() as ICAL.Time[]);
    expect(rdates.map((t) => t.toString())).toEqual(["2099-10-27T09:30:00", "2099-10-28T09:30:00", "2099-10-29T09:30:00", "2099-10-30T09:30:00"]);
    expect(event.location).toBe("Str. Ștefan cel Mare nr. 45, Constanța 900178, România");
    expect(event.summary).toContain("Curs de bază în sală");
    expect(event.description).toContain("De adus: Pile, pensule");
    expect(event.uid).toBe(`sesiune-${session.id}-${seat!.orderLineId}@localhost`);
    expect(event.sequence).toBe(0);

    // A summer day is in EEST (UTC+3).
    const summer = await fullSession(1, "2099-07-06");
    const summerSeat = await activeSeat(summer.session.id, summer.buyers[0].user.id);
    const summerCal = new ICAL.Component(ICAL.parse((await seatCalendar(summerSeat!.id, "PUBLISH"))!.content));
    const summerEvent = new ICAL.Event(summerCal.getFirstSubcomponent("vevent")!);
    summerEvent.startDate.zone = new ICAL.Timezone(summerCal.getFirstSubcomponent("vtimezone")!);
    expect(summerEvent.startDate.toJSDate().toISOString()).toBe("2099-07-06T06:30:00.000Z");

    // Cancelled: the same UID, a higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED, attached to the e-mail.
    expect(await setSessionState(session.id, "cancelled")).toMatchObject({ ok: true });
    const cancelled = new ICAL.Component(ICAL.parse((await seatCalendar(seat!.id, "CANCEL"))!.content));
    expect(cancelled.getFirstPropertyValue("method")).toBe("CANCEL");
    const cancelledEvent = cancelled.getFirstSubcomponent("vevent")!;
    expect(cancelledEvent.getFirstPropertyValue("uid")).toBe(event.uid);
    expect(cancelledEvent.getFirstPropertyValue("sequence")).toBe(1);
    expect(cancelledEvent.getFirstPropertyValue("status")).toBe("CANCELLED");
    const [mail] = (await mailsTo(buyers[0].user.email)).filter((m) => m.subject.startsWith("Sesiune anulată"));
    expect(mail.textBody).toContain("îți returnăm integral banii");
    expect(mail.attachments).toEqual([{ kind: "ics", id: seat!.id, method: "CANCEL" }]);
  });

  it("comes with the payment confirmation", async () => {
    const { session, buyers } = await fullSession(1);
    await transitionOrder(buyers[0].order.id, "paid", { source: "admin" });
    const seat = await activeSeat(session.id, buyers[0].user.id);
    const mails = await getDb().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, buyers[0].user.email), like(mailOutbox.subject, "%confirmat%")));
    expect(mails.flatMap((m) => m.attachments)).toContainEqual({ kind: "ics", id: seat!.id, method: "REQUEST" });
  });
});

describe("reminders", () => {
  it("the due reminder: the nearest threshold the start is within, not one whose day was before the booking", () => {
    expect(dueReminder([7, 1], "2099-05-12", "2099-05-01", "2099-04-01")).toBeNull();
    expect(dueReminder([7, 1], "2099-05-12", "2099-05-05", "2099-04-01")).toBe(7);
    expect(dueReminder([7, 1], "2099-05-12", "2099-05-11", "2099-04-01")).toBe(1);
    expect(dueReminder([7, 1], "2099-05-12", "2099-05-09", "2099-05-08")).toBeNull();
    expect(dueReminder([7, 1], "2099-05-12", "2099-05-13", "2099-04-01")).toBeNull();
  });

  it("go once per booking and reminder, even when runs overlap", async () => {
    const today = new Date();
    const startsOn = new Date(today.getTime() + 7 * 24 * HOUR).toISOString().slice(0, 10);
    const { session, buyers } = await fullSession(1, startsOn);
    // The booking was made weeks ago.
    await getDb().update(sessionSeats).set({ createdAt: new Date(today.getTime() - 30 * 24 * HOUR) }).where(eq(sessionSeats.sessionId, session.id));
    const runs = await Promise.all([sendSessionReminders(today), sendSessionReminders(today), sendSessionReminders(today)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendSessionReminders(today)).toBe(0);
    const reminders = (await mailsTo(buyers[0].user.email)).filter((m) => m.subject.startsWith("Cursul începe"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].textBody).toContain("De adus: Pile, pensule");
    const rows = await getDb().select().from(sessionReminders);
    expect(rows.filter((r) => r.daysBefore === 7)).toHaveLength(1);

    // The day before: the 1-day reminder, once.
    const dayBefore = new Date(today.getTime() + 6 * 24 * HOUR);
    expect(await sendSessionReminders(dayBefore)).toBe(1);
    expect(await sendSessionReminders(dayBefore)).toBe(0);
  });
});

describe("a student's own move", () => {
  it("from a cancelled session: free, to a session of the same period, the place taken in the new and freed in the old", async () => {
    const { course, session, buyers } = await fullSession(1, "2099-05-12");
    const other = await createCourseSession(course.id, { days: 5, startsOn: "2099-06-01", capacity: 1 });
    const otherPeriod = await createCourseSession(course.id, { days: 3, startsOn: "2099-06-10", capacity: 5 });
    const user = buyers[0].user;
    const seat = await activeSeat(session.id, user.id);
    await setSessionState(session.id, "cancelled");
    expect(await moveSeat(seat!.id, otherPeriod.id, { userId: user.id, today: "2099-05-11" })).toMatchObject({ ok: false, message: SESSION_ADMIN_MESSAGES.otherPeriod });
    expect(await moveSeat(seat!.id, other.id, { userId: (await createUser()).id, today: "2099-05-11" })).toMatchObject({ ok: false, status: 404 });
    // One day before the cancelled start: allowed (the academy cancelled it).
    expect(await moveSeat(seat!.id, other.id, { userId: user.id, today: "2099-05-11" })).toMatchObject({ ok: true });
    expect(await activeSeat(session.id, user.id)).toBeNull();
    const moved = await activeSeat(other.id, user.id);
    expect(moved).toMatchObject({ orderLineId: seat!.orderLineId, movedByStudentAt: null });
    expect(await sessionRow(other.id)).toMatchObject({ seatsTaken: 1, state: "full" });
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 0, state: "cancelled" });
  });
});

describe("the pages", () => {
  it("the waitlist form: a guest goes to the login, a user joins and leaves (plain POST, back to the course page)", async () => {
    const { course, session } = await fullSession(1);
    const path = `/sesiuni/${session.id}/lista-asteptare`;
    const guest = await run(waitlistAction, post(path, { intent: "join" }), { id: String(session.id) });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(`/autentificare?redirectTo=${encodeURIComponent(`/cursuri/curs/${course.id}`)}`);
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const joined = await run(waitlistAction, post(path, { intent: "join" }, { cookie }), { id: String(session.id) });
    expect(joined.headers.get("Location")).toBe(`/cursuri/curs/${course.id}`);
    expect(await getDb().select().from(sessionWaitlist).where(and(eq(sessionWaitlist.userId, user.id), eq(sessionWaitlist.status, "waiting")))).toHaveLength(1);
    await run(waitlistAction, post(path, { intent: "leave" }, { cookie }), { id: String(session.id) });
    expect(await getDb().select().from(sessionWaitlist).where(and(eq(sessionWaitlist.userId, user.id), eq(sessionWaitlist.status, "left")))).toHaveLength(1);
  });

  it("/cont: the session's days and place, the calendar file for its owner only, the move page after a cancellation", async () => {
    const { course, session, buyers } = await fullSession(1, "2099-05-12");
    const target = await createCourseSession(course.id, { days: 5, startsOn: "2099-06-01", capacity: 2 });
    const user = buyers[0].user;
    const cookie = await cookieFor(user.id);
    const seat = await activeSeat(session.id, user.id);
    const [enrolment] = await listEnrollmentsForUser(user.id);
    expect(enrolment.session).toMatchObject({ when: "12–16/05/2099", hours: "09:30–17:00", seatId: seat!.id, cancelled: false, canMove: true });

    const ics = await run(icsLoader, get(`/cont/sesiuni/${seat!.id}/calendar.ics`, { cookie }), { seatId: seat!.id });
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const parsed = new ICAL.Component(ICAL.parse(await ics.text()));
    expect(parsed.getFirstPropertyValue("method")).toBe("PUBLISH");
    const stranger = await cookieFor((await createUser()).id);
    expect((await run(icsLoader, get(`/cont/sesiuni/${seat!.id}/calendar.ics`, { cookie: stranger }), { seatId: seat!.id })).status).toBe(404);

    await setSessionState(session.id, "cancelled");
    const [after] = await listEnrollmentsForUser(user.id);
    expect(after.session).toMatchObject({ cancelled: true, canMove: true });
    const page = await run(moveLoader, get(`/cont/sesiuni/${seat!.id}/mutare`, { cookie }), { seatId: seat!.id });
    const body = (await page.json()) as { targets: Array<{ id: number }>; allowed: boolean };
    expect(body.allowed).toBe(true);
    expect(body.targets.map((t) => t.id)).toEqual([target.id]);
    const bad = await run(moveAction, post(`/cont/sesiuni/${seat!.id}/mutare`, {}, { cookie }), { seatId: seat!.id });
    expect(bad.status).toBe(400);
    const moved = await run(moveAction, post(`/cont/sesiuni/${seat!.id}/mutare`, { toSessionId: String(target.id) }, { cookie }), { seatId: seat!.id });
    expect(moved.status).toBe(302);
    expect(await activeSeat(target.id, user.id)).not.toBeNull();
    const [final] = await listEnrollmentsForUser(user.id);
    expect(final.session).toMatchObject({ sessionId: target.id, when: "01–05/06/2099", cancelled: false });
  });
});

describe("attendance and the diploma", () => {
  it("a paid student marked present every day gets the diploma; a hold, a partial attendance or a student added by hand do not", async () => {
    const { session, buyers } = await fullSession(2, "2099-05-12");
    const [paid, held] = buyers;
    await transitionOrder(paid.order.id, "paid", { source: "admin" });
    const paidSeat = await activeSeat(session.id, paid.user.id);
    const heldSeat = await activeSeat(session.id, held.user.id);

    expect(await markAttendance(paidSeat!.id, ["2099-05-12", "2099-05-13", "2099-05-14", "2099-05-15", "2099-01-01"])).toMatchObject({ ok: true, diploma: false });
    expect((await getDb().select().from(sessionSeats).where(eq(sessionSeats.id, paidSeat!.id)))[0].attendance).toEqual(["2099-05-12", "2099-05-13", "2099-05-14", "2099-05-15"]);
    expect((await listEnrollmentsForUser(paid.user.id))[0].diplomaCode).toBeNull();

    expect(await markAttendance(paidSeat!.id, session.dates)).toEqual({ ok: true, message: SESSION_ADMIN_MESSAGES.attendanceDiploma, id: session.id, diploma: true });
    const code = (await listEnrollmentsForUser(paid.user.id))[0].diplomaCode;
    expect(code).toMatch(/^[A-Z0-9]/);
    expect((await sessionRoster(session.id)).find((r) => r.seatId === paidSeat!.id)).toMatchObject({ diplomaIssued: true, attendance: session.dates });
    // Saved again: the same diploma (issued once).
    await markAttendance(paidSeat!.id, session.dates);
    expect((await listEnrollmentsForUser(paid.user.id))[0].diplomaCode).toBe(code);

    // Not paid yet: no diploma, whatever the attendance.
    expect(await markAttendance(heldSeat!.id, session.dates)).toMatchObject({ ok: true, diploma: false });
    expect((await listEnrollmentsForUser(held.user.id))[0].diplomaCode).toBeNull();

    // A correction (one day unmarked) withdraws it.
    expect(await markAttendance(paidSeat!.id, session.dates.slice(1))).toMatchObject({ ok: true, diploma: false });
    expect(await getDb().select().from(diplomas).where(eq(diplomas.code, code!))).toHaveLength(0);

    // Added by hand (no order): attendance is kept, no diploma through the site.
    await saveSession(session.id, { courseId: session.courseId, days: 5, dates: session.dates, startTime: "09:30", endTime: "17:00", place: null, capacity: 3, notes: "" });
    const guest = await createUser();
    expect(await addStudentByHand(session.id, guest.email)).toMatchObject({ ok: true });
    const guestSeat = await activeSeat(session.id, guest.id);
    expect(await markAttendance(guestSeat!.id, session.dates)).toMatchObject({ ok: true });
    expect(await markAttendance("00000000-0000-4000-8000-000000000000", [])).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the home promo", () => {
  it("shows the soonest session open for sale, with its days, place and places left; a full one is skipped", async () => {
    const { course } = await createCourse("physical", { title: "Curs promo", isPublished: true }, [{ days: 2, amountBani: 90000 }]);
    const soon = await createCourseSession(course.id, { days: 2, startsOn: "2096-02-10", capacity: 1 });
    await createCourseSession(course.id, { days: 2, startsOn: "2096-03-10", capacity: 4 });
    const promo = await upcomingSession("2096-01-01");
    expect(promo).toMatchObject({ id: course.id, title: "Curs promo", date: "2096-02-10", session: { when: "10–11/02/2096", seatsLeft: 1 } });
    await getDb().update(courseSessions).set({ seatsTaken: 1, state: "full" }).where(eq(courseSessions.id, soon.id));
    expect(await upcomingSession("2096-01-01")).toMatchObject({ date: "2096-03-10", session: { seatsLeft: 4 } });
  });
});
