/**
 * Issue 31: where one process owns the database (PGlite), sessions are kept in memory
 * (services/session-cache.server.ts) and dropped when the database announces a change to the
 * session or its user (migration 0027). What a user sees must never lag behind a commit: a logout,
 * a password reset, a role change, an account deletion or an expiry counts at the very next request,
 * without waiting for anything. On PostgreSQL the site does not keep sessions in memory (every
 * request reads its session), so the cache's own checks always run on a PGlite database, and the
 * lookup without the cache on the run's database (PostgreSQL in CI).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { countQueries, getDb } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { addProductToCart } from "~/models/cart.server";
import { destroyUserSessions, getUser, hashToken, SESSION_DAYS } from "~/models/session.server";
import { action as logoutAction } from "~/routes/logout";
import { processSessionCache, setProcessSessionCache, startSessionCache, type SessionCache } from "~/services/session-cache.server";
import { cookieFor, createProduct, createUser } from "../helpers/factories";
import { get, post, run } from "../helpers/http";
import { onPgliteDatabase } from "../helpers/pglite-process";

/** One HTTP request's session lookup (each call is a new request) and the queries it sent. */
async function lookup(cookie: string) {
  let user: Awaited<ReturnType<typeof getUser>> = null;
  const queries = await countQueries(async () => {
    user = await getUser(get("/cont", { cookie }));
  });
  return { user: user as Awaited<ReturnType<typeof getUser>>, queries };
}

/** A user logged in, with their session already held in memory (one lookup that went to the database). */
async function warmSession(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const cookie = await cookieFor(user.id);
  const first = await lookup(cookie);
  expect(first.user?.id).toBe(user.id);
  expect(first.queries).toBe(1);
  return { user, cookie };
}

function sessionIdOf(cookie: string): string {
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  // The cookie is JSON of the token, base64, then signed: read the token back as the app does.
  const token = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
  return hashToken(token);
}

describe("sessions kept in memory (PGlite)", () => {
  onPgliteDatabase(
    async (handle) => {
      await startSessionCache(handle);
    },
    async () => {
      await processSessionCache()?.stop();
      setProcessSessionCache(undefined);
    },
  );
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a second request of the same session sends no query", async () => {
    const { user, cookie } = await warmSession();
    const again = await lookup(cookie);
    expect(again.user).toMatchObject({ id: user.id, email: user.email, name: user.name, role: "user" });
    expect(again.queries).toBe(0);
  });

  it("logout: the next request with the old cookie is a guest's", async () => {
    const { cookie } = await warmSession();
    const response = await run(logoutAction, post("/logout", {}, { cookie }));
    expect(response.status).toBe(302);
    expect((await lookup(cookie)).user).toBeNull();
  });

  it("a password reset ends every other session of the user at once", async () => {
    const { user, cookie } = await warmSession();
    const otherDevice = await cookieFor(user.id);
    expect((await lookup(otherDevice)).user?.id).toBe(user.id);
    await destroyUserSessions(user.id);
    expect((await lookup(cookie)).user).toBeNull();
    expect((await lookup(otherDevice)).user).toBeNull();
  });

  it("a role change made in the database counts at the next request", async () => {
    const { user, cookie } = await warmSession();
    await getDb().update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const next = await lookup(cookie);
    expect(next.user?.role).toBe("admin");
    expect(next.queries).toBe(1);
    await getDb().update(users).set({ role: "user" }).where(eq(users.id, user.id));
    expect((await lookup(cookie)).user?.role).toBe("user");
  });

  it("an account deleted: its sessions are gone", async () => {
    const { user, cookie } = await warmSession();
    await getDb().delete(users).where(eq(users.id, user.id));
    expect((await lookup(cookie)).user).toBeNull();
  });

  it("only the changed user's sessions are dropped", async () => {
    const a = await warmSession();
    const b = await warmSession();
    await getDb().update(users).set({ name: "Alt Nume" }).where(eq(users.id, a.user.id));
    expect((await lookup(b.cookie)).queries).toBe(0);
    const next = await lookup(a.cookie);
    expect(next.user?.name).toBe("Alt Nume");
    expect(next.queries).toBe(1);
  });

  it("the cart badge and the data version move with a cart write (updated by the database at commit)", async () => {
    const { user, cookie } = await warmSession();
    const before = (await lookup(cookie)).user!;
    const product = await createProduct();
    await addProductToCart(user.id, product.id, 1);
    const after = (await lookup(cookie)).user!;
    expect(after.cartCount).toBe(before.cartCount + 1);
    expect(after.dataVersion).toBeGreaterThan(before.dataVersion);
  });

  it("a session past its expiry is not served from memory", async () => {
    const { cookie } = await warmSession();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (SESSION_DAYS + 1) * 86_400_000);
    const expired = await lookup(cookie);
    expect(expired.user).toBeNull();
    // It went to the database, which has no unexpired row either.
    expect(expired.queries).toBe(1);
  });

  it("a session used after a day is extended, and the new dates are read back", async () => {
    const { cookie } = await warmSession();
    const id = sessionIdOf(cookie);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await getDb().update(sessions).set({ lastSeenAt: twoDaysAgo }).where(eq(sessions.id, id));
    const extending = await lookup(cookie);
    expect(extending.user).not.toBeNull();
    // The lookup and the extension.
    expect(extending.queries).toBe(2);
    const [row] = await getDb().select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(twoDaysAgo.getTime());
    // Read once more from the database, then held again.
    expect((await lookup(cookie)).queries).toBe(1);
    expect((await lookup(cookie)).queries).toBe(0);
  });

  it("a lookup that overlapped a change is not kept", async () => {
    const cache = processSessionCache() as SessionCache;
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const id = sessionIdOf(cookie);
    const stamp = cache.stamp();
    const [row] = await getDb().select({ id: users.id, expiresAt: sessions.expiresAt }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id));
    // A write to the user commits while that lookup's answer is on its way.
    await getDb().update(users).set({ phone: "0722000000" }).where(eq(users.id, user.id));
    cache.put(id, row, stamp, Date.now());
    expect(cache.get(id, Date.now())).toBeUndefined();
  });

  it("a TRUNCATE of sessions drops everything held", async () => {
    const { cookie } = await warmSession();
    await getDb().execute(sql`truncate table ${sessions}`);
    expect((await lookup(cookie)).user).toBeNull();
  });

  it("nothing is served once listening has stopped", async () => {
    const { user, cookie } = await warmSession();
    const cache = processSessionCache()!;
    await cache.stop();
    try {
      const next = await lookup(cookie);
      expect(next.user?.id).toBe(user.id);
      expect(next.queries).toBe(1);
      expect(cache.statistics()).toMatchObject({ listening: false, entries: 0 });
    } finally {
      await cache.start();
    }
    expect((await lookup(cookie)).queries).toBe(1);
    expect((await lookup(cookie)).queries).toBe(0);
  });
});

describe("the session lookup without sessions in memory (as on PostgreSQL)", () => {
  it("reads the database on every request and sees every change", async () => {
    expect(processSessionCache()).toBeUndefined();
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    expect((await lookup(cookie)).queries).toBe(1);
    expect((await lookup(cookie)).queries).toBe(1);
    await getDb().update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    expect((await lookup(cookie)).user?.role).toBe("admin");
    await destroyUserSessions(user.id);
    expect((await lookup(cookie)).user).toBeNull();
  });
});
