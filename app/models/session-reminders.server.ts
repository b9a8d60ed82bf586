/**
 * Reminder e-mails before an in-person session (issue 28): SESSION_REMINDER_DAYS (7 and 1 by
 * default) days before its first day, each booked student gets one e-mail with the days, hours,
 * place and what to bring. Exactly once per booking and reminder: the row (seat, days before) in
 * `session_reminders` is inserted in the transaction that queues the e-mail, so a repeated or
 * concurrent run finds it and sends nothing; the hourly job also runs in one process of the
 * cluster only (advisory lock, like e-Factura's). A booking made after a reminder's day does not
 * get that reminder (it just had its confirmation); when the job was down past a reminder's
 * day, only the nearest one due goes out.
 */
import { and, eq, gte, inArray, lte, ne } from "drizzle-orm";
import { getDb, getDatabaseHandle } from "../../db/client";
import { LOCK_IDS } from "../../db/locks";
import { courseSessions, courses, sessionReminders, sessionSeats, users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { todayInBucharest } from "~/lib/dates";
import { formatSessionDays } from "~/lib/sessions";
import { placeOf } from "~/models/course-session.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";
import { log } from "~/log.server";
import { every } from "~/services/schedule.server";

const JOB_LOCK_ID = LOCK_IDS.sessionReminders;
const DAY_MS = 86_400_000;

const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The reminder due for a booking now: the smallest of `reminderDays` that the start is within,
 * among those whose day came after the booking; null when none.
 */
export function dueReminder(reminderDays: readonly number[], startsOn: string, today: string, bookedOn: string): number | null {
  const left = dayNumber(startsOn) - dayNumber(today);
  if (left < 0) return null;
  const due = reminderDays.filter((d) => left <= d && bookedOn < addDays(startsOn, -d));
  return due.length ? Math.min(...due) : null;
}

/** One pass: queues every reminder due now; returns how many were queued. */
export async function sendSessionReminders(now = new Date()): Promise<number> {
  const { reminderDays } = getConfig().sessions;
  if (reminderDays.length === 0) return 0;
  const today = todayInBucharest(now);
  const horizon = addDays(today, Math.max(...reminderDays));
  const rows = await getDb()
    .select({ seat: sessionSeats, session: courseSessions, title: courses.title, name: users.name, email: users.email })
    .from(sessionSeats)
    .innerJoin(courseSessions, eq(courseSessions.id, sessionSeats.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .innerJoin(users, eq(users.id, sessionSeats.userId))
    .where(
      and(
        ne(sessionSeats.status, "released"),
        eq(sessionSeats.waitlistOffer, false),
        inArray(courseSessions.state, ["open", "full", "closed"]),
        gte(courseSessions.startsOn, today),
        lte(courseSessions.startsOn, horizon),
      ),
    );
  let queued = 0;
  for (const row of rows) {
    const days = dueReminder(reminderDays, row.session.startsOn, today, todayInBucharest(row.seat.createdAt));
    if (days === null) continue;
    const sent = await getDb().transaction(async (tx) => {
      const inserted = await tx.insert(sessionReminders).values({ seatId: row.seat.id, daysBefore: days, sentAt: now }).onConflictDoNothing().returning();
      if (inserted.length === 0) return false;
      // The larger reminders not sent (the job was down on their day) never go out late.
      for (const larger of reminderDays.filter((d) => d > days)) {
        await tx.insert(sessionReminders).values({ seatId: row.seat.id, daysBefore: larger, sentAt: now }).onConflictDoNothing();
      }
      await enqueueMail(tx, reminderMail(row, dayNumber(row.session.startsOn) - dayNumber(today)));
      return true;
    });
    if (sent) queued++;
  }
  if (queued > 0) kickOutbox();
  return queued;
}

function reminderMail(
  row: { session: typeof courseSessions.$inferSelect; title: string; name: string; email: string },
  daysLeft: number,
) {
  const { publicUrl, business } = getConfig();
  const when = daysLeft === 0 ? "astăzi" : daysLeft === 1 ? "mâine" : `în ${daysLeft} zile`;
  const days = formatSessionDays(row.session.dates);
  const text = [
    `Bună, ${row.name}!`,
    `Îți amintim că sesiunea cursului „${row.title}” începe ${when}.`,
    `Zile: ${days}\nProgram: ${row.session.startTime}–${row.session.endTime}\nLocul: ${placeOf(row.session)}`,
    row.session.notes ? `De adus: ${row.session.notes}` : "",
    `Dacă nu mai poți veni, scrie-ne la ${business.email} sau sună la ${business.phone}.`,
  ].filter(Boolean);
  return renderMail(row.email, `Cursul începe ${when} – ${days}`, {
    title: `Cursul începe ${when}`,
    bodyText: text.join("\n\n"),
    bodyHtml: text.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join(""),
    action: { label: "Vezi detaliile în contul tău", url: `${publicUrl}/cont` },
  });
}

/** Every hour (first run 3 minutes after start), in one process of the cluster (advisory lock). */
export function startSessionReminders(intervalMs = 3600_000): () => void {
  return every("session reminders", intervalMs, 3 * 60_000, async () => {
    const handle = getDatabaseHandle();
    if (!handle) return;
    const queued = await handle.tryWithLock(JOB_LOCK_ID, () => sendSessionReminders());
    if (queued) log.info("session reminders queued", { queued });
  });
}
