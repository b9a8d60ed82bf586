/**
 * Transactional mail outbox: messages are inserted in the same transaction as the change they
 * announce (an order), so a mail failure never loses or blocks the order. A worker sends them;
 * a failed send is retried with backoff until it goes through. Several app processes can run the
 * worker at once: rows are leased with FOR UPDATE SKIP LOCKED and a claim token (see processOutbox
 * for the at-most-once guarantee).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, getDatabaseHandle, type Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { getConfig } from "~/config.server";
import { log } from "~/services/log.server";
import { renderAttachments } from "~/services/mail-attachments.server";
import { sendMail, type MailMessage } from "~/services/mail.server";

/**
 * A claimed message is invisible to other workers for this long; the worker renews the lease
 * every HEARTBEAT_MS while it works, so a dead process's claims are retaken within 30 s.
 */
const LEASE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;
const MAX_BACKOFF_SECONDS = 3600;
/** Rows claimed per run and SMTP hand-overs in flight at once (the transport pools 5 connections). */
const BATCH_SIZE = 100;
const CONCURRENCY = 10;

export async function enqueueMail(executor: Executor, messages: MailMessage | MailMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  await executor.insert(mailOutbox).values(
    list.map((m) => ({ toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html, attachments: m.attachments ?? [] })),
  );
}

export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRun {
  sent: number;
  failed: number;
  /** How many rows the run claimed (a full batch means more may be waiting). */
  claimed?: number;
}

/** The Message-ID of an outbox row: the same for every attempt, so a repeat is recognisable. */
export function outboxMessageId(id: string): string {
  const domain = (getConfig().mail.from.match(/@([^>\s]+)/)?.[1] ?? "localhost").toLowerCase();
  return `<outbox-${id}@${domain}>`;
}

/** "sent" marks that failed (database away): retried before the next claim, never resent. */
const unmarked = new Map<string, string>(); // row id → claim token

/**
 * Rows whose switch to `sending` may or may not have committed (the database went away): never
 * handed to SMTP, so they go back to `pending` once the database answers.
 */
const unsent = new Map<string, string>(); // row id → claim token

async function flushUnmarked(): Promise<void> {
  for (const [id, token] of unsent) {
    await getDb()
      .update(mailOutbox)
      .set({ status: "pending", claimToken: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token), inArray(mailOutbox.status, ["claimed", "sending"])));
    unsent.delete(id);
  }
  for (const [id, token] of unmarked) {
    await getDb()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), lastError: null, claimToken: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token)));
    unmarked.delete(id);
  }
}

/**
 * Sends due messages (up to `limit`) with bounded concurrency. At most once: a row is claimed
 * (`claimed`, with this run's token and a 30 s lease renewed while the run lasts), then switched to
 * `sending` under that token immediately before its SMTP hand-over; a row in `sending` is never
 * claimed again. A "sent" mark that fails is retried in memory; if the process dies first, the
 * row stays `sending` (delivery unknown; its Message-ID identifies it) rather than going out twice.
 */
export async function processOutbox(
  options: {
    limit?: number;
    send?: (m: MailMessage, files: Awaited<ReturnType<typeof renderAttachments>>) => Promise<void>;
    concurrency?: number;
  } = {},
): Promise<OutboxRun> {
  const db = getDb();
  const send = options.send ?? sendMail;
  const limit = options.limit ?? BATCH_SIZE;
  await flushUnmarked();
  const token = randomUUID();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["pending", "claimed"]), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      status: "claimed",
      claimToken: token,
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();

  const run: OutboxRun = { sent: 0, failed: 0, claimed: claimed.length };
  if (claimed.length === 0) return run;
  const heartbeat = setInterval(() => {
    void db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(and(eq(mailOutbox.claimToken, token), eq(mailOutbox.status, "claimed")))
      .catch((error: unknown) => log.warn("mail outbox lease renewal failed", { error }));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const sendOne = async (row: (typeof claimed)[number]) => {
    // Still ours? (A run that stalled past its lease may have lost the row to another worker.)
    let mine;
    try {
      [mine] = await db
        .update(mailOutbox)
        .set({ status: "sending" })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, token), eq(mailOutbox.status, "claimed")))
        .returning({ id: mailOutbox.id });
    } catch (error) {
      unsent.set(row.id, token);
      throw error;
    }
    if (!mine) return;
    try {
      const message = {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: row.attachments,
        messageId: outboxMessageId(row.id),
      };
      await send(message, await renderAttachments(row.attachments));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      run.failed++;
      log.warn("mail send failed; will retry", { id: row.id, attempt: row.attempts, error: message });
      unsent.set(row.id, token); // until the backoff below is recorded
      await db
        .update(mailOutbox)
        .set({
          status: "pending",
          claimToken: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, token)));
      unsent.delete(row.id);
      return;
    }
    run.sent++;
    try {
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, claimToken: null })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, token)));
    } catch (error) {
      unmarked.set(row.id, token);
      log.warn("mail sent but not yet marked sent; will mark it later (never resent)", { id: row.id, error });
    }
  };

  try {
    let next = 0;
    const lanes = Array.from({ length: Math.min(options.concurrency ?? CONCURRENCY, claimed.length) }, async () => {
      while (next < claimed.length) {
        const row = claimed[next++];
        try {
          await sendOne(row);
        } catch (error) {
          // The database went away between steps: the row is retaken after its lease (claimed)
          // or stays `sending` (never resent).
          log.warn("mail outbox step failed", { id: row.id, error });
        }
      }
    });
    await Promise.all(lanes);
  } finally {
    clearInterval(heartbeat);
  }
  return run;
}

let running: Promise<unknown> | null = null;
let stopped = false;

/**
 * Runs the outbox now unless a run is in progress (called after commits that queue mail): it
 * keeps draining batch after batch while full batches come back, so a busy day never waits for
 * the timer.
 */
export function kickOutbox(): void {
  if (running || stopped || !getDatabaseHandle()) return;
  running = drain()
    .catch((error: unknown) => log.error("mail outbox run failed", { error }))
    .finally(() => {
      running = null;
    });
}

/** Resolves when no outbox run is in progress (tests: a kicked run may still be sending). */
export async function outboxIdle(): Promise<void> {
  await running;
}

async function drain(): Promise<void> {
  while (!stopped) {
    const run = await processOutbox();
    if ((run.claimed ?? 0) < BATCH_SIZE) return;
  }
}

/**
 * Background worker: a run every `intervalMs`; the timer never keeps the process alive. The
 * returned stop function (at shutdown, before the database closes) ends the timer, refuses new
 * runs and waits for the one in progress; unsent messages stay queued for the next start.
 */
export function startOutboxWorker(intervalMs = 5_000): () => Promise<void> {
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
