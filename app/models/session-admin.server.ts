/**
 * The admin's side of the in-person sessions (issue 28): the calendar of coming sessions, saving,
 * closing, reopening and cancelling one (its roster and attendance: session-roster.server.ts), a
 * student added by hand (a place taken without payment, marked as such), and moving a student
 * between sessions of the same course (free for the admin; once, up to 7 days before the start,
 * for the student). Each write is one transaction; places go through the same counter as the
 * checkout, so nothing here can overbook a session either.
 */
import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client";
import { coursePriceOptions, courseSessions, courses, orderLines, sessionSeats, users, type SessionState } from "../../db/schema";
import { physicalPeriods } from "~/lib/pricing";
import { formatSessionDays, SESSION_STATE_LABELS } from "~/lib/sessions";
import type { SessionInput } from "~/lib/validation/admin-session";
import { placeOf, releaseSeat, takeSeat, toSessionView } from "~/models/course-session.server";
import { closeWaitlist, offerFreedPlaces } from "~/models/session-waitlist.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { getConfig } from "~/config.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";

export const SESSION_ADMIN_MESSAGES = {
  created: "Sesiunea a fost adăugată.",
  updated: "Sesiunea a fost salvată.",
  notFound: "Sesiunea nu există.",
  badCourse: "Cursul ales nu este un curs fizic.",
  badPeriod: "Perioada aleasă nu este printre prețurile cursului.",
  capacityBelowTaken: (taken: number) => `Sunt deja ${taken} locuri ocupate: capacitatea nu poate fi mai mică.`,
  closed: "Vânzarea pentru sesiune a fost închisă.",
  reopened: "Sesiunea a fost redeschisă pentru vânzare.",
  cancelled: "Sesiunea a fost anulată.",
  cancelledLocked: "Sesiunea este anulată: nu mai poate fi modificată.",
  studentAdded: "Cursantul a fost adăugat (loc fără plată, marcat manual).",
  noUser: "Nu există un cont cu această adresă de e-mail.",
  alreadyIn: "Cursantul are deja un loc la această sesiune.",
  full: "Sesiunea este completă: nu mai are locuri libere.",
  moved: "Cursantul a fost mutat în sesiunea aleasă.",
  seatNotFound: "Locul nu există.",
  otherCourse: "Mutarea se face doar între sesiunile aceluiași curs.",
  attendance: "Prezența a fost salvată.",
  attendanceDiploma: "Prezența a fost salvată: cursantul a participat în toate zilele și a primit diploma.",
  otherPeriod: "Mutarea se face doar între sesiunile aceleiași perioade (același număr de zile).",
  targetClosed: "Sesiunea aleasă nu primește cursanți (închisă, anulată sau începută).",
  tooLate: "Mutarea gratuită se poate cere cel târziu cu 7 zile înainte de începutul sesiunii.",
  alreadyMoved: "Ai folosit deja mutarea gratuită pentru acest curs.",
} as const;

export type AdminResult = { ok: true; message: string; id?: number } | { ok: false; status: 400 | 404 | 409; message: string; field?: string };

/** Sessions from `fromDate` on (a few months), soonest first, with their course and occupancy. */
export async function listSessionsForAdmin(fromDate: string) {
  const rows = await getDb()
    .select({ session: courseSessions, courseTitle: courses.title })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(gte(courseSessions.endsOn, fromDate))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id));
  return rows.map(({ session, courseTitle }) => ({ ...toSessionView(session), courseTitle, seatsTaken: session.seatsTaken, when: formatSessionDays(session.dates), stateLabel: SESSION_STATE_LABELS[session.state] }));
}

/** The physical courses with their periods (the session form's choices). */
export async function physicalCoursesWithPeriods() {
  const rows = await getDb()
    .select({ id: courses.id, title: courses.title, option: coursePriceOptions })
    .from(courses)
    .leftJoin(coursePriceOptions, eq(coursePriceOptions.courseId, courses.id))
    .where(eq(courses.kind, "physical"))
    .orderBy(asc(courses.position), asc(courses.id));
  const byCourse = new Map<number, { id: number; title: string; options: Array<typeof coursePriceOptions.$inferSelect> }>();
  for (const row of rows) {
    const entry = byCourse.get(row.id) ?? { id: row.id, title: row.title, options: [] };
    if (row.option) entry.options.push(row.option);
    byCourse.set(row.id, entry);
  }
  return [...byCourse.values()].map((c) => ({ id: c.id, title: c.title, periods: physicalPeriods(c.options).flatMap((o) => (o.days === null ? [] : [o.days])) }));
}

