/**
 * Transactional mail outbox: messages are inserted in the same transaction as the change they
 * announce (an order), so a mail failure never loses or blocks the order. A worker sends them;
 * a failed send is retried with backoff until it goes through. Several app processes can run the
 * worker at once: rows are leased with FOR UPDATE SKIP LOCKED and a claim token.
 *
 * Delivery rule (docs/decisions/0011-mail-at-least-once.md): **at least once, never lost**. Every
 * attempt of a row carries the same Message-ID, so the rare repeat (a process that died after the
 * SMTP server took the message but before the row was marked `sent`) is recognisable and grouped
 * by mail clients. A row in `sending` keeps a lease like a claim; when the lease runs out (its
 * process died mid hand-over) the row is sent again with the same Message-ID.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, getDatabaseHandle, type Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { getConfig } from "~/config.server";
import { log } from "~/log.server";
import { sendMail, type MailAttachmentRef, type MailFile, type MailMessage } from "~/services/mail.server";

/** Renders the files of a message from the references stored with it (an invoice id → its PDF). */
export type AttachmentRenderer = (refs: MailAttachmentRef[] | null | undefined) => Promise<MailFile[]>;

let renderAttachments: AttachmentRenderer = async (refs) => {
  // Never send a message without the file it announces: the send fails and is retried.
  if (refs?.length) throw new Error("mail outbox: no attachment renderer is wired (app/composition.server.ts)");
  return [];
};

/** Set once per process by the composition root (app/composition.server.ts). */
export function setAttachmentRenderer(render: AttachmentRenderer): void {
  renderAttachments = render;
}

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

/** "sent" marks that failed (database away): retried before the next claim and at shutdown. */
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
 * Sends due messages (up to `limit`) with bounded concurrency. A row is claimed (`claimed`, with
 * this run's token and a 30 s lease renewed while the run lasts), then switched to `sending` under
 * that token immediately before its SMTP hand-over (the lease goes on). A row whose lease ran out
 * — `claimed` or `sending` — belongs to a dead run and is claimed again: at least once, with the
 * same Message-ID. A "sent" mark that fails is retried from memory before the next claim. When the
 * worker is stopped mid-run (shutdown) the rows not yet handed over go back to `pending` at once.
 */
export interface OutboxOptions {
  limit?: number;
  send?: (m: MailMessage, files: MailFile[]) => Promise<void>;
  concurrency?: number;
  /** The background worker is stopping: hand over no further row of this batch. */
  stopping?: () => boolean;
}

export async function processOutbox(options: OutboxOptions = {}): Promise<OutboxRun> {
  const db = getDb();
  const send = options.send ?? sendMail;
  const limit = options.limit ?? BATCH_SIZE;
  await flushUnmarked();
  const token = randomUUID();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["pending", "claimed", "sending"]), lte(mailOutbox.nextAttemptAt, sql`now()`)))
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
      .where(and(eq(mailOutbox.claimToken, token), inArray(mailOutbox.status, ["claimed", "sending"])))
      .catch((error: unknown) => log.warn("mail outbox lease renewal failed", { error }));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const sendOne = async (row: (typeof claimed)[number]) => {
    // Still ours? (A run that stalled past its lease may have lost the row to another worker.)
    let mine;
    try {
      [mine] = await db
        .update(mailOutbox)
        .set({ status: "sending", nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
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
      while (next < claimed.length && !options.stopping?.()) {
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
    if (next < claimed.length) await release(claimed.slice(next).map((row) => row.id), token);
  } finally {
    clearInterval(heartbeat);
  }
  return run;
}

/** Stopping: claimed rows this run will not hand over are due again at once, for any worker. */
async function release(ids: string[], token: string): Promise<void> {
  try {
    await getDb()
      .update(mailOutbox)
      .set({ status: "pending", claimToken: null, nextAttemptAt: sql`now()` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.claimToken, token), eq(mailOutbox.status, "claimed")));
  } catch (error) {
    // Their lease (30 s) returns them anyway.
    log.warn("mail outbox: releasing unsent claims at shutdown failed", { count: ids.length, error });
  }
}

let running: Promise<unknown> | null = null;
let stopped = false;
/** The background worker's options (tests pass a fake `send`). */
let workerOptions: OutboxOptions = {};

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
    const run = await processOutbox({ ...workerOptions, stopping: () => stopped });
    if ((run.claimed ?? 0) < (workerOptions.limit ?? BATCH_SIZE)) return;
  }
}

/**
 * Background worker: a run every `intervalMs`; the timer never keeps the process alive. The
 * returned stop function (at shutdown, before the database closes) ends the timer, refuses new
 * runs, lets the hand-overs in progress finish and be marked, releases the rest of the batch and
 * retries marks that failed earlier: afterwards no row of this process is left `claimed` or
 * `sending` unless the database was away (then the lease brings it back).
 */
export function startOutboxWorker(intervalMs = 5_000, options: OutboxOptions = {}): () => Promise<void> {
  stopped = false;
  workerOptions = options;
  const timer = setInterval(kickOutbox, intervalMs);
  timer.unref();
  kickOutbox();
  return async () => {
    clearInterval(timer);
    stopped = true;
    await running;
    await flushUnmarked().catch((error: unknown) => log.warn("mail outbox: final marks failed", { error }));
  };
}
