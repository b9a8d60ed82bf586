/**
 * Issue 28, the calendar after a change: a session moved by the admin (new days, hours or place)
 * e-mails each booked student once with the updated invitation (same UID, higher SEQUENCE,
 * METHOD:REQUEST); a student's move e-mails the old event's cancellation and the new event; a
 * student moved away and back gets, for the UID that comes back, a SEQUENCE above every one sent
 * before. The attachments are rendered as the outbox sends them and parsed with ical.js.
 */
import ICAL from "ical.js";
import { and, asc, eq, like, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox, sessionSeats } from "../../db/schema";
import { addCourseToCart } from "~/models/cart.server";
import { renderMailAttachments } from "~/models/mail-attachments.server";
import { moveSeat, saveSession } from "~/models/session-admin.server";
import { seatCalendar } from "~/models/session-calendar.server";
import { joinWaitlist } from "~/models/session-waitlist.server";
import { transitionOrder } from "~/models/order-status.server";
import { loader as contLoader } from "~/routes/cont";
import { action as moveAction } from "~/routes/cont_.sesiuni.$seatId.mutare";
import { action as waitlistAction } from "~/routes/sesiuni.$id.lista-asteptare";
import { cookieFor, createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";
import { get, post, run } from "../helpers/http";

async function activeSeat(sessionId: number, userId: string) {
  const [seat] = await getDb()
    .select()
    .from(sessionSeats)
    .where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, userId), ne(sessionSeats.status, "released")));
  return seat ?? null;
}

async function mailsTo(email: string, subjectStart: string) {
  return getDb()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, `${subjectStart}%`)));
}

function parseIcs(content: Buffer | string) {
  const calendar = new ICAL.Component(ICAL.parse(content.toString()));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    sequence: Number(vevent.getFirstPropertyValue("sequence")),
    status: vevent.getFirstPropertyValue("status"),
    location: vevent.getFirstPropertyValue("location"),
    start: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toString(),
  };
}

async function bookedSession(buyers: number, capacity: number) {
  const { course, options } = await createCourse("physical", { title: "Curs de bază în sală" }, [{ days: 5, amountBani: 200000 }]);
  const session = await createCourseSession(course.id, { days: 5, startsOn: "2099-05-12", capacity, startTime: "09:30", endTime: "17:00" });
  const users = [];
  for (let i = 0; i < buyers; i++) {
    const user = await createUser();
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: session.id })).toMatchObject({ ok: true });
    users.push({ user, order: await placeTransferOrder(user.id) });
  }
  return { course, session, buyers: users };
}

