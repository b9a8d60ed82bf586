/**
 * Reads kept in memory until the database announces a change to the tables they read, where one
 * process owns the database: PGlite (issue 31; docs/decisions/0019-session-cache.md).
 *
 * A feed LISTENs on one channel; statement triggers on the tables behind it send NOTIFY at the
 * commit of every write, whatever code made it (migration 0028 for the admin's order lists). Each
 * notification starts a new generation, and a value is served only in the generation its read
 * started in: a read that overlapped a commit is used by its own caller and never again.
 * PGlite hands the notification over within the committing query, so the writer's next request
 * already misses. Nothing is kept before listening starts or after it stops, and no entry is
 * older than the feed's maxAgeMs (a bound on what no table write announces, such as the clock).
 *
 * On PostgreSQL a worker hears a notification a round trip after the commit, and an admin's
 * redirect after a save could read the list from before it: there no feed is started and every
 * read goes to the database.
 *
 * Values are frozen when stored: requests share them and must not change them.
 */
import type { DatabaseHandle } from "../../db/client";
import { deepFreeze } from "~/lib/deep-freeze";

/** The admin's order lists: orders, their deliveries and events, card notifications (migration 0028). */
export const ORDERS_CHANNEL = "orders_changed";
const FEED_CHANNELS = [ORDERS_CHANNEL] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

const MAX_AGE_MS = 60_000;
/** A bound on memory, whatever the callers' keys. */
const MAX_ENTRIES = 200;

interface Entry {
  generation: number;
  storedAt: number;
  value: Promise<unknown>;
}

export class ChangeFeed {
  private generation = 0;
  private listening = false;
  private entries = new Map<string, Entry>();
  private stopListening: (() => Promise<void>) | null = null;
  private stats = { hits: 0, misses: 0 };

  constructor(
    private readonly handle: DatabaseHandle,
    readonly channel: string,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.handle.listen(
      this.channel,
      () => this.changed(),
      () => {
        // (Re)started: whatever was missed meanwhile, nothing held before counts.
        this.changed();
        this.listening = true;
      },
    );
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.changed();
    const stop = this.stopListening;
    this.stopListening = null;
    if (stop) await stop();
  }

  /** `load()`, shared by the requests of one generation; kept at most MAX_AGE_MS. */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && now - hit.storedAt < MAX_AGE_MS) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    this.stats.misses++;
    if (!hit && this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load().then(deepFreeze);
    const entry = { generation: this.generation, storedAt: now, value };
    this.entries.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** For the bench and the tests. */
  statistics() {
    return { listening: this.listening, entries: this.entries.size, ...this.stats };
  }

  private changed() {
    this.generation++;
    this.entries.clear();
  }
}

const feeds = new Map<string, ChangeFeed>();

/** Starts this process's feeds over the database (start-up on PGlite, tests). */
export async function startChangeFeeds(handle: DatabaseHandle): Promise<void> {
  for (const channel of FEED_CHANNELS) {
    const feed = new ChangeFeed(handle, channel);
    await feed.start();
    feeds.set(channel, feed);
  }
}

export async function stopChangeFeeds(): Promise<void> {
  const stopping = [...feeds.values()];
  feeds.clear();
  for (const feed of stopping) await feed.stop();
}

export function processChangeFeed(channel: FeedChannel): ChangeFeed | undefined {
  return feeds.get(channel);
}

/** A read through the channel's feed when this process runs one; otherwise straight to the database. */
export function cachedUntilChange<T>(channel: FeedChannel, key: string, load: () => Promise<T>): Promise<T> {
  const feed = feeds.get(channel);
  return feed ? feed.cached(key, load) : load();
}