export async function getSessionForAdmin(id: number) {
  const [row] = await getDb()
    .select({ session: courseSessions, courseTitle: courses.title })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, id));
  if (!row) return null;
  return { ...toSessionView(row.session), row: row.session, courseTitle: row.courseTitle, when: formatSessionDays(row.session.dates), stateLabel: SESSION_STATE_LABELS[row.session.state] };
}

/** Creates (id null) or edits a session. Moving its days or place bumps its calendar SEQUENCE. */
export async function saveSession(id: number | null, input: SessionInput): Promise<AdminResult> {
  const periods = (await physicalCoursesWithPeriods()).find((c) => c.id === input.courseId);
  if (!periods) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.badCourse, field: "courseId" };
  if (!periods.periods.includes(input.days)) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.badPeriod, field: "days" };
  const values = {
    courseId: input.courseId,
    days: input.days,
    startsOn: input.dates[0],
    endsOn: input.dates[input.dates.length - 1],
    dates: input.dates,
    startTime: input.startTime,
    endTime: input.endTime,
    place: input.place,
    capacity: input.capacity,
    notes: input.notes,
  };
  if (id === null) {
    const [created] = await getDb().insert(courseSessions).values(values).returning({ id: courseSessions.id });
    return { ok: true, message: SESSION_ADMIN_MESSAGES.created, id: created.id };
  }
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(courseSessions).where(eq(courseSessions.id, id)).for("update");
    if (!current) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.notFound } as const;
    if (current.state === "cancelled") return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.cancelledLocked } as const;
    if (input.capacity < current.seatsTaken) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.capacityBelowTaken(current.seatsTaken), field: "capacity" } as const;
    if (current.seatsTaken > 0 && current.courseId !== input.courseId) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.otherCourse, field: "courseId" } as const;
    const moved =
      JSON.stringify(current.dates) !== JSON.stringify(input.dates) ||
      current.startTime !== input.startTime ||
      current.endTime !== input.endTime ||
      (current.place ?? null) !== input.place;
    const state: SessionState =
      current.state === "open" && input.capacity <= current.seatsTaken ? "full" : current.state === "full" && input.capacity > current.seatsTaken ? "open" : current.state;
    await tx
      .update(courseSessions)
      .set({ ...values, state, sequence: moved ? sql`${courseSessions.sequence} + 1` : courseSessions.sequence })
      .where(eq(courseSessions.id, id));
    // More places than before: the first on the waitlist get them.
    if (input.capacity > current.capacity) await offerFreedPlaces(tx, [id]);
    if (moved) await announceChange(tx, id);
    return { ok: true, message: SESSION_ADMIN_MESSAGES.updated, id, moved } as const;
  }).then((result) => {
    if (result.ok && "moved" in result && result.moved) kickOutbox();
    if (!result.ok) return result;
    return { ok: true, message: result.message, id: result.id } as const;
  });
}

/** The booked students of a session (not places merely offered from the waitlist), with what their e-mails need. */
async function bookedStudents(tx: Tx, sessionId: number) {
  return tx
    .select({ seat: sessionSeats, name: users.name, email: users.email, title: courses.title })
    .from(sessionSeats)
    .innerJoin(users, eq(users.id, sessionSeats.userId))
    .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(sessionSeats.sessionId, sessionId), ne(sessionSeats.status, "released"), eq(sessionSeats.waitlistOffer, false)));
}

function paragraphsMail(to: string, subject: string, title: string, paragraphs: string[], action: { label: string; url: string }) {
  return renderMail(to, subject, {
    title,
    bodyText: paragraphs.join("\n\n"),
    bodyHtml: paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join(""),
    action,
  });
}

/**
 * A session whose days, hours or place changed: each booked student gets one e-mail (through the
 * outbox, in the saving transaction) with the updated calendar — the same UID, the bumped
 * SEQUENCE, METHOD:REQUEST — so their calendar moves the event instead of adding a second one.
 */
