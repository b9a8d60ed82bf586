/**
 * Waitlist of a full in-person session (issue 28, README "In-person sessions"). A logged-in
 * visitor joins a full session's list; whenever a place frees up (an order cancelled, failed or
 * refunded, a transfer hold run out, a student moved away, the capacity raised, the session
 * reopened), `offerFreedPlaces` holds it for the first in line: a `held` seat with
 * `waitlist_offer` and no order, counted like any other seat, so nobody else can buy it, for
 * WAITLIST_OFFER_HOURS (24 h by default). They get an e-mail with a link to the course page,
 * where the session is offered to them alone; their checkout takes the held seat over. An
 * offer not bought in time is released by the hourly housekeeping (like a transfer hold) and
 * goes to the next in line. Every step runs in the caller's transaction.
 */
import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Executor, type Tx } from "../../db/client";
import { courseSessions, courses, sessionSeats, sessionWaitlist, users, type WaitlistStatus } from "../../db/schema";
import { getConfig } from "~/config.server";
import { formatDateTime, todayInBucharest } from "~/lib/dates";
import { formatSessionDays } from "~/lib/sessions";
import { releaseSeat, takeSeat, toSessionView } from "~/models/course-session.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";

export const WAITLIST_MESSAGES = {
  joined: "Ai intrat pe lista de așteptare. Îți scriem pe e-mail când se eliberează un loc.",
  left: "Ai ieșit de pe lista de așteptare.",
  already: "Ești deja pe lista de așteptare a acestei sesiuni.",
  notOnList: "Nu ești pe lista de așteptare a acestei sesiuni.",
  hasSeat: "Ai deja un loc la această sesiune.",
  notFull: "Sesiunea are încă locuri libere: alege-o direct pe pagina cursului.",
  closed: "Sesiunea nu mai primește înscrieri (închisă, anulată sau începută).",
  notFound: "Sesiunea nu există.",
} as const;

export const OFFER_RELEASED_REASON = "locul oferit din lista de așteptare nu a fost cumpărat la timp";
export const OFFER_LEFT_REASON = "a renunțat la locul oferit din lista de așteptare";

export type WaitlistResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** Joins the waitlist of a full session (open/full, not started, no place left, no seat of one's own). */
export async function joinWaitlist(sessionId: number, userId: string, today = todayInBucharest()): Promise<WaitlistResult> {
  return getDb().transaction(async (tx) => {
    const [session] = await tx.select().from(courseSessions).where(eq(courseSessions.id, sessionId));
    if (!session) return { ok: false, status: 404, message: WAITLIST_MESSAGES.notFound } as const;
    if ((session.state !== "open" && session.state !== "full") || session.startsOn < today) return { ok: false, status: 409, message: WAITLIST_MESSAGES.closed } as const;
    const [seat] = await tx
      .select({ id: sessionSeats.id, offer: sessionSeats.waitlistOffer })
      .from(sessionSeats)
      .where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, userId), ne(sessionSeats.status, "released")));
    if (seat) return { ok: false, status: 409, message: seat.offer ? WAITLIST_MESSAGES.already : WAITLIST_MESSAGES.hasSeat } as const;
    if (session.state === "open" && session.seatsTaken < session.capacity) return { ok: false, status: 409, message: WAITLIST_MESSAGES.notFull } as const;
    const inserted = await tx.insert(sessionWaitlist).values({ sessionId, userId }).onConflictDoNothing().returning({ id: sessionWaitlist.id });
    if (inserted.length === 0) return { ok: false, status: 409, message: WAITLIST_MESSAGES.already } as const;
    return { ok: true, message: WAITLIST_MESSAGES.joined } as const;
  });
}

