/**
 * Calendar files of in-person bookings (issue 28): the `.ics` attached to the confirmation e-mail
 * (METHOD:REQUEST), to a session's cancellation (METHOD:CANCEL), and downloaded from /cont
 * (METHOD:PUBLISH). Built from the seat when it is needed, so it always carries the session's
 * current days, hours, place and SEQUENCE (app/lib/ics.ts).
 *
 * SEQUENCE must grow with every update sent for a UID, or calendars ignore the update. A UID is a
 * booking in one session (session + order line), and it comes back when a student is moved away
 * and later back: the first stay got the session's SEQUENCE and then a cancellation one above it,
 * so the second stay must start higher. See `bookingSequence`.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { courseSessions, courses, sessionSeats, users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { sessionIcs, type IcsMethod } from "~/lib/ics";
import { formatSessionDays } from "~/lib/sessions";
import { placeOf } from "~/models/course-session.server";

export interface SeatCalendar {
  filename: string;
  content: string;
  method: IcsMethod;
}

/** The booking's stable identity in calendars: its session and its order line (or the seat, added by hand). */
export function bookingUid(seat: { sessionId: number; orderLineId: string | null; id: string }): string {
  const host = new URL(getConfig().publicUrl).hostname;
  return `sesiune-${seat.sessionId}-${seat.orderLineId ?? seat.id}@${host}`;
}

/**
 * The SEQUENCE of a booking's calendar: the session's own (bumped when the admin moves or cancels
 * it), plus two for every seat the same order line had before this one (each move, or a lapsed
 * hold taken again, made a new seat), plus one for the cancellation of a booking whose session
 * goes on (the student moved away). Each part only grows and the seat's count is fixed when the
 * seat is made, so for a UID a move back (two more) starts above the cancellation (one more)
 * sent for the earlier stay, a session change (its SEQUENCE) above the invitation before it, and
 * files rendered in the order they are queued never go down. RFC 5545 allows any non-negative
 * integer; these stay small.
 */
export function bookingSequence(input: { sessionSequence: number; earlierSeatsOfLine: number; cancelWhileSessionGoesOn: boolean }): number {
  return input.sessionSequence + 2 * input.earlierSeatsOfLine + (input.cancelWhileSessionGoesOn ? 1 : 0);
}

/** The calendar of one seat; null when it does not exist. `userId` restricts it to its owner. */
export async function seatCalendar(seatId: string, method: IcsMethod, options: { userId?: string; executor?: Executor; now?: Date } = {}): Promise<SeatCalendar | null> {
  const db = options.executor ?? getDb();
  const [row] = await db
    .select({
      seat: sessionSeats,
      session: courseSessions,
      title: courses.title,
      name: users.name,
      email: users.email,
      // The seats its order line had before this one (none for a seat added by hand: its UID is its own).
      earlierSeatsOfLine: sql<number>`(select count(*)::int from session_seats earlier where earlier.order_line_id = ${sessionSeats.orderLineId} and (earlier.created_at, earlier.id) < (${sessionSeats.createdAt}, ${sessionSeats.id}))`,
    })
    .from(sessionSeats)
    .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .innerJoin(users, eq(users.id, sessionSeats.userId))
    .where(options.userId ? and(eq(sessionSeats.id, seatId), eq(sessionSeats.userId, options.userId)) : eq(sessionSeats.id, seatId));
  if (!row) return null;
  const { business, publicUrl } = getConfig();
  const cancelled = method === "CANCEL" || row.session.state === "cancelled";
  const days = formatSessionDays(row.session.dates);
  const description = [
    `Curs: ${row.title}`,
    `Zile: ${days}, ${row.session.startTime}–${row.session.endTime}`,
    row.session.notes ? `De adus: ${row.session.notes}` : "",
    `Întrebări: ${business.phone}, ${business.email}`,
  ]
    .filter(Boolean)
    .join("\n");
  const content = sessionIcs({
    method: cancelled && method !== "PUBLISH" ? "CANCEL" : method,
    uid: bookingUid(row.seat),
    sequence: bookingSequence({
      sessionSequence: row.session.sequence,
      earlierSeatsOfLine: Number(row.earlierSeatsOfLine),
      cancelWhileSessionGoesOn: method === "CANCEL" && row.session.state !== "cancelled",
    }),
    dates: row.session.dates,
    startTime: row.session.startTime,
    endTime: row.session.endTime,
    summary: `${cancelled ? "ANULAT: " : ""}${row.title} – ${business.brand}`,
    description,
    location: placeOf(row.session),
    organizer: { name: business.brand, email: business.email },
    attendee: { name: row.name, email: row.email },
    url: `${publicUrl}/cont`,
    stamp: options.now ?? new Date(),
  });
  return { filename: `sesiune-${row.session.startsOn}.ics`, content, method };
}

/** The active seats of these order lines, as calendar attachments of an e-mail. */
export async function seatIcsRefs(executor: Executor, orderLineIds: string[]): Promise<Array<{ kind: "ics"; id: string; method: "REQUEST" }>> {
  if (orderLineIds.length === 0) return [];
  const seats = await executor
    .select({ id: sessionSeats.id })
    .from(sessionSeats)
    .where(and(inArray(sessionSeats.orderLineId, orderLineIds), ne(sessionSeats.status, "released")));
  return seats.map((s) => ({ kind: "ics" as const, id: s.id, method: "REQUEST" as const }));
}