describe("a session changed by the admin", () => {
  it("e-mails each booked student once, with the same UID, a higher SEQUENCE and METHOD:REQUEST; other edits e-mail no one", async () => {
    const { session, buyers } = await bookedSession(2, 2);
    await transitionOrder(buyers[0].order.id, "paid", { source: "admin" });
    const before = parseIcs((await seatCalendar((await activeSeat(session.id, buyers[0].user.id))!.id, "REQUEST"))!.content);
    expect(before.sequence).toBe(0);
    const waiting = await createUser();
    expect(await joinWaitlist(session.id, waiting.id)).toMatchObject({ ok: true });

    // Only the capacity and notes: nothing a calendar shows, so no e-mail.
    const base = { courseId: session.courseId, days: 5, dates: session.dates, startTime: "09:30", endTime: "17:00", place: null, capacity: 2, notes: "Pile" };
    expect(await saveSession(session.id, base)).toMatchObject({ ok: true });
    for (const { user } of buyers) expect(await mailsTo(user.email, "Sesiune modificată")).toHaveLength(0);

    const dates = ["2099-05-19", "2099-05-20", "2099-05-21", "2099-05-22", "2099-05-23"];
    expect(await saveSession(session.id, { ...base, dates, startTime: "10:00", endTime: "18:00", place: "Sala Mare, Str. Mircea cel Bătrân 10, Constanța" })).toMatchObject({ ok: true });
    for (const { user } of buyers) {
      const seat = await activeSeat(session.id, user.id);
      const mails = await mailsTo(user.email, "Sesiune modificată");
      expect(mails).toHaveLength(1);
      expect(mails[0].textBody).toContain("19–23/05/2099, 10:00–18:00, Sala Mare");
      expect(mails[0].attachments).toEqual([{ kind: "ics", id: seat!.id, method: "REQUEST" }]);
      const [file] = await renderMailAttachments(mails[0].attachments);
      expect(file.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
      const ics = parseIcs(file.content);
      expect(ics).toMatchObject({ method: "REQUEST", uid: `sesiune-${session.id}-${seat!.orderLineId}@localhost`, sequence: 1, start: "2099-05-19T10:00:00" });
      expect(ics.location).toBe("Sala Mare, Str. Mircea cel Bătrân 10, Constanța");
    }
    expect(parseIcs((await seatCalendar((await activeSeat(session.id, buyers[0].user.id))!.id, "REQUEST"))!.content).uid).toBe(before.uid);
    expect(await mailsTo(waiting.email, "Sesiune modificată")).toHaveLength(0);

    // A second change: one more e-mail each, SEQUENCE 2.
    expect(await saveSession(session.id, { ...base, dates, startTime: "09:00", endTime: "17:00", place: null })).toMatchObject({ ok: true });
    const again = await mailsTo(buyers[1].user.email, "Sesiune modificată");
    expect(again).toHaveLength(2);
    const files = await renderMailAttachments(again.flatMap((m) => m.attachments ?? []));
    expect(files.map((f) => parseIcs(f.content).sequence)).toEqual([2, 2]);
  });
});

describe("a student's move", () => {
  it("e-mails the old event's cancellation (old UID) and the new event (new UID)", async () => {
    const { course, session, buyers } = await bookedSession(1, 3);
    const target = await createCourseSession(course.id, { days: 5, startsOn: "2099-06-01", capacity: 3, startTime: "09:30", endTime: "17:00" });
    const { user, order } = buyers[0];
    await transitionOrder(order.id, "paid", { source: "admin" });
    const oldSeat = await activeSeat(session.id, user.id);
    const oldUid = parseIcs((await seatCalendar(oldSeat!.id, "REQUEST"))!.content).uid;

    const cookie = await cookieFor(user.id);
    const moved = await run(moveAction, post(`/cont/sesiuni/${oldSeat!.id}/mutare`, { toSessionId: String(target.id) }, { cookie }), { seatId: oldSeat!.id });
    expect(moved.status).toBe(302);
    const newSeat = await activeSeat(target.id, user.id);
    const mails = await mailsTo(user.email, "Locul tău a fost mutat");
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("de la sesiunea 12–16/05/2099 la sesiunea 01–05/06/2099");
    expect(mails[0].attachments).toEqual([
      { kind: "ics", id: oldSeat!.id, method: "CANCEL" },
      { kind: "ics", id: newSeat!.id, method: "REQUEST" },
    ]);
    const [cancel, request] = (await renderMailAttachments(mails[0].attachments)).map((f) => parseIcs(f.content));
    expect(cancel).toMatchObject({ method: "CANCEL", uid: oldUid, status: "CANCELLED", start: "2099-05-12T09:30:00" });
    expect(cancel.sequence).toBeGreaterThan(0);
    expect(request).toMatchObject({ method: "REQUEST", uid: `sesiune-${target.id}-${newSeat!.orderLineId}@localhost`, start: "2099-06-01T09:30:00" });
    expect(request.uid).not.toBe(oldUid);
    expect(request.status).not.toBe("CANCELLED");
  });
});

describe("a student moved away and back", () => {
  it("gets, for every UID, a SEQUENCE above each one sent before (the move back is not ignored by calendars)", async () => {
    const { course, session: first, buyers } = await bookedSession(1, 3);
    const second = await createCourseSession(course.id, { days: 5, startsOn: "2099-06-01", capacity: 3, startTime: "09:30", endTime: "17:00" });
    const { user, order } = buyers[0];
    const seatIn = async (sessionId: number) => (await activeSeat(sessionId, user.id))!;

    // The outbox sends each e-mail right after the change that queued it: its calendar files are
    // rendered then, in the order the e-mails were queued.
    const sent: Array<ReturnType<typeof parseIcs> & { step: string }> = [];
    const rendered = new Set<string>();
    async function send(step: string) {
      const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)).orderBy(asc(mailOutbox.createdAt));
      for (const mail of mails.filter((m) => !rendered.has(m.id))) {
        rendered.add(mail.id);
        for (const file of await renderMailAttachments(mail.attachments)) if (file.contentType.startsWith("text/calendar")) sent.push({ ...parseIcs(file.content), step });
      }
    }

    await transitionOrder(order.id, "paid", { source: "admin" });
    await send("paid");
    const firstUid = `sesiune-${first.id}-${(await seatIn(first.id)).orderLineId}@localhost`;
    const secondUid = `sesiune-${second.id}-${(await seatIn(first.id)).orderLineId}@localhost`;
    // Away (the student's own move), back (the admin), the first session's hours changed, away again.
    const away = await run(moveAction, post(`/cont/sesiuni/${(await seatIn(first.id)).id}/mutare`, { toSessionId: String(second.id) }, { cookie: await cookieFor(user.id) }), {
      seatId: (await seatIn(first.id)).id,
    });
    expect(away.status).toBe(302);
    await send("away");
    expect(await moveSeat((await seatIn(second.id)).id, first.id, { admin: true })).toMatchObject({ ok: true });
    await send("back");
    const base = { courseId: course.id, days: 5, dates: first.dates, startTime: "10:00", endTime: "18:00", place: null, capacity: 3, notes: "" };
    expect(await saveSession(first.id, base)).toMatchObject({ ok: true });
    await send("changed");
    expect(await moveSeat((await seatIn(first.id)).id, second.id, { admin: true })).toMatchObject({ ok: true });
    await send("away again");

    const history = (uid: string) => sent.filter((e) => e.uid === uid).map(({ step, method, sequence }) => ({ step, method, sequence }));
    expect(history(firstUid).map(({ step, method }) => [step, method])).toEqual([
      ["paid", "REQUEST"],
      ["away", "CANCEL"],
      ["back", "REQUEST"],
      ["changed", "REQUEST"],
      ["away again", "CANCEL"],
    ]);
    expect(history(secondUid).map(({ step, method }) => [step, method])).toEqual([
      ["away", "REQUEST"],
      ["back", "CANCEL"],
      ["away again", "REQUEST"],
    ]);
    expect(sent).toHaveLength(8);
    for (const uid of [firstUid, secondUid]) {
      const sequences = history(uid).map((e) => e.sequence);
      for (let i = 1; i < sequences.length; i++) expect(sequences[i], `${uid}: ${JSON.stringify(history(uid))}`).toBeGreaterThan(sequences[i - 1]);
    }
    // The invitation after the move back replaces the cancellation: same UID, the session's new day.
    const back = sent.find((e) => e.step === "back" && e.method === "REQUEST")!;
    expect(back).toMatchObject({ uid: firstUid, status: "CONFIRMED", start: "2099-05-12T09:30:00" });

    // An outbox that was down sends everything late, in the order queued: no SEQUENCE goes down.
    const late = new Map<string, number[]>();
    const all = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)).orderBy(asc(mailOutbox.createdAt));
    for (const file of await renderMailAttachments(all.flatMap((m) => m.attachments ?? []))) {
      if (!file.contentType.startsWith("text/calendar")) continue;
      const { uid, sequence } = parseIcs(file.content);
      late.set(uid as string, [...(late.get(uid as string) ?? []), sequence]);
    }
    for (const sequences of late.values()) expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });
});

