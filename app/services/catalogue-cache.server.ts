/**
 * The catalogue (published courses with their price options, products, legal pages) kept in
 * memory per process, for one catalogue version. Every write to those tables bumps
 * `catalogue_version` in its own transaction and sends NOTIFY catalogue_changed at commit
 * (migration 0004, a statement trigger: no admin write can forget it). Each process LISTENs
 * and drops its entries when a notification arrives; PGlite delivers it inside the committing
 * query, PostgreSQL to every worker within a round trip of the commit. When listening restarts
 * after a lost connection (notifications lost meanwhile) and every VERIFY_MS the stored version
 * is read again as a safety net. While not listening, every read goes to the database.
 */
import { eq, sql } from "drizzle-orm";
import { type DatabaseHandle, getDb } from "../../db/client";
import { catalogueVersion } from "../../db/schema";
import { log } from "~/log.server";

export const CATALOGUE_CHANNEL = "catalogue_changed";
const VERIFY_MS = 10_000;
/** A bound, whatever the catalogue's size: one entry per list, detail page or legal page. */
const MAX_ENTRIES = 2_000;

type Listener = (version: number | null) => void;

export class CatalogueCache {
  private entries = new Map<string, Promise<unknown>>();
  /** When each getFresh() entry was loaded. */
  private stamps = new Map<string, number>();
  /** The version the entries belong to; null while not listening (no caching). */
  private current: number | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<Listener>();

  constructor(private readonly handle: DatabaseHandle) {}

  /** The catalogue version this process serves from memory; null when it is not caching. */
  get version(): number | null {
    return this.current;
  }

  async start(): Promise<void> {
    this.stopListening = await this.handle.listen(
      CATALOGUE_CHANNEL,
      // A notification of the version this process already holds (its own write, read back by
      // catalogueWritten before the NOTIFY arrived) changes nothing: its entries were loaded
      // after that commit. Nor does one of an older version arriving late (versions only grow;
      // a restored database that went back is caught by the next verify).
      (payload) => {
        const parsed = Number(payload);
        const version = payload !== "" && Number.isSafeInteger(parsed) ? parsed : null;
        if (version !== null && this.current !== null && version <= this.current) return;
        this.set(version);
      },
      () => {
        // (Re)started: whatever was missed meanwhile, start from the stored version.
        this.set(null);
        void this.verify();
      },
    );
    await this.verify();
    this.timer = setInterval(() => void this.verify(), VERIFY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const stop = this.stopListening;
    this.stopListening = null;
    this.set(null);
    if (stop) await stop();
  }

  /** Reads the stored version; a different one drops the entries. */
  async verify(): Promise<void> {
    if (!this.stopListening) return;
    try {
      const [row] = await this.handle.db
        .select({ version: catalogueVersion.version })
        .from(catalogueVersion)
        .where(eq(catalogueVersion.id, 1));
      const stored = row?.version ?? 0;
      if (this.stopListening !== null && stored !== this.current) this.set(stored);
    } catch (error) {
      // Database unreachable: serve nothing from memory until it answers again.
      if (this.current !== null) log.warn("catalogue version check failed; cache off", { error });
      this.set(null);
    }
  }

  /** Called with the new version (null: caching off) whenever the entries are dropped. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(version: number | null) {
    this.entries.clear();
    this.stamps.clear();
    this.current = version;
    for (const listener of this.listeners) listener(version);
  }

  /**
   * Like get(), but an entry older than maxAgeMs is loaded again: for catalogue data that also
   * moves without a catalogue change (the places left in a session, which every sale changes).
   */
  getFresh<T>(key: string, maxAgeMs: number, load: () => Promise<T>): Promise<T> {
    if (this.current === null) return load();
    const stamped = this.stamps.get(key);
    if (stamped !== undefined && Date.now() - stamped >= maxAgeMs && this.entries.has(key)) {
      this.entries.delete(key);
    }
    if (!this.entries.has(key)) this.stamps.set(key, Date.now());
    return this.get(key, load);
  }

  /** The value for key in the current version, loaded once (concurrent callers share the load). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.current === null) return load();
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    if (this.entries.size >= MAX_ENTRIES) {
      this.entries.clear();
      this.stamps.clear();
    }
    const pending = load();
    this.entries.set(key, pending);
    // A failed load is not remembered; a load overtaken by a new version was cleared with it.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}

let processCache: CatalogueCache | undefined;

/** The process's cache (started by startApp), or undefined: then every read is a query. */
export function processCatalogueCache(): CatalogueCache | undefined {
  return processCache;
}

export function setProcessCatalogueCache(cache: CatalogueCache | undefined) {
  processCache = cache;
}

/** Opens the process's cache over this database (start-up, tests). */
export async function startCatalogueCache(handle: DatabaseHandle): Promise<CatalogueCache> {
  const cache = new CatalogueCache(handle);
  await cache.start();
  setProcessCatalogueCache(cache);
  return cache;
}

/** A catalogue read through the process cache. Callers must not mutate what they get. */
export function cachedCatalogue<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = processCatalogueCache();
  return cache ? cache.get(key, load) : load();
}

/** A catalogue read kept at most maxAgeMs (CatalogueCache.getFresh). Callers must not mutate it. */
export function cachedCatalogueFresh<T>(key: string, maxAgeMs: number, load: () => Promise<T>): Promise<T> {
  const cache = processCatalogueCache();
  return cache ? cache.getFresh(key, maxAgeMs, load) : load();
}

/**
 * Call after an admin's catalogue write has committed: this process reads the stored version at
 * once, so the admin's own next request (the redirect after a save) never sees the old entries.
 * Other processes drop theirs on the NOTIFY sent at commit (or at their next 10 s check).
 */
export async function catalogueWritten(): Promise<void> {
  await processCatalogueCache()?.verify();
}

/**
 * For a change the catalogue tables' triggers cannot see (files in storage, e.g. a picture width
 * made for an existing image): bumps the version and sends the NOTIFY exactly as their trigger
 * function does (migration 0005; a trigger function cannot be called directly), then
 * catalogueWritten().
 */
export async function announceCatalogueChange(): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(catalogueVersion)
      .set({ version: sql`${catalogueVersion.version} + 1` })
      .where(eq(catalogueVersion.id, 1))
      .returning({ version: catalogueVersion.version });
    if (row) await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${String(row.version)})`);
  });
  await catalogueWritten();
}

/** `write`, then catalogueWritten(): the result of `write` is returned unchanged. */
export async function afterCatalogueWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  await catalogueWritten();
  return result;
}
