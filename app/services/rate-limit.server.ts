/**
 * Fixed-window rate limits stored in PostgreSQL (table rate_limits), so every app process
 * counts the same attempts (DESIGN §8). One atomic `insert … on conflict do update` per hit:
 * concurrent requests each get their own count, and an expired window restarts at 1.
 *
 * Client IP — trust assumption: the app runs behind TRUSTED_PROXY_HOPS reverse proxies / load
 * balancers (default 1) that each append the address they saw to X-Forwarded-For, as nginx's
 * $proxy_add_x_forwarded_for, AWS ALB and Cloudflare do. The client IP is the entry that many
 * places from the right: anything further left was sent by the client itself and could be
 * forged, so it is never used. Without the header, X-Real-IP, else "unknown". remix-serve does
 * not hand the socket address to the app, so a site exposed without any proxy cannot tell
 * clients apart by IP; the per-account limits hold either way.
 */
import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { getConfig } from "~/config.server";
import { log } from "~/services/log.server";

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
/** Tests only: a fake clock (pass null to restore the real one). */
export function setRateLimitClockForTests(fake: (() => Date) | null) {
  clock = fake ?? (() => new Date());
}

export function clientIp(request: Request, hops = getConfig().trustedProxyHops): string {
  const entries = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const forwarded = entries[Math.max(0, entries.length - hops)];
  if (forwarded) return forwarded.slice(0, 64);
  const real = request.headers.get("X-Real-IP")?.trim();
  if (real) return real.slice(0, 64);
  return "unknown";
}

/** A key that does not store the e-mail address itself. */
export function accountKey(scope: string, email: string): string {
  return `${scope}:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

export function ipKey(scope: string, request: Request): string {
  return `${scope}:ip:${clientIp(request)}`;
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

/** Counts one attempt against every key; blocked when any of them is over its limit. */
export async function hitAll(keys: string[], rule: LimitRule): Promise<LimitResult> {
  const results = await Promise.all(keys.map((key) => hit(key, rule)));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return results[0];
  return blocked.reduce((a, b) => (a.retryAfterMs >= b.retryAfterMs ? a : b));
}

/** Gives back one attempt (e.g. a login that turned out to be correct does not count). */
export async function refund(key: string): Promise<void> {
  await getDb()
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearLimit(key: string): Promise<void> {
  await getDb().delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Rarely (about 1 in 200 hits) delete windows that ended, so the table stays small. */
function maybeCleanUp(now: Date) {
  if (Math.random() > 0.005) return;
  getDb()
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, now))
    .catch((error: unknown) => log.warn("rate limit clean-up failed", { error }));
}

// ─── The app's limits (configured by RATE_LIMIT_* variables) ─────────────────────────────────

/** Login: a failed attempt counts per e-mail and per IP; call `forgiveLogin` after a success. */
export function hitLogin(request: Request, email: string) {
  return hitAll([accountKey("login", email), ipKey("login", request)], getConfig().rateLimits.login);
}

/** A correct password: this attempt does not count, and the account's failures are forgotten. */
export async function forgiveLogin(request: Request, email: string) {
  await Promise.all([clearLimit(accountKey("login", email)), refund(ipKey("login", request))]);
}

export function hitRegister(request: Request) {
  return hit(ipKey("register", request), getConfig().rateLimits.register);
}

/** Reset requests: per IP, and per address so nobody can flood one inbox. */
export function hitPasswordReset(request: Request, email: string) {
  return hitAll([ipKey("reset", request), accountKey("reset", email)], getConfig().rateLimits.reset);
}
