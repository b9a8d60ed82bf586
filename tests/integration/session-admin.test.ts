/**
 * Issue 28: the admin's sessions — creating one through /admin/sesiuni (and its refusals), the
 * roster and its CSV, a student added by hand, closing and cancelling, moving a student (free for
 * the admin, once and up to 7 days before the start for the student), and who may see them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSessions, orderLines, sessionSeats } from "../../db/schema";
import { addCourseToCart } from "~/models/cart.server";
import { moveSeat } from "~/models/session-admin.server";
import { transitionOrder } from "~/models/order-status.server";
import { action as indexAction, loader as indexLoader } from "~/routes/admin.sesiuni._index";
import { action as sessionAction, loader as sessionLoader } from "~/routes/admin.sesiuni.$id";
import { loader as csvLoader } from "~/routes/admin.sesiuni.$id.lista[.]csv";
import { cookieFor, createCourse, createCourseSession, createUser, placeTransferOrder } from "../helpers/factories";
import { get, post, run } from "../helpers/http";

async function admin() {
  const user = await createUser({ role: "admin" });
  return cookieFor(user.id);
}

async function sessionRow(id: number) {
  const [row] = await getDb().select().from(courseSessions).where(eq(courseSessions.id, id));
  return row;
}

describe("/admin/sesiuni", () => {
  it("creates a session of a course's period; refuses a period the course does not sell; only admins", async () => {
    const cookie = await admin();
    const { course } = await createCourse("physical", { title: "Curs admin sesiuni" }, [{ days: 5, amountBani: 200000 }]);
    const fields = { intent: "save", courseId: String(course.id), days: "5", startsOn: "2099-04-05", endsOn: "2099-04-09", startTime: "10:00", endTime: "16:00", capacity: "8", place: "", notes: "Pile și halat" };

    const wrong = await run(indexAction, post("/admin/sesiuni", { ...fields, days: "10" }, { cookie }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ errors: { days: ["Perioada aleasă nu este printre prețurile cursului."] } });
    const badTime = await run(indexAction, post("/admin/sesiuni", { ...fields, endTime: "09:00" }, { cookie }));
    expect(badTime.status).toBe(400);

    const created = await run(indexAction, post("/admin/sesiuni", fields, { cookie }));
    expect(created.status).toBe(302);
    const id = Number(created.headers.get("Location")!.split("/").pop());
    expect(await sessionRow(id)).toMatchObject({ courseId: course.id, days: 5, startsOn: "2099-04-05", endsOn: "2099-04-09", capacity: 8, place: null, notes: "Pile și halat", state: "open" });
    expect((await sessionRow(id)).dates).toHaveLength(5);

    const list = await run(indexLoader, get("/admin/sesiuni", { cookie }));
    const body = (await list.json()) as { sessions: Array<{ id: number; when: string; courseTitle: string }> };
    expect(body.sessions.find((s) => s.id === id)).toMatchObject({ when: "05–09/04/2099", courseTitle: "Curs admin sesiuni" });

    // A weekend format: a list of days.
    const weekend = await run(indexAction, post("/admin/sesiuni", { ...fields, dateList: "2099-05-02, 2099-05-03, 2099-05-09", startsOn: "2099-05-02", endsOn: "" }, { cookie }));
    const weekendId = Number(weekend.headers.get("Location")!.split("/").pop());
    expect(await sessionRow(weekendId)).toMatchObject({ dates: ["2099-05-02", "2099-05-03", "2099-05-09"], endsOn: "2099-05-09" });

    const student = await createUser();
    const refused = await run(indexLoader, get("/admin/sesiuni", { cookie: await cookieFor(student.id) }));
    // A non-admin is sent home, with nothing of the page.
    expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/"]);
    const csvRefused = await run(csvLoader, get(`/admin/sesiuni/${id}/lista.csv`, { cookie: await cookieFor(student.id) }), { id: String(id) });
    expect([csvRefused.status, csvRefused.headers.get("Location")]).toEqual([302, "/"]);
  });

  it("roster and CSV: a buyer held, a student added by hand; capacity respected; close, reopen and cancel", async () => {
    const cookie = await admin();
    const { course, options } = await createCourse("physical", { title: "Curs roster" }, [{ days: 5, amountBani: 200000 }, { days: 5, amountBani: 65000, accreditation: true }]);
    const session = await createCourseSession(course.id, { days: 5, startsOn: "2099-07-06", capacity: 2 });
    const buyer = await createUser({ name: "Ioana Buyer", phone: "0733111222" });
    expect(await addCourseToCart(buyer.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true, sessionId: session.id })).toMatchObject({ ok: true });
    const order = await placeTransferOrder(buyer.id);
    const hand = await createUser({ name: "=Ana Manual", phone: "0744000111" });
    const params = { id: String(session.id) };

    const added = await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "add-student", email: hand.email.toUpperCase() }, { cookie }), params);
    expect(added.status).toBe(302);
    expect(await sessionRow(session.id)).toMatchObject({ seatsTaken: 2, state: "full" });
    const third = await createUser();
    const full = await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "add-student", email: third.email }, { cookie }), params);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ errors: { email: ["Sesiunea este completă: nu mai are locuri libere."] } });

    const page = await run(sessionLoader, get(`/admin/sesiuni/${session.id}`, { cookie }), params);
    const { roster } = (await page.json()) as { roster: Array<{ name: string; phone: string; payment: string; diploma: string }> };
    expect(roster.map(({ name, phone, payment, diploma }) => ({ name, phone, payment, diploma }))).toEqual([
      { name: "=Ana Manual", phone: "0744000111", payment: "Adăugat manual (neplătit)", diploma: "Fără acreditare" },
      { name: "Ioana Buyer", phone: "0733111222", payment: "Rezervat – așteaptă plata", diploma: "Diplomă acreditată" },
    ]);
    await transitionOrder(order.id, "paid", { source: "admin" });

    const csv = await run(csvLoader, get(`/admin/sesiuni/${session.id}/lista.csv`, { cookie }), params);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    const rows = text.replace(/^\uFEFF/, "").trim().split("\r\n").map((l) => l.split(","));
    expect(rows[0]).toEqual(["Nume", "Telefon", "E-mail", "Plată", "Diplomă", "Comandă"]);
    // A formula-like name is neutralised for spreadsheets.
    expect(rows[1].slice(0, 2)).toEqual(["'=Ana Manual", "0744000111"]);
    expect(rows[2]).toEqual(["Ioana Buyer", "0733111222", buyer.email, "Plătit", "Diplomă acreditată", order.reference]);

    expect((await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "close" }, { cookie }), params)).status).toBe(302);
    expect((await sessionRow(session.id)).state).toBe("closed");
    await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "open" }, { cookie }), params);
    expect((await sessionRow(session.id)).state).toBe("full");
    await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "cancel" }, { cookie }), params);
    expect(await sessionRow(session.id)).toMatchObject({ state: "cancelled", sequence: 1 });
    const locked = await run(sessionAction, post(`/admin/sesiuni/${session.id}`, { intent: "open" }, { cookie }), params);
    expect(locked.status).toBe(409);
  });

  it("moves a student between sessions of the same course: free for the admin; the student once, 7+ days before", async () => {
    const cookie = await admin();
    const { course, options } = await createCourse("physical", { title: "Curs mutări" }, [{ days: 5, amountBani: 200000 }]);
    const first = await createCourseSession(course.id, { days: 5, startsOn: "2099-08-03", capacity: 3 });
    const second = await createCourseSession(course.id, { days: 5, startsOn: "2099-08-17", capacity: 1 });
    const third = await createCourseSession(course.id, { days: 5, startsOn: "2099-08-31", capacity: 3 });
    const other = await createCourse("physical", { title: "Alt curs" }, [{ days: 5, amountBani: 1000 }]);
    const foreign = await createCourseSession(other.course.id, { days: 5, startsOn: "2099-08-03" });
    const student = await createUser();
    await addCourseToCart(student.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: first.id });
    const order = await placeTransferOrder(student.id);
    const [seat] = await getDb().select().from(sessionSeats).where(eq(sessionSeats.userId, student.id));

    expect(await moveSeat(seat.id, foreign.id, { admin: true })).toMatchObject({ ok: false, message: "Mutarea se face doar între sesiunile aceluiași curs." });
    // The admin moves the student: the place follows (counters on both sides), the order line names the new session.
    const moved = await run(sessionAction, post(`/admin/sesiuni/${first.id}`, { intent: "move", seatId: seat.id, toSessionId: String(second.id) }, { cookie }), { id: String(first.id) });
    expect(moved.status).toBe(302);
    expect(await sessionRow(first.id)).toMatchObject({ seatsTaken: 0, state: "open" });
    expect(await sessionRow(second.id)).toMatchObject({ seatsTaken: 1, state: "full" });
    const [line] = await getDb().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ sessionId: second.id, sessionLabel: expect.stringMatching(/^17–21\/08\/2099, 09:00–17:00, /) });

    // Another buyer cannot be moved into the now full second session.
    const late = await createUser();
    await addCourseToCart(late.id, { courseId: course.id, priceOptionId: options[0].id, sessionId: first.id });
    await placeTransferOrder(late.id);
    const [lateSeat] = await getDb().select().from(sessionSeats).where(eq(sessionSeats.userId, late.id));
    expect(await moveSeat(lateSeat.id, second.id, { admin: true })).toMatchObject({ ok: false, status: 409, message: "Sesiunea este completă: nu mai are locuri libere." });

    // The student's own move: not 6 days before the start, yes 7 days before, then never again.
    const [active] = await getDb().select().from(sessionSeats).where(eq(sessionSeats.sessionId, second.id));
    expect(await moveSeat(active.id, third.id, { userId: student.id, today: "2099-08-11" })).toMatchObject({ ok: false, message: "Mutarea gratuită se poate cere cel târziu cu 7 zile înainte de începutul sesiunii." });
    expect(await moveSeat(active.id, third.id, { userId: late.id, today: "2099-08-01" })).toMatchObject({ ok: false, status: 404 });
    expect(await moveSeat(active.id, third.id, { userId: student.id, today: "2099-08-10" })).toMatchObject({ ok: true });
    const [again] = await getDb().select().from(sessionSeats).where(eq(sessionSeats.sessionId, third.id));
    expect(again.movedByStudentAt).not.toBeNull();
    expect(await moveSeat(again.id, first.id, { userId: student.id, today: "2099-08-10" })).toMatchObject({ ok: false, message: "Ai folosit deja mutarea gratuită pentru acest curs." });
    expect(await sessionRow(second.id)).toMatchObject({ seatsTaken: 0, state: "open" });
    expect(await sessionRow(third.id)).toMatchObject({ seatsTaken: 1 });
  });
});