async function announceChange(tx: Tx, sessionId: number): Promise<void> {
  const [session] = await tx.select().from(courseSessions).where(eq(courseSessions.id, sessionId));
  const { publicUrl, business } = getConfig();
  const dates = formatSessionDays(session.dates);
  for (const { seat, name, email, title } of await bookedStudents(tx, sessionId)) {
    const text = [
      `Bună, ${name}!`,
      `Sesiunea cursului „${title}” la care ești înscris s-a schimbat. Noile detalii: ${dates}, ${session.startTime}–${session.endTime}, ${placeOf(session)}.`,
      `Atașat găsești invitația actualizată pentru calendar: deschide-o și evenimentul existent se mută la noile date. Dacă noile date nu îți convin, scrie-ne la ${business.email} sau sună la ${business.phone}.`,
    ];
    await enqueueMail(tx, {
      ...paragraphsMail(email, `Sesiune modificată – ${title}, ${dates}`, "Sesiunea ta s-a schimbat", text, { label: "Vezi în contul tău", url: `${publicUrl}/cont` }),
      attachments: [{ kind: "ics", id: seat.id, method: "REQUEST" }],
    });
  }
}

/** Close for sale, reopen, or cancel (cancelling bumps the calendar SEQUENCE). */
export async function setSessionState(id: number, to: "closed" | "open" | "cancelled"): Promise<AdminResult> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(courseSessions).where(eq(courseSessions.id, id)).for("update");
    if (!current) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.notFound } as const;
    if (current.state === "cancelled") return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.cancelledLocked } as const;
    const state: SessionState = to === "open" ? (current.seatsTaken >= current.capacity ? "full" : "open") : to;
    await tx
      .update(courseSessions)
      .set({ state, sequence: to === "cancelled" ? sql`${courseSessions.sequence} + 1` : courseSessions.sequence })
      .where(eq(courseSessions.id, id));
    if (to === "open") await offerFreedPlaces(tx, [id]);
    if (to === "cancelled") await announceCancellation(tx, current);
    const message = to === "closed" ? SESSION_ADMIN_MESSAGES.closed : to === "open" ? SESSION_ADMIN_MESSAGES.reopened : SESSION_ADMIN_MESSAGES.cancelled;
    return { ok: true, message, id } as const;
  }).then((result) => {
    if (result.ok && to !== "closed") kickOutbox();
    return result;
  });
}

/**
 * A cancelled session: its waitlist is closed, places offered from it are released, and every
 * booked student gets an e-mail (with the calendar's cancellation) saying what comes next: a
 * free move to another session of the course from /cont, or the money back on request. Their
 * seats stay (so /cont shows the cancelled session and the move) until moved or refunded.
 */
async function announceCancellation(tx: Tx, session: typeof courseSessions.$inferSelect): Promise<void> {
  await closeWaitlist(tx, session.id);
  const seats = await tx
    .select({ seat: sessionSeats, name: users.name, email: users.email, title: courses.title })
    .from(sessionSeats)
    .innerJoin(users, eq(users.id, sessionSeats.userId))
    .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(sessionSeats.sessionId, session.id), ne(sessionSeats.status, "released")))
    .for("update", { of: sessionSeats });
  const { publicUrl, business } = getConfig();
  const dates = formatSessionDays(session.dates);
  for (const { seat, name, email, title } of seats) {
    if (seat.waitlistOffer) {
      await releaseSeat(tx, seat, "sesiune anulată");
      continue;
    }
    const text = [
      `Bună, ${name}!`,
      `Ne pare rău: sesiunea ${dates} a cursului „${title}” a fost anulată.`,
      `Ce urmează: îți poți muta locul, gratuit, la altă sesiune a cursului, din contul tău (pagina „Contul meu”, la curs: „Mută-mă la altă sesiune”). Dacă nu îți convine nicio dată, scrie-ne la ${business.email} sau sună la ${business.phone} și îți returnăm integral banii plătiți pentru curs.`,
      `Atașat găsești anularea pentru calendar.`,
    ];
    await enqueueMail(tx, {
      ...renderMail(email, `Sesiune anulată – ${title}, ${dates}`, {
        title: "Sesiunea a fost anulată",
        bodyText: text.join("\n\n"),
        bodyHtml: text.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join(""),
        action: { label: "Alege altă sesiune", url: `${publicUrl}/cont` },
      }),
      attachments: [{ kind: "ics", id: seat.id, method: "CANCEL" }],
    });
  }
}

