/**
 * Calendar files of in-person bookings (issue 28): the `.ics` attached to the confirmation e-mail
 * (METHOD:REQUEST), to a session's cancellation (METHOD:CANCEL), and downloaded from /cont
 * (METHOD:PUBLISH). Built from the seat when it is needed, so it always carries the session's
 * current days, hours, place and SEQUENCE (app/lib/ics.ts).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
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

/** The calendar of one seat; null when it does not exist. `userId` restricts it to its owner. */
export async function seatCalendar(seatId: string, method: IcsMethod, options: { userId?: string; executor?: Executor; now?: Date } = {}): Promise<SeatCalendar | null> {
  const db = options.executor ?? getDb();
  const [row] = await db
    .select({ seat: sessionSeats, session: courseSessions, title: courses.title, name: users.name, email: users.email })
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
    // A booking cancelled while its session goes on (the student moved away): one step above the
    // session's SEQUENCE, so calendars take the cancellation as newer than the invitation they hold.
    sequence: row.session.sequence + (method === "CANCEL" && row.session.state !== "cancelled" ? 1 : 0),
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
