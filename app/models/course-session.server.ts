/**
 * In-person sessions and their seats (issue 28). A session is a dated run of a physical course
 * with a fixed capacity; `seats_taken` counts the seats held (an order waiting for its payment)
 * or taken (paid, or added by the admin). A seat is taken from the counter by one conditional
 * UPDATE inside the checkout's transaction (`seats_taken < capacity and state = 'open'`): the
 * row lock that UPDATE takes queues concurrent buyers, and each re-checks the condition on the
 * committed count, so a session is never sold beyond its capacity, whatever the number of
 * workers. Every seat write keeps the counter, the seat rows and the full/open state together.
 */
import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { courseSessions, sessionSeats, type SeatStatus, type SessionState } from "../../db/schema";
import { getConfig } from "~/config.server";
import { sessionLabel, type SessionLabelParts } from "~/lib/sessions";

export type SessionRow = typeof courseSessions.$inferSelect;
export type SeatRow = typeof sessionSeats.$inferSelect;

/** What the public pages, the cart and the e-mails show of a session. */
export interface SessionView {
  id: number;
  courseId: number;
  days: number;
  startsOn: string;
  endsOn: string;
  dates: string[];
  startTime: string;
  endTime: string;
  place: string;
  capacity: number;
  seatsLeft: number;
  state: SessionState;
  /** "12–16/05/2027, 09:00–17:00, <place>". */
  label: string;
}

/** The place of a session: its own, or the academy's address. */
export function placeOf(row: Pick<SessionRow, "place">): string {
  return row.place?.trim() || getConfig().business.address;
}

export function toSessionView(row: SessionRow): SessionView {
  const place = placeOf(row);
  const parts: SessionLabelParts = { dates: row.dates, startTime: row.startTime, endTime: row.endTime, place };
  return {
    id: row.id,
    courseId: row.courseId,
    days: row.days,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    dates: row.dates,
    startTime: row.startTime,
    endTime: row.endTime,
    place,
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - row.seatsTaken),
    state: row.state,
    label: sessionLabel(parts),
  };
}

/**
 * The coming sessions (starting today or later, not cancelled) of these courses, soonest first:
 * read live (one query), never from the catalogue cache, since seats change with every order.
 */
export async function listComingSessions(courseIds: number[], today: string, executor: Executor = getDb()): Promise<SessionView[]> {
  if (courseIds.length === 0) return [];
  const rows = await executor
    .select()
    .from(courseSessions)
    .where(and(inArray(courseSessions.courseId, courseIds), gte(courseSessions.startsOn, today), ne(courseSessions.state, "cancelled")))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id));
  return rows.map(toSessionView);
}

/** Whether a buyer may pick this session now: open, with a place left, not started. */
export function sellable(session: Pick<SessionView, "state" | "seatsLeft" | "startsOn">, today: string): boolean {
  return session.state === "open" && session.seatsLeft > 0 && session.startsOn >= today;
}

/** The next sessions open for sale, soonest first, with their course (the home promo). */
export async function nextOpenSessions(today: string, limit = 1) {
  const rows = await getDb()
    .select()
    .from(courseSessions)
    .where(and(gte(courseSessions.startsOn, today), eq(courseSessions.state, "open"), sql`${courseSessions.seatsTaken} < ${courseSessions.capacity}`))
    .orderBy(asc(courseSessions.startsOn), asc(courseSessions.id))
    .limit(limit * 4);
  return rows.map(toSessionView);
}

// ─── Seats ─────────────────────────────────────────────────────────────────────────────────

export interface TakeSeatInput {
  sessionId: number;
  userId: string;
  orderLineId: string | null;
  status: Exclude<SeatStatus, "released">;
  heldUntil?: Date | null;
  manual?: boolean;
  /** A place held for the first on the waitlist (no order yet). */
  waitlistOffer?: boolean;
}

/**
 * Takes one place of the session from its counter (the conditional update) and writes the seat.
 * False when the session is not open or has no place left, or the user already has a seat in it.
 * Must run inside the caller's transaction: a false answer after the counter moved is undone by
 * the caller's rollback (the checkout throws), so use `force` only where the money already came.
 */
