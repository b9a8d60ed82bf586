/**
 * Bank-transfer holds that ran out (issue 28): an order paid by transfer holds its place for
 * SEAT_HOLD_DAYS days; after that the housekeeping job gives the place back and tells the buyer.
 * The order itself stays open: money that still arrives takes a place again if one is left
 * (order-status.server.ts), and an admin can still cancel it.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courseSessions, orderLines, orders, sessionSeats, users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { formatSessionDays } from "~/lib/sessions";
import { expiredHolds, releaseSeat, toSessionView } from "~/models/course-session.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { expireOffer, OFFER_RELEASED_REASON, offerFreedPlaces } from "~/models/session-waitlist.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";

export const HOLD_EXPIRED_REASON = "rezervare expirată (plata prin transfer nu a ajuns)";

/** Releases every expired hold, each in its own transaction; returns how many were released. */
export async function releaseExpiredHolds(now = new Date()): Promise<number> {
  let released = 0;
  for (const { id } of await expiredHolds(now)) {
    if (await releaseExpiredHold(id, now)) released++;
  }
  if (released > 0) kickOutbox();
  return released;
}

async function releaseExpiredHold(seatId: string, now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [seat] = await tx.select().from(sessionSeats).where(eq(sessionSeats.id, seatId)).for("update");
    // Paid, moved or released meanwhile: nothing to do.
    if (!seat || seat.status !== "held" || !seat.heldUntil || seat.heldUntil >= now) return false;
    if (seat.waitlistOffer) {
      // A place offered from the waitlist and not bought in time: on to the next in line.
      await releaseSeat(tx, seat, OFFER_RELEASED_REASON, now);
      await expireOffer(tx, seat.id);
      await offerFreedPlaces(tx, [seat.sessionId], now);
      return true;
    }
    await releaseSeat(tx, seat, HOLD_EXPIRED_REASON, now);
    const [row] = await tx
      .select({ session: courseSessions, title: orderLines.title, reference: orders.reference, name: users.name, email: users.email })
      .from(sessionSeats)
      .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
      .innerJoin(users, eq(users.id, sessionSeats.userId))
      .leftJoin(orderLines, eq(orderLines.id, sessionSeats.orderLineId))
      .leftJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(sessionSeats.id, seat.id))
      .limit(1);
    await offerFreedPlaces(tx, [seat.sessionId], now);
    if (row) {
      const session = toSessionView(row.session);
      const { publicUrl, business, sessions } = getConfig();
      const dates = formatSessionDays(session.dates);
      const text = [
        `Bună, ${row.name}!`,
        `Locul rezervat pentru tine la sesiunea ${dates} a cursului „${row.title ?? ""}” a fost eliberat: plata prin transfer pentru comanda ${row.reference ?? ""} nu a ajuns în ${sessions.holdDays} zile.`,
        `Dacă ai plătit între timp, scrie-ne la ${business.email}: te înscriem dacă mai este un loc liber, altfel îți returnăm banii. Poți alege și altă sesiune pe site.`,
      ];
      await enqueueMail(
        tx,
        renderMail(row.email, `Locul rezervat a fost eliberat – ${dates}`, {
          title: "Locul rezervat a fost eliberat",
          bodyText: text.join("\n\n"),
          bodyHtml: text.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join(""),
          action: { label: "Vezi sesiunile", url: `${publicUrl}/cursuri/curs/${session.courseId}` },
        }),
      );
    }
    return true;
  });
}
