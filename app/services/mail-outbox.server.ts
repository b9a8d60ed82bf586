/**
 * Transactional mail outbox: messages are inserted in the same transaction as the change they
 * announce (an order), so a mail failure never loses or blocks the order. A worker sends them;
 * a failed send is retried with backoff until it goes through. Several app processes can run the
 * worker at once: rows are leased with FOR UPDATE SKIP LOCKED.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, getDatabaseHandle, type Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { log } from "~/services/log.server";
import { sendMail, type MailMessage } from "~/services/mail.server";

/** A claimed message is invisible to other workers for this long (a send never takes longer). */
const LEASE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;

export async function enqueueMail(executor: Executor, messages: MailMessage | MailMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  await executor.insert(mailOutbox).values(
    list.map((m) => ({ toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html })),
  );
}

export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRun {
  sent: number;
  failed: number;
}

/** Sends due messages (up to `limit`). Returns how many were sent and how many failed. */
export async function processOutbox(options: { limit?: number; send?: (m: MailMessage) => Promise<void> } = {}): Promise<OutboxRun> {
  const db = getDb();
  const send = options.send ?? sendMail;
  const limit = options.limit ?? 20;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();

  const run: OutboxRun = { sent: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      await db.update(mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id));
      run.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(eq(mailOutbox.id, row.id));
      run.failed++;
      log.warn("mail send failed; will retry", { id: row.id, attempt: row.attempts, error: message });
    }
  }
  return run;
}

let running: Promise<unknown> | null = null;
let stopped = false;

/** Runs the outbox now unless a run is in progress (called after commits that queue mail). */
export function kickOutbox(): void {
  if (running || stopped || !getDatabaseHandle()) return;
  running = processOutbox()
    .catch((error: unknown) => log.error("mail outbox run failed", { error }))
    .finally(() => {
      running = null;
    });
}

/**
 * Background worker: a run every `intervalMs`; the timer never keeps the process alive. The
 * returned stop function (at shutdown, before the database closes) ends the timer, refuses new
 * runs and waits for the one in progress; unsent messages stay queued for the next start.
 */
export function startOutboxWorker(intervalMs = 30_000): () => Promise<void> {
  stopped = false;
  const timer = setInterval(kickOutbox, intervalMs);
  timer.unref();
  kickOutbox();
  return async () => {
    clearInterval(timer);
    stopped = true;
    await running;
  };
}