/** A student added by hand: a place taken without payment (marked manual), within the capacity. */
export async function addStudentByHand(sessionId: number, email: string): Promise<AdminResult> {
  return getDb().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.deletedAt} is null`));
    if (!user) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.noUser, field: "email" } as const;
    const [session] = await tx.select().from(courseSessions).where(eq(courseSessions.id, sessionId));
    if (!session) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.notFound } as const;
    const [existing] = await tx.select({ id: sessionSeats.id }).from(sessionSeats).where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, user.id), ne(sessionSeats.status, "released")));
    if (existing) return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.alreadyIn, field: "email" } as const;
    // The admin may add to a session closed for sale, never beyond its capacity.
    const room = await tx
      .update(courseSessions)
      .set({
        seatsTaken: sql`${courseSessions.seatsTaken} + 1`,
        state: sql`case when ${courseSessions.state} = 'open' and ${courseSessions.seatsTaken} + 1 >= ${courseSessions.capacity} then 'full' else ${courseSessions.state} end`,
      })
      .where(and(eq(courseSessions.id, sessionId), sql`${courseSessions.state} <> 'cancelled'`, sql`${courseSessions.seatsTaken} < ${courseSessions.capacity}`))
      .returning({ id: courseSessions.id });
    if (room.length === 0) return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.full } as const;
    await tx.insert(sessionSeats).values({ sessionId, userId: user.id, orderLineId: null, status: "taken", manual: true });
    return { ok: true, message: SESSION_ADMIN_MESSAGES.studentAdded, id: sessionId } as const;
  });
}

const DAY_MS = 86_400_000;

/**
 * Moves a seat to another session of the same course, keeping its status (held/taken), order
 * line and attendance reset. By the student: their own seat, once, at least 7 days before the
 * start of the session they leave; by the admin: free.
 */
export async function moveSeat(seatId: string, toSessionId: number, by: { admin: true } | { userId: string; today: string }): Promise<AdminResult> {
  return getDb().transaction(async (tx: Tx) => {
    const [seat] = await tx.select().from(sessionSeats).where(eq(sessionSeats.id, seatId)).for("update");
    if (!seat || seat.status === "released" || ("userId" in by && seat.userId !== by.userId)) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.seatNotFound } as const;
    if (seat.sessionId === toSessionId) return { ok: true, message: SESSION_ADMIN_MESSAGES.moved, id: toSessionId } as const;
    const [from] = await tx.select().from(courseSessions).where(eq(courseSessions.id, seat.sessionId));
    const [to] = await tx.select().from(courseSessions).where(eq(courseSessions.id, toSessionId));
    if (!to) return { ok: false, status: 404, message: SESSION_ADMIN_MESSAGES.notFound, field: "toSessionId" } as const;
    if (to.courseId !== from.courseId) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.otherCourse, field: "toSessionId" } as const;
    // A session the academy cancelled: the student moves freely (not counted as their one free move).
    const fromCancelled = from.state === "cancelled";
    if ("userId" in by) {
      if (to.days !== from.days) return { ok: false, status: 400, message: SESSION_ADMIN_MESSAGES.otherPeriod, field: "toSessionId" } as const;
      if (!fromCancelled) {
        if (seat.movedByStudentAt) return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.alreadyMoved } as const;
        const daysLeft = (Date.parse(`${from.startsOn}T00:00:00Z`) - Date.parse(`${by.today}T00:00:00Z`)) / DAY_MS;
        if (daysLeft < 7) return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.tooLate } as const;
      }
      if (to.startsOn < by.today) return { ok: false, status: 409, message: SESSION_ADMIN_MESSAGES.targetClosed } as const;
    }
    // The place in the new session through the same counter (never beyond its capacity).
    const taken = await takeSeat(tx, { sessionId: toSessionId, userId: seat.userId, orderLineId: seat.orderLineId, status: seat.status === "held" ? "held" : "taken", heldUntil: seat.heldUntil, manual: seat.manual });
    if (!taken) return { ok: false, status: 409, message: to.state === "open" || to.state === "full" ? SESSION_ADMIN_MESSAGES.full : SESSION_ADMIN_MESSAGES.targetClosed } as const;
    await releaseSeat(tx, seat, `mutat în sesiunea ${formatSessionDays(to.dates)}`);
    // The place left behind goes to the first on that session's waitlist.
    await offerFreedPlaces(tx, [seat.sessionId]);
    if ("userId" in by && !fromCancelled) {
      await tx.update(sessionSeats).set({ movedByStudentAt: new Date() }).where(and(eq(sessionSeats.sessionId, toSessionId), eq(sessionSeats.userId, seat.userId), ne(sessionSeats.status, "released")));
    }
    // The order line follows (e-mails and a later invoice name the session actually attended).
    if (seat.orderLineId) {
      const view = toSessionView(to);
      await tx.update(orderLines).set({ sessionId: toSessionId, sessionLabel: view.label }).where(eq(orderLines.id, seat.orderLineId));
    }
    if (!seat.waitlistOffer) await announceMove(tx, seat, from, to);
    return { ok: true, message: SESSION_ADMIN_MESSAGES.moved, id: toSessionId, mailed: !seat.waitlistOffer } as const;
  }).then((result) => {
    if (result.ok && "mailed" in result && result.mailed) kickOutbox();
    if (!result.ok) return result;
    return { ok: true, message: result.message, id: result.id } as const;
  });
}

/**
 * The e-mail about a move (by the student or the admin): the old event's cancellation (the old
 * seat's UID, METHOD:CANCEL) and the new event (the new seat's UID, METHOD:REQUEST), so the
 * student's calendar drops the old days and shows the new ones.
 */
async function announceMove(tx: Tx, oldSeat: typeof sessionSeats.$inferSelect, from: typeof courseSessions.$inferSelect, to: typeof courseSessions.$inferSelect): Promise<void> {
  const [newSeat] = await tx
    .select({ id: sessionSeats.id })
    .from(sessionSeats)
    .where(and(eq(sessionSeats.sessionId, to.id), eq(sessionSeats.userId, oldSeat.userId), ne(sessionSeats.status, "released")));
  const [row] = await tx
    .select({ name: users.name, email: users.email, title: courses.title })
    .from(users)
    .innerJoin(courses, eq(courses.id, to.courseId))
    .where(eq(users.id, oldSeat.userId));
  if (!newSeat || !row) return;
  const { publicUrl, business } = getConfig();
  const oldDates = formatSessionDays(from.dates);
  const newDates = formatSessionDays(to.dates);
  const text = [
    `Bună, ${row.name}!`,
    `Locul tău la cursul „${row.title}” a fost mutat de la sesiunea ${oldDates} la sesiunea ${newDates}, ${to.startTime}–${to.endTime}, ${placeOf(to)}.`,
    `Atașat găsești anularea vechii sesiuni și invitația pentru cea nouă: deschide-le pe amândouă ca să ai în calendar datele corecte. Întrebări: ${business.email}, ${business.phone}.`,
  ];
  await enqueueMail(tx, {
    ...paragraphsMail(row.email, `Locul tău a fost mutat la sesiunea ${newDates} – ${row.title}`, "Sesiunea ta s-a schimbat", text, { label: "Vezi în contul tău", url: `${publicUrl}/cont` }),
    attachments: [
      { kind: "ics", id: oldSeat.id, method: "CANCEL" },
      { kind: "ics", id: newSeat.id, method: "REQUEST" },
    ],
  });
}


/**
 * The student's move page (/cont/sesiuni/:seatId/mutare): their seat's session and the sessions
 * they may move to — the same course and period, open with a place, not started. Null: not
 * their seat (or released).
 */
export async function studentMoveOptions(seatId: string, userId: string, today: string) {
  const [row] = await getDb()
    .select({ seat: sessionSeats, session: courseSessions, courseTitle: courses.title })
    .from(sessionSeats)
    .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(sessionSeats.id, seatId), eq(sessionSeats.userId, userId), ne(sessionSeats.status, "released"), eq(sessionSeats.waitlistOffer, false)));
  if (!row) return null;
  const targets = await getDb()
    .select()
    .from(courseSessions)
    .where(
      and(
        eq(courseSessions.courseId, row.session.courseId),
        eq(courseSessions.days, row.session.days),
        ne(courseSessions.id, row.session.id),
        eq(courseSessions.state, "open"),
        gte(courseSessions.startsOn, today),
        sql`${courseSessions.seatsTaken} < ${courseSessions.capacity}`,
      ),
    )
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id));
  return {
    seatId: row.seat.id,
    courseTitle: row.courseTitle,
    current: { ...toSessionView(row.session), when: formatSessionDays(row.session.dates) },
    cancelled: row.session.state === "cancelled",
    movedBefore: row.seat.movedByStudentAt !== null,
    targets: targets.map((t) => ({ ...toSessionView(t), when: formatSessionDays(t.dates) })),
  };
}
