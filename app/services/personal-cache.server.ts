/**
 * A logged-in user's page data, kept per process (issue 31; docs/decisions/0015-personal-data-cache.md).
 *
 * The key is the user, their data version, the catalogue version and a name for the read:
 * - `users.data_version` is bumped by the database at the commit of every write to the user's
 *   row or to rows of theirs (cart, orders and their lines and deliveries, enrolments, lesson
 *   progress, diplomas, invoices, seats, waiting lists: migration 0025), whatever code made it;
 *   the session's one query reads it (SessionUser.dataVersion). A write of the user's own, an
 *   admin's change of their order, a payment notification: the next request reads a new version
 *   and so a new key. Data read after that version was read is at least as new as the version,
 *   so an entry is never older than the key it is stored under.
 * - the catalogue version (course titles, prices, images, lessons, settings) as the catalogue
 *   cache holds it; while that cache is not listening, nothing is cached here either.
 * - what neither version covers — the clock (a payment deadline, an offer that expires), other
 *   buyers' effect on stock or seats, the delivery methods an admin switches — is bounded by the
 *   entry's age: MAX_AGE_MS, as if the page had been loaded that long ago. Every action checks
 *   those again on the server (a cart shown stale is refused at checkout as stale).
 *
 * Values are frozen when stored: callers share them and must not change them (a change throws).
 */
import { deepFreeze } from "~/lib/deep-freeze";
import { processCatalogueCache } from "~/services/catalogue-cache.server";

export const PERSONAL_MAX_AGE_MS = 10_000;
/** A bound on memory: a few pages' data each for the users active within MAX_AGE_MS. */
const MAX_ENTRIES = 1_000;

export interface DataOwner {
  id: string;
  dataVersion: number;
}

interface Entry {
  storedAt: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
let stats = { hits: 0, misses: 0 };

/**
 * `load()` for this user, shared by their requests while their data and the catalogue are
 * unchanged and the entry is younger than PERSONAL_MAX_AGE_MS. `name` names the read and all of
 * its other inputs (the course id of a player, say).
 */
export function personalData<T>(owner: DataOwner, name: string, load: () => Promise<T>): Promise<T> {
  const catalogue = processCatalogueCache()?.version ?? null;
  if (catalogue === null) return load();
  const key = `${owner.id}\u0000${owner.dataVersion}\u0000${catalogue}\u0000${name}`;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.storedAt < PERSONAL_MAX_AGE_MS) {
    stats.hits++;
    return hit.value as Promise<T>;
  }
  stats.misses++;
  if (hit) entries.delete(key);
  if (entries.size >= MAX_ENTRIES) dropOldest(now);
  const value = load().then(deepFreeze);
  const entry = { storedAt: now, value };
  entries.set(key, entry);
  // A failed read is not remembered.
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Expired entries first; if none, the oldest quarter (Map order is insertion order). */
function dropOldest(now: number) {
  for (const [key, entry] of entries) {
    if (now - entry.storedAt >= PERSONAL_MAX_AGE_MS) entries.delete(key);
  }
  if (entries.size < MAX_ENTRIES) return;
  let drop = Math.ceil(MAX_ENTRIES / 4);
  for (const key of entries.keys()) {
    if (drop-- <= 0) break;
    entries.delete(key);
  }
}

/** For the system page and the tests: entries held, hits and misses since the start. */
export function personalCacheStats() {
  return { entries: entries.size, ...stats };
}

/** Tests: start from nothing. */
export function clearPersonalCache() {
  entries.clear();
  stats = { hits: 0, misses: 0 };
}
