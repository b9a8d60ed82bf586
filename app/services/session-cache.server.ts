/**
 * Sessions kept in memory where one process owns the database: PGlite (issue 31;
 * docs/decisions/0019-session-cache.md).
 *
 * The session's query (models/session.server.ts) runs on every logged-in request; on PGlite it was
 * the largest part of a logged-in page's cost. Here each session found is kept by its id until the
 * database says that it or its user changed:
 * - every update or delete of a `sessions` row and of a `users` row sends NOTIFY session_changed
 *   with the user's id at commit, whatever code made the write (migration 0027): logout, password
 *   reset, the daily extension, account deletion, a role or profile change, and the cart badge and
 *   data version that the database refreshes at the commit of the user's writes. A TRUNCATE sends
 *   an empty payload: everything is dropped.
 * - PGlite runs inside this process and hands the notification over within the committing query:
 *   the writer's `await` returns after the entries are gone. So a session is never served from
 *   memory after the commit that ended or changed it.
 * - a lookup that overlaps a notification is not kept (`stamp()`/`put()`): its row may be older
 *   than the change that was just announced.
 * - nothing is served before listening has started, nor after it stopped; a session past its
 *   expiry is never served; and no entry is older than MAX_AGE_MS, as a bound on anything missed.
 * - a lookup that found nothing is not kept: a new session needs no notification.
 *
 * On PostgreSQL the workers of the cluster would hear a notification only a round trip after the
 * commit, so a logout on one worker could still be accepted by another for that moment: there the
 * cache is not started and every request reads its session from the database.
 */
import type { DatabaseHandle } from "../../db/client";

export const SESSION_CHANNEL = "session_changed";
/** A bound on anything missed (the entries are otherwise exact). */
const MAX_AGE_MS = 60_000;
/** A bound on memory: the sessions used within MAX_AGE_MS, at a few hundred bytes each. */
const MAX_ENTRIES = 10_000;

export interface SessionRow {
  /** The user's id (the notification's payload). */
  id: string;
  expiresAt: Date;
}

interface Entry<Row> {
  row: Row;
  storedAt: number;
}

export class SessionCache<Row extends SessionRow = SessionRow> {
  private entries = new Map<string, Entry<Row>>();
  /** The session ids held per user: a user's notification drops them all. */
  private byUser = new Map<string, Set<string>>();
  /** Bumped by every notification: a lookup that overlapped one is not kept. */
  private changes = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;
  private stats = { hits: 0, misses: 0 };

  constructor(private readonly handle: DatabaseHandle) {}

  async start(): Promise<void> {
    this.stopListening = await this.handle.listen(
      SESSION_CHANNEL,
      (payload) => {
        this.changes++;
        if (payload === "") this.clear();
        else this.dropUser(payload);
      },
      () => {
        // (Re)started: notifications sent meanwhile are lost, so start from nothing.
        this.changes++;
        this.clear();
        this.listening = true;
      },
    );
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.changes++;
    this.clear();
    const stop = this.stopListening;
    this.stopListening = null;
    if (stop) await stop();
  }

  /** The session's row if held, unexpired and younger than MAX_AGE_MS; undefined otherwise. */
  get(sessionId: string, now: number): Row | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (entry && entry.row.expiresAt.getTime() > now && now - entry.storedAt < MAX_AGE_MS) {
      this.stats.hits++;
      return entry.row;
    }
    this.stats.misses++;
    if (entry) this.drop(sessionId, entry.row.id);
    return undefined;
  }

  /** Taken before a lookup in the database; put() keeps the row only if nothing changed since. */
  stamp(): number {
    return this.changes;
  }

  /** Keeps what a lookup that started at `stamp` found (frozen: requests share it). */
  put(sessionId: string, row: Row, stamp: number, now: number): void {
    if (!this.listening || stamp !== this.changes) return;
    if (this.entries.size >= MAX_ENTRIES) this.dropOldest(now);
    const previous = this.entries.get(sessionId);
    if (previous) this.drop(sessionId, previous.row.id);
    this.entries.set(sessionId, { row: Object.freeze(row), storedAt: now });
    let sessions = this.byUser.get(row.id);
    if (!sessions) this.byUser.set(row.id, (sessions = new Set()));
    sessions.add(sessionId);
  }

  /** For the system page and the tests. */
  statistics() {
    return { listening: this.listening, entries: this.entries.size, ...this.stats };
  }

  private dropUser(userId: string) {
    const sessions = this.byUser.get(userId);
    if (!sessions) return;
    for (const sessionId of sessions) this.entries.delete(sessionId);
    this.byUser.delete(userId);
  }

  private drop(sessionId: string, userId: string) {
    this.entries.delete(sessionId);
    const sessions = this.byUser.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(userId);
  }

  /** Entries past MAX_AGE_MS first; if none, the oldest quarter (Map order is insertion order). */
  private dropOldest(now: number) {
    for (const [sessionId, entry] of this.entries) {
      if (now - entry.storedAt >= MAX_AGE_MS) this.drop(sessionId, entry.row.id);
    }
    if (this.entries.size < MAX_ENTRIES) return;
    let excess = this.entries.size - Math.floor((MAX_ENTRIES * 3) / 4);
    for (const [sessionId, entry] of this.entries) {
      if (excess-- <= 0) break;
      this.drop(sessionId, entry.row.id);
    }
  }

  private clear() {
    this.entries.clear();
    this.byUser.clear();
  }
}

let processCache: SessionCache | undefined;

/** The process's session cache (started by startApp on PGlite), or undefined: every lookup is a query. */
export function processSessionCache(): SessionCache | undefined {
  return processCache;
}

export function setProcessSessionCache(cache: SessionCache | undefined) {
  processCache = cache;
}

/** Opens the process's session cache over this database (start-up on PGlite, tests). */
export async function startSessionCache(handle: DatabaseHandle): Promise<SessionCache> {
  const cache = new SessionCache(handle);
  await cache.start();
  setProcessSessionCache(cache);
  return cache;
}