describe("/cont: the user's waitlist entries", () => {
  it("lists each entry with its place in line and leaves it with the „Renunță” form (back to the section)", async () => {
    const { session } = await bookedSession(1, 1);
    const first = await createUser();
    const user = await createUser();
    expect(await joinWaitlist(session.id, first.id)).toMatchObject({ ok: true });
    expect(await joinWaitlist(session.id, user.id)).toMatchObject({ ok: true });
    const cookie = await cookieFor(user.id);
    const page = (await (await run(contLoader, get("/cont", { cookie }))).json()) as { waitlist: Array<Record<string, unknown>> };
    expect(page.waitlist).toEqual([
      expect.objectContaining({ sessionId: session.id, courseTitle: "Curs de bază în sală", when: "12–16/05/2099", hours: "09:30–17:00", status: "waiting", position: 2 }),
    ]);
    const left = await run(waitlistAction, post(`/sesiuni/${session.id}/lista-asteptare`, { intent: "leave", returnTo: "/cont#liste-asteptare" }, { cookie }), { id: String(session.id) });
    expect(left.status).toBe(302);
    expect(left.headers.get("Location")).toBe("/cont#liste-asteptare");
    const after = (await (await run(contLoader, get("/cont", { cookie }))).json()) as { waitlist: unknown[] };
    expect(after.waitlist).toEqual([]);
  });
});
