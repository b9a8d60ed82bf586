/**
 * The last errors for /admin/sistem (docs/product.md §10): every `log.error` of this process is
 * counted under its message with personal data scrubbed out (lib/scrub.ts: e-mails, numbers,
 * tokens, query strings), in memory, and written to `system_errors` (one row per message: count,
 * first and last seen) every few seconds in one statement, so a burst of errors (the database
 * gone, say) costs one write, not one per error. Every worker of the cluster writes into the same
 * rows. Groups not seen for 30 days are deleted. A failed write (the database away) keeps its
 * counts for the next one, and is printed, never logged as an error (that would count itself).
 */
import { desc, lt, sql } from "drizzle-orm";
import { getDatabaseHandle, getDb } from "../../db/client";
import { systemErrors } from "../../db/schema";
import { onErrorLogged } from "~/log.server";
import { scrubPersonalData } from "~/lib/scrub";

const DAY = 24 * 3600_000;
/** Groups not seen for this long are deleted. */
export const ERROR_KEEP_DAYS = 30;
/** Distinct messages held between two writes; more in a burst are only counted in the log. */
const MAX_PENDING = 100;

type Pending = { count: number; first: Date; last: Date };
const pending = new Map<string, Pending>();
let lastPrune = 0;

/** What one logged error is stored as: the log message, the request, the error, scrubbed. */
export function errorGroupText(message: string, detail: { error?: string; method?: string; path?: string }): string {
  const request = detail.path ? ` (${detail.method ? `${detail.method} ` : ""}${detail.path})` : "";
  return scrubPersonalData(`${message}${request}${detail.error ? `: ${detail.error.split("\n")[0]}` : ""}`);
}

function count(message: string, detail: { error?: string; method?: string; path?: string }, at = new Date()) {
  const text = errorGroupText(message, detail);
  const entry = pending.get(text);
  if (entry) {
    entry.count++;
    entry.last = at;
  } else if (pending.size < MAX_PENDING) pending.set(text, { count: 1, first: at, last: at });
}

/** Writes what was counted since the last write (and deletes groups older than 30 days, hourly). */
export async function flushErrors(now = new Date()): Promise<void> {
  if (!getDatabaseHandle()) return;
  const rows = [...pending.entries()].map(([message, p]) => ({ message, count: p.count, firstSeenAt: p.first, lastSeenAt: p.last }));
  pending.clear();
  const db = getDb();
  if (rows.length) {
    try {
      await db
        .insert(systemErrors)
        .values(rows)
        .onConflictDoUpdate({
          target: systemErrors.message,
          set: {
            count: sql`${systemErrors.count} + excluded.count`,
            lastSeenAt: sql`greatest(${systemErrors.lastSeenAt}, excluded.last_seen_at)`,
          },
        });
    } catch (error) {
      // The database away (the errors are likely about that): kept for the next write.
      for (const row of rows) {
        const entry = pending.get(row.message);
        if (entry) {
          entry.count += row.count;
          entry.first = row.firstSeenAt;
        } else if (pending.size < MAX_PENDING) pending.set(row.message, { count: row.count, first: row.firstSeenAt, last: row.lastSeenAt });
      }
      throw error;
    }
  }
  if (now.getTime() - lastPrune >= 3600_000) {
    lastPrune = now.getTime();
    await db.delete(systemErrors).where(lt(systemErrors.lastSeenAt, new Date(now.getTime() - ERROR_KEEP_DAYS * DAY)));
  }
}

/** Counts this process's errors from now on and writes them every `intervalMs`; returns the stop (which writes the rest). */
export function startErrorLog(intervalMs = 5000): () => Promise<void> {
  const unsubscribe = onErrorLogged((message, detail) => count(message, detail));
  const write = () =>
    flushErrors().catch((error: unknown) => {
      console.error(`warn could not store the last errors: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    });
  const timer = setInterval(() => void write(), intervalMs);
  timer.unref();
  return async () => {
    unsubscribe();
    clearInterval(timer);
    await write();
  };
}

export interface ErrorGroup {
  message: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** The most recently seen error groups, newest first. */
export async function lastErrors(limit = 20): Promise<ErrorGroup[]> {
  return getDb().select().from(systemErrors).orderBy(desc(systemErrors.lastSeenAt)).limit(limit);
}