/** Leaves the list; a place already offered goes back and on to the next in line. */
export async function leaveWaitlist(sessionId: number, userId: string, now = new Date()): Promise<WaitlistResult> {
  const result = await getDb().transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(sessionWaitlist)
      .where(and(eq(sessionWaitlist.sessionId, sessionId), eq(sessionWaitlist.userId, userId), inArray(sessionWaitlist.status, ["waiting", "offered"])))
      .for("update");
    if (!entry) return { ok: false, status: 404, message: WAITLIST_MESSAGES.notOnList } as const;
    await tx.update(sessionWaitlist).set({ status: "left" }).where(eq(sessionWaitlist.id, entry.id));
    if (entry.status === "offered" && entry.seatId) {
      const [seat] = await tx.select().from(sessionSeats).where(eq(sessionSeats.id, entry.seatId)).for("update");
      if (seat && seat.status === "held" && seat.waitlistOffer) {
        await releaseSeat(tx, seat, OFFER_LEFT_REASON, now);
        await offerFreedPlaces(tx, [sessionId], now);
      }
    }
    return { ok: true, message: WAITLIST_MESSAGES.left } as const;
  });
  if (result.ok) kickOutbox();
  return result;
}

/**
 * Hands the free places of these sessions to the first in line, one held seat each, while the
 * session is open for sale, has a place and has someone waiting. Returns how many were offered.
 * Runs in the transaction that freed the place (the session row's lock orders concurrent ones).
 */
export async function offerFreedPlaces(tx: Tx, sessionIds: number[], now = new Date()): Promise<number> {
  let offered = 0;
  const { publicUrl, sessions: settings } = getConfig();
  const today = todayInBucharest(now);
  for (const sessionId of [...new Set(sessionIds)].sort((a, b) => a - b)) {
    for (;;) {
      const [session] = await tx.select().from(courseSessions).where(eq(courseSessions.id, sessionId)).for("update");
      if (!session || session.state !== "open" || session.seatsTaken >= session.capacity) break;
      if (session.startsOn < today) {
        await tx.update(sessionWaitlist).set({ status: "closed" }).where(and(eq(sessionWaitlist.sessionId, sessionId), eq(sessionWaitlist.status, "waiting")));
        break;
      }
      const [next] = await tx
        .select({ entry: sessionWaitlist, name: users.name, email: users.email })
        .from(sessionWaitlist)
        .innerJoin(users, eq(users.id, sessionWaitlist.userId))
        .where(and(eq(sessionWaitlist.sessionId, sessionId), eq(sessionWaitlist.status, "waiting")))
        .orderBy(asc(sessionWaitlist.createdAt), asc(sessionWaitlist.id))
        .limit(1)
        .for("update", { of: sessionWaitlist });
      if (!next) break;
      const expires = new Date(now.getTime() + settings.waitlistOfferHours * 3600_000);
      const [seat] = await tx
        .select({ id: sessionSeats.id })
        .from(sessionSeats)
        .where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, next.entry.userId), ne(sessionSeats.status, "released")));
      if (seat) {
        // Got a place meanwhile (the admin added them): nothing to offer.
        await tx.update(sessionWaitlist).set({ status: "closed" }).where(eq(sessionWaitlist.id, next.entry.id));
        continue;
      }
      const taken = await takeSeat(tx, { sessionId, userId: next.entry.userId, orderLineId: null, status: "held", heldUntil: expires, waitlistOffer: true });
      if (!taken) break;
      const [held] = await tx
        .select({ id: sessionSeats.id })
        .from(sessionSeats)
        .where(and(eq(sessionSeats.sessionId, sessionId), eq(sessionSeats.userId, next.entry.userId), ne(sessionSeats.status, "released")));
      await tx
        .update(sessionWaitlist)
        .set({ status: "offered", seatId: held.id, offeredAt: now, offerExpiresAt: expires })
        .where(eq(sessionWaitlist.id, next.entry.id));
      const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, session.courseId));
      const view = toSessionView(session);
      const url = `${publicUrl}/cursuri/curs/${session.courseId}?sessionId=${session.id}`;
      const text = [
        `Bună, ${next.name}!`,
        `S-a eliberat un loc la sesiunea ${view.label} a cursului „${course?.title ?? ""}”, pentru care erai pe lista de așteptare.`,
        `Locul este păstrat pentru tine până la ${formatDateTime(expires)}. Alege sesiunea pe pagina cursului și plasează comanda până atunci; după această oră, locul trece la următoarea persoană de pe listă.`,
        `Dacă nu mai vrei locul, poți ieși de pe listă din pagina cursului: locul trece imediat mai departe.`,
      ];
      await enqueueMail(
        tx,
        renderMail(next.email, `Un loc s-a eliberat – ${formatSessionDays(session.dates)}`, {
          title: "Un loc s-a eliberat pentru tine",
          bodyText: text.join("\n\n"),
          bodyHtml: text.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join(""),
          action: { label: "Cumpără locul", url },
        }),
      );
      offered++;
    }
  }
  return offered;
}

