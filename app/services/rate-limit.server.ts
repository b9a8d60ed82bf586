/**
 * Fixed-window rate limits stored in PostgreSQL (table rate_limits), so every app process
 * counts the same attempts (docs/architecture.md §8). One atomic `insert … on conflict do update` per hit:
 * concurrent requests each get their own count, and an expired window restarts at 1.
 *
 * Client IP — trust assumption: the app runs behind TRUSTED_PROXY_HOPS reverse proxies / load
 * balancers (default 1) that each append the address they saw to X-Forwarded-For, as nginx's
 * $proxy_add_x_forwarded_for, AWS ALB and Cloudflare do. The client IP is the entry that many
 * places from the right: anything further left was sent by the client itself and could be
 * forged, so it is never used. Without the header, X-Real-IP, else no address is known: remix-serve
 * does not hand the socket address to the app. Then per-IP limits are skipped — never one shared
 * bucket in which one client's failures lock every other client out (issue 14 finding 3) — and
 * the per-account limits hold.
 *
 * Login lock-out cannot be used against the account's owner: the product spec's (docs/product.md) fixed limit counts per
 * account *and* client address, so failures from elsewhere do not touch the owner's bucket; per
 * account alone (every address, and when no address is known) failures only add increasing delays
 * (`hitBackoff`: free tries, then 30 s, 1, 2, 4, 8 minutes… up to the window); the owner's known
 * device skips both (see hitLogin). Per address only failures count (a shared address is a
 * classroom, not an attacker).
 */
import { createHash } from "node:crypto";
import { eq, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { getConfig } from "~/config.server";
import { knowsAccount, type KnownDevice } from "~/services/known-device.server";
import { log } from "~/log.server";
import { registerClockSeam } from "../test-support.server";

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  resetAt: Date;
  /** Milliseconds until the window ends (0 when allowed). */
  retryAfterMs: number;
}

let clock: () => Date = () => new Date();
registerClockSeam((fake) => {
  clock = fake ?? (() => new Date());
});

export function clientIp(request: Request, hops = getConfig().trustedProxyHops): string | null {
  const entries = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const forwarded = entries[Math.max(0, entries.length - hops)];
  if (forwarded) return forwarded.slice(0, 64);
  const real = request.headers.get("X-Real-IP")?.trim();
  if (real) return real.slice(0, 64);
  return null;
}