export async function takeSeat(tx: Executor, input: TakeSeatInput, options: { force?: boolean } = {}): Promise<boolean> {
  const condition = options.force
    ? sql`${courseSessions.state} <> 'cancelled'`
    : sql`${courseSessions.state} = 'open' and ${courseSessions.seatsTaken} < ${courseSessions.capacity}`;
  const counted = await tx
    .update(courseSessions)
    .set({
      seatsTaken: sql`${courseSessions.seatsTaken} + 1`,
      state: sql`case when ${courseSessions.state} = 'open' and ${courseSessions.seatsTaken} + 1 >= ${courseSessions.capacity} then 'full' else ${courseSessions.state} end`,
    })
    .where(and(eq(courseSessions.id, input.sessionId), condition))
    .returning({ id: courseSessions.id });
  if (counted.length === 0) return false;
  const inserted = await tx
    .insert(sessionSeats)
    .values({
      sessionId: input.sessionId,
      userId: input.userId,
      orderLineId: input.orderLineId,
      status: input.status,
      heldUntil: input.heldUntil ?? null,
      manual: input.manual ?? false,
      waitlistOffer: input.waitlistOffer ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: sessionSeats.id });
  if (inserted.length === 0) {
    await giveBackToCounter(tx, input.sessionId);
    return false;
  }
  return true;
}

/** One place back on the counter; a full session opens again (a closed or cancelled one stays so). */
async function giveBackToCounter(tx: Executor, sessionId: number): Promise<void> {
  await tx
    .update(courseSessions)
    .set({
      seatsTaken: sql`greatest(${courseSessions.seatsTaken} - 1, 0)`,
      state: sql`case when ${courseSessions.state} = 'full' then 'open' else ${courseSessions.state} end`,
    })
    .where(eq(courseSessions.id, sessionId));
}

/** Releases the active seats of these order lines (cancelled, failed, refunded order): the places they free. */
export async function releaseSeatsOfLines(tx: Executor, lineIds: string[], reason: string, now = new Date()): Promise<SeatRow[]> {
  if (lineIds.length === 0) return [];
  const seats = await tx
    .select()
    .from(sessionSeats)
    .where(and(inArray(sessionSeats.orderLineId, lineIds), ne(sessionSeats.status, "released")))
    .orderBy(asc(sessionSeats.sessionId))
    .for("update");
  for (const seat of seats) await releaseSeat(tx, seat, reason, now);
  return seats;
}

/** Releases one active seat (the caller holds its row lock). */
export async function releaseSeat(tx: Executor, seat: SeatRow, reason: string, now = new Date()): Promise<void> {
  await tx.update(sessionSeats).set({ status: "released", releasedAt: now, releaseReason: reason, heldUntil: null }).where(eq(sessionSeats.id, seat.id));
  await giveBackToCounter(tx, seat.sessionId);
}

/**
 * A paid order takes its held seats for good. A seat whose hold ran out meanwhile (the transfer
 * came late) is taken again when the session still has a place; otherwise the session is never
 * overbooked: the line's title is returned and the order gets a note for the admin.
 */
export async function confirmSeatsOfLines(
  tx: Executor,
  lines: Array<{ id: string; sessionId: number | null; title: string }>,
  userId: string,
): Promise<string[]> {
  const withSession = lines.filter((l) => l.sessionId !== null);
  if (withSession.length === 0) return [];
  const ids = withSession.map((l) => l.id);
  const seats = await tx.select().from(sessionSeats).where(inArray(sessionSeats.orderLineId, ids)).for("update");
  const short: string[] = [];
  for (const line of withSession) {
    const own = seats.filter((s) => s.orderLineId === line.id);
    const active = own.find((s) => s.status !== "released");
    if (active) {
      if (active.status === "held") await tx.update(sessionSeats).set({ status: "taken", heldUntil: null }).where(eq(sessionSeats.id, active.id));
      continue;
    }
    const retaken = await takeSeat(tx, { sessionId: line.sessionId!, userId, orderLineId: line.id, status: "taken" });
    if (!retaken) short.push(line.title);
  }
  return short;
}

/** Bank-transfer holds whose time ran out, oldest first (the housekeeping job releases them). */
export async function expiredHolds(now: Date, limit = 100) {
  return getDb()
    .select({ id: sessionSeats.id })
    .from(sessionSeats)
    .where(and(eq(sessionSeats.status, "held"), lt(sessionSeats.heldUntil, now)))
    .orderBy(asc(sessionSeats.heldUntil))
    .limit(limit);
}

/** The sessions where a place is held for this user from the waitlist (offer not run out). */
export async function offeredSessionIds(userId: string, executor: Executor = getDb(), now = new Date()): Promise<Set<number>> {
  const rows = await executor
    .select({ sessionId: sessionSeats.sessionId })
    .from(sessionSeats)
    .where(and(eq(sessionSeats.userId, userId), eq(sessionSeats.status, "held"), eq(sessionSeats.waitlistOffer, true), gt(sessionSeats.heldUntil, now)));
  return new Set(rows.map((r) => r.sessionId));
}

/**
 * A session as its waitlist offer's holder sees it: the held place is theirs, so it counts as
 * one place left, open for them (the checkout takes that very seat over).
 */
export function asOffered(view: SessionView): SessionView {
  if (view.state !== "open" && view.state !== "full") return view;
  return { ...view, state: "open", seatsLeft: Math.max(1, view.seatsLeft) };
}