/**
 * The checkout takes over the place offered to this buyer from the waitlist (still held for
 * them): the seat gets the order line and the hold of the payment method. False: no such offer.
 */
export async function claimOfferedSeat(
  tx: Executor,
  input: { sessionId: number; userId: string; orderLineId: string; status: "held" | "taken"; heldUntil: Date | null },
  now = new Date(),
): Promise<boolean> {
  const claimed = await tx
    .update(sessionSeats)
    .set({ orderLineId: input.orderLineId, status: input.status, heldUntil: input.heldUntil, waitlistOffer: false })
    .where(
      and(
        eq(sessionSeats.sessionId, input.sessionId),
        eq(sessionSeats.userId, input.userId),
        eq(sessionSeats.status, "held"),
        eq(sessionSeats.waitlistOffer, true),
        gt(sessionSeats.heldUntil, now),
      ),
    )
    .returning({ id: sessionSeats.id });
  if (claimed.length === 0) return false;
  await tx.update(sessionWaitlist).set({ status: "bought" }).where(eq(sessionWaitlist.seatId, claimed[0].id));
  return true;
}

/** The offer behind a released waitlist seat ran out: the entry is marked, the buyer told. */
export async function expireOffer(tx: Tx, seatId: string): Promise<void> {
  const [entry] = await tx
    .update(sessionWaitlist)
    .set({ status: "expired" })
    .where(and(eq(sessionWaitlist.seatId, seatId), eq(sessionWaitlist.status, "offered")))
    .returning();
  if (!entry) return;
  const [row] = await tx
    .select({ session: courseSessions, title: courses.title, name: users.name, email: users.email })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .innerJoin(users, eq(users.id, entry.userId))
    .where(eq(courseSessions.id, entry.sessionId));
  if (!row) return;
  const dates = formatSessionDays(row.session.dates);
  const text = [
    `Bună, ${row.name}!`,
    `Locul păstrat pentru tine la sesiunea ${dates} a cursului „${row.title}” a trecut la următoarea persoană de pe lista de așteptare: comanda nu a fost plasată la timp.`,
    `Poți alege oricând altă sesiune pe pagina cursului.`,
  ];
  await enqueueMail(
    tx,
    renderMail(row.email, `Locul oferit a expirat – ${dates}`, {
      title: "Locul oferit a expirat",
      bodyText: text.join("\n\n"),
      bodyHtml: text.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join(""),
      action: { label: "Vezi sesiunile", url: `${getConfig().publicUrl}/cursuri/curs/${row.session.courseId}` },
    }),
  );
}

/** A cancelled session's list is closed (nobody is waiting for it any more). */
export async function closeWaitlist(tx: Tx, sessionId: number): Promise<void> {
  await tx.update(sessionWaitlist).set({ status: "closed" }).where(and(eq(sessionWaitlist.sessionId, sessionId), inArray(sessionWaitlist.status, ["waiting", "offered"])));
}