/** A key that does not store the e-mail address itself. */
export function accountKey(scope: string, email: string): string {
  return `${scope}:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

/** Null when no client address is known: no shared "unknown" bucket. */
export function ipKey(scope: string, request: Request): string | null {
  const ip = clientIp(request);
  return ip === null ? null : `${scope}:ip:${ip}`;
}

/** Per account and client address; null when no address is known. */
export function accountIpKey(scope: string, email: string, request: Request): string | null {
  const ip = clientIp(request);
  return ip === null ? null : `${accountKey(scope, email)}:ip:${createHash("sha256").update(ip).digest("hex").slice(0, 16)}`;
}

/** Counts one attempt against `key` and says whether it is within the limit. */
export async function hit(key: string, rule: LimitRule): Promise<LimitResult> {
  const now = clock();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowSql} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  maybeCleanUp(now);
  const allowed = row.count <= rule.max;
  return {
    allowed,
    count: row.count,
    resetAt: row.resetAt,
    retryAfterMs: allowed ? 0 : Math.max(0, row.resetAt.getTime() - now.getTime()),
  };
}

const ALLOWED: LimitResult = { allowed: true, count: 0, resetAt: new Date(0), retryAfterMs: 0 };

function worst(results: LimitResult[]): LimitResult {
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return results[0] ?? ALLOWED;
  return blocked.reduce((a, b) => (a.retryAfterMs >= b.retryAfterMs ? a : b));
}

/** Counts one attempt against every key (null keys are skipped); blocked when any is over its limit. */
export async function hitAll(keys: Array<string | null>, rule: LimitRule): Promise<LimitResult> {
  return worst(await Promise.all(keys.filter((key): key is string => key !== null).map((key) => hit(key, rule))));
}

/** The first delay after the free attempts; each further failure doubles it, up to the window. */
export const BACKOFF_BASE_MS = 30_000;

export function backoffDelayMs(failures: number, rule: LimitRule): number {
  if (failures <= rule.max) return 0;
  return Math.min(rule.windowMs, BACKOFF_BASE_MS * 2 ** Math.min(20, failures - rule.max - 1));
}

/**
 * Increasing delays: `rule.max` attempts are free, then each one sets a wait before the next
 * (backoffDelayMs). An attempt made while waiting is refused and not counted, so hammering does
 * not lengthen the wait. The count is forgotten a window after the last counted attempt. Row:
 * count = attempts, reset_at = the end of the current wait (or the last attempt's time).
 */
export async function hitBackoff(key: string, rule: LimitRule): Promise<LimitResult> {
  const now = clock();
  const [row] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, key));
  if (row && row.resetAt > now) {
    return { allowed: false, count: row.count, resetAt: row.resetAt, retryAfterMs: row.resetAt.getTime() - now.getTime() };
  }
  const count = row && row.resetAt.getTime() + rule.windowMs > now.getTime() ? row.count + 1 : 1;
  const resetAt = new Date(now.getTime() + backoffDelayMs(count, rule));
  await getDb()
    .insert(rateLimits)
    .values({ key, count, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } });
  return { allowed: true, count, resetAt, retryAfterMs: 0 };
}

export async function clearLimit(key: string): Promise<void> {
  await getDb().delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes the windows that ended before `now`; how many. Also run on a schedule (housekeeping). */
export async function deleteEndedWindows(now: Date = clock()): Promise<number> {
  const deleted = await getDb().delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

/** Rarely (about 1 in 200 hits) delete windows that ended, so the table stays small. */
function maybeCleanUp(now: Date) {
  if (Math.random() > 0.005) return;
  deleteEndedWindows(now).catch((error: unknown) => log.warn("rate limit clean-up failed", { error }));
}

// ─── The app's limits (configured by RATE_LIMIT_* variables) ─────────────────────────────────

/** The first wait at an address once half of its failures are used up; it doubles per failure. */
export const ADDRESS_DELAY_BASE_MS = 1_000;
export const ADDRESS_DELAY_MAX_MS = 60_000;

export function addressDelayMs(failures: number, rule: LimitRule): number {
  const free = Math.floor(rule.max / 2);
  if (failures <= free) return 0;
  return Math.min(ADDRESS_DELAY_MAX_MS, ADDRESS_DELAY_BASE_MS * 2 ** Math.min(20, failures - free - 1));
}

const addressWaitKey = (key: string) => `${key}:wait`;

/**
 * The per-address login limit (failures only): blocked while the address waits after a failure
 * (`addressDelayMs`) or once it reached `rule.max` failures in the window. Reads, counts nothing.
 */
async function checkAddress(request: Request, rule: LimitRule): Promise<LimitResult> {
  const key = ipKey("login", request);
  if (!key) return ALLOWED;
  const now = clock();
  const rows = await getDb()
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [key, addressWaitKey(key)]));
  const blocked = rows
    .filter((row) => row.resetAt > now && (row.key !== key || row.count >= rule.max))
    .map((row) => ({ allowed: false, count: row.count, resetAt: row.resetAt, retryAfterMs: row.resetAt.getTime() - now.getTime() }));
  return blocked.length ? worst(blocked) : ALLOWED;
}

/**
 * Login limits (issue 26, after OWASP's authentication guidance: failures count, successes do
 * not, and nobody is locked out by other people's failures):
 * - from a device that logged in to this account before (known-device.server.ts): that device's
 *   own fixed window (`login` rule), nothing else;
 * - otherwise: the account at this address (the product spec's (docs/product.md) fixed `login` window), the account from
 *   any address (increasing delays, `hitBackoff`), and the address's failures across accounts
 *   (`loginAddress`: e.g. 50 an hour, with short growing waits from half of that on). These
 *   account attempts are counted before the password is checked (a burst of parallel guesses
 *   cannot overshoot) and forgotten after a success; the address only counts failures
 *   (`recordLoginFailure`), so a classroom of correct logins never fills it.
 */
export async function hitLogin(request: Request, email: string, device: KnownDevice | null = null): Promise<LimitResult> {
  const { login: rule, loginAddress } = getConfig().rateLimits;
  if (knowsAccount(device, email)) return hit(deviceKey(email, device), rule);
  const address = await checkAddress(request, loginAddress);
  if (!address.allowed) return address;
  const [fixed, backoff] = await Promise.all([hitAll([accountIpKey("login", email, request)], rule), hitBackoff(accountKey("login", email), rule)]);
  return worst([fixed, backoff]);
}

function deviceKey(email: string, device: KnownDevice): string {
  return `${accountKey("login", email)}:device:${device.id}`;
}

/** A wrong password: one more failure for the client address (its growing wait may start). */
export async function recordLoginFailure(request: Request): Promise<void> {
  const key = ipKey("login", request);
  if (!key) return;
  const rule = getConfig().rateLimits.loginAddress;
  const { count } = await hit(key, rule);
  const delay = addressDelayMs(count, rule);
  if (delay === 0) return;
  const resetAt = new Date(clock().getTime() + delay);
  await getDb()
    .insert(rateLimits)
    .values({ key: addressWaitKey(key), count, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } });
}

/** A correct password: the account's attempts are forgotten (the address keeps its failures). */
export async function forgiveLogin(request: Request, email: string, device: KnownDevice | null = null) {
  const perAddress = accountIpKey("login", email, request);
  await Promise.all([
    clearLimit(accountKey("login", email)),
    perAddress ? clearLimit(perAddress) : null,
    device ? clearLimit(deviceKey(email, device)) : null,
  ]);
}

/** Per client address; not limited when no address is known (there is no account yet). */
export function hitRegister(request: Request) {
  return hitAll([ipKey("register", request)], getConfig().rateLimits.register);
}

/** Reset requests: per IP, and per address so nobody can flood one inbox. */
export function hitPasswordReset(request: Request, email: string) {
  return hitAll([ipKey("reset", request), accountKey("reset", email)], getConfig().rateLimits.reset);
}