export interface WaitlistStanding {
  status: Extract<WaitlistStatus, "waiting" | "offered">;
  /** 1 for the first in line (waiting); null when offered. */
  position: number | null;
  offerExpiresAt: Date | null;
}

/** This user's place on the lists of these sessions (course page, /cont). */
export async function waitlistStandings(userId: string, sessionIds: number[], executor: Executor = getDb()): Promise<Map<number, WaitlistStanding>> {
  const map = new Map<number, WaitlistStanding>();
  if (sessionIds.length === 0) return map;
  const rows = await executor
    .select({
      sessionId: sessionWaitlist.sessionId,
      status: sessionWaitlist.status,
      offerExpiresAt: sessionWaitlist.offerExpiresAt,
      // The outer row's columns spelled out with the table name: in a query without joins Drizzle
      // writes them unqualified, and inside the subquery they would then mean w's own columns.
      position: sql<number>`(select count(*)::int from session_waitlist w where w.session_id = "session_waitlist"."session_id" and w.status = 'waiting' and (w.created_at, w.id) <= ("session_waitlist"."created_at", "session_waitlist"."id"))`,
    })
    .from(sessionWaitlist)
    .where(and(eq(sessionWaitlist.userId, userId), inArray(sessionWaitlist.sessionId, sessionIds), inArray(sessionWaitlist.status, ["waiting", "offered"])));
  for (const r of rows) {
    map.set(r.sessionId, { status: r.status as WaitlistStanding["status"], position: r.status === "waiting" ? r.position : null, offerExpiresAt: r.offerExpiresAt });
  }
  return map;
}

/** The admin's view of a session's list, in order. */
export async function waitlistForAdmin(sessionId: number) {
  const rows = await getDb()
    .select({ entry: sessionWaitlist, name: users.name, email: users.email, phone: users.phone })
    .from(sessionWaitlist)
    .innerJoin(users, eq(users.id, sessionWaitlist.userId))
    .where(and(eq(sessionWaitlist.sessionId, sessionId), inArray(sessionWaitlist.status, ["waiting", "offered"])))
    .orderBy(asc(sessionWaitlist.createdAt), asc(sessionWaitlist.id));
  return rows.map((r) => ({ id: r.entry.id, name: r.name, email: r.email, phone: r.phone, status: r.entry.status, offerExpiresAt: r.entry.offerExpiresAt, joinedAt: r.entry.createdAt }));
}

/** The course a session belongs to (null: no such session). */
export async function courseOfSession(sessionId: number): Promise<number | null> {
  const [row] = await getDb().select({ courseId: courseSessions.courseId }).from(courseSessions).where(eq(courseSessions.id, sessionId));
  return row?.courseId ?? null;
}

/** The user's open waitlist entries (waiting or with a place offered), for /cont, soonest session first. */
export async function waitlistEntriesForUser(userId: string, executor: Executor = getDb()) {
  const rows = await executor
    .select({ entry: sessionWaitlist, session: courseSessions, courseTitle: courses.title })
    .from(sessionWaitlist)
    .innerJoin(courseSessions, eq(courseSessions.id, sessionWaitlist.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(sessionWaitlist.userId, userId), inArray(sessionWaitlist.status, ["waiting", "offered"])))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id));
  const standings = await waitlistStandings(
    userId,
    rows.map((r) => r.session.id),
    executor,
  );
  return rows.map(({ session, courseTitle }) => {
    const standing = standings.get(session.id);
    return {
      sessionId: session.id,
      courseId: session.courseId,
      courseTitle,
      when: formatSessionDays(session.dates),
      hours: `${session.startTime}–${session.endTime}`,
      status: standing?.status ?? "waiting",
      position: standing?.position ?? null,
      offerExpiresAt: standing?.offerExpiresAt ? formatDateTime(standing.offerExpiresAt) : null,
    };
  });
}
