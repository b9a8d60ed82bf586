/**
 * Sessions and guards (docs/architecture.md §5). A login creates a row in `sessions`; the signed, httpOnly
 * cookie holds only a random token whose SHA-256 is the row id. Logout and password reset delete
 * rows. Every loader and action that needs a user calls one of the guards below, on the server.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Db } from "../../db/client";
import { sessions, users, type BuyerType, type UserRole } from "../../db/schema";
import { getConfig } from "~/config.server";
import { RETENTION } from "~/lib/retention";
import { pathWithSearch, safeRedirect } from "~/lib/safe-redirect";
import { assertSameOrigin } from "~/services/origin.server";
import { perRequest } from "~/services/request-scope.server";
import { processSessionCache, type SessionCache } from "~/services/session-cache.server";

/** docs/product.md §11: one source with the privacy policy (lib/retention.ts). */
export const SESSION_DAYS = RETENTION.sessionDays;
const DAY_MS = 86_400_000;
/** Sliding expiry: a session used within its last 29 days is extended, at most once a day. */
const REFRESH_AFTER_MS = DAY_MS;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  /** The billing address as fields (db/schema.ts users.address*). */
  addressStreet: string;
  addressCity: string;
  addressCounty: string;
  addressPostalCode: string;
  addressSector: number | null;
  role: UserRole;
  /** The billing identity (read with the session row, so /cont needs no query of its own for it). */
  buyerType: BuyerType;
  companyName: string;
  companyCui: string;
  companyRegCom: string;
  /** The news-by-e-mail opt-in (shown and changed in /cont → Datele mele). */
  marketingOptIn: boolean;
  /**
   * Lines in the user's cart when the session was read (the header badge; kept on the users row
   * by the database, migration 0026). Per request: loaders after an action get a new request,
   * so they read it again.
   */
  cartCount: number;
  /**
   * The user's data version when the session was read (users.data_version, bumped by the database
   * on every write to what their pages show): the key of their cached page data.
   */
  dataVersion: number;
  sessionId: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  const config = getConfig();
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.cookieSecure,
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: [config.sessionSecret],
  });
  return cookie;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function readToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Creates a session row for the user and returns the Set-Cookie header value. */
export async function createSession(userId: string, request?: Request): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
      userAgent: request?.headers.get("user-agent")?.slice(0, 300) ?? null,
    });
  return sessionCookie().serialize(token);
}

/** Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The logged-in user of this request, or null. Read once per HTTP request: the root loader and
 * the page's loader get different Request copies, so the lookup is shared through the request
 * scope. The method is part of the key: the loaders that follow an action (GET copies) read the
 * session again and see what the action changed (name, cart, logout).
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = perRequest(`user:${request.method}:${request.headers.get("Cookie") ?? ""}`, () => loadUser(request));
    cache.set(request, pending);
  }
  return pending;
}

/** The session's query, built once per database (it runs on every logged-in request). */
function sessionQuery(db: Db, name: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      address: users.address,
      addressStreet: users.addressStreet,
      addressCity: users.addressCity,
      addressCounty: users.addressCounty,
      addressPostalCode: users.addressPostalCode,
      addressSector: users.addressSector,
      role: users.role,
      buyerType: users.buyerType,
      companyName: users.companyName,
      companyCui: users.companyCui,
      companyRegCom: users.companyRegCom,
      marketingOptIn: users.marketingOptIn,
      dataVersion: users.dataVersion,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      cartCount: users.cartLineCount,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare(name);
}

type SessionQueryRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["execute"]>>[number];

/**
 * The session's row: from memory where the process keeps sessions (PGlite; services/session-cache.server.ts
 * says when an entry is dropped), otherwise the one query.
 */
async function findSession(id: string, now: Date): Promise<SessionQueryRow | undefined> {
  const cache = processSessionCache() as SessionCache<SessionQueryRow> | undefined;
  const held = cache?.get(id, now.getTime());
  if (held) return held;
  const stamp = cache?.stamp() ?? 0;
  const [row] = await preparedQuery("session_user", sessionQuery).execute({ id, now: now.toISOString() });
  if (row) cache?.put(id, row, stamp, now.getTime());
  return row;
}

async function loadUser(request: Request): Promise<SessionUser | null> {
  const token = await readToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = new Date();
  const row = await findSession(id, now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
    // The update drops the session from memory (migration 0027): the next request reads the new dates.
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS) })
      .where(eq(sessions.id, id));
  }
  const { lastSeenAt: _lastSeenAt, expiresAt: _expiresAt, ...user } = row;
  return { ...user, sessionId: id };
}

function isMutation(request: Request) {
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * Guest → /autentificare?redirectTo=<this path>. Mutations are also checked for origin (before
 * `returnTo` reads anything). `returnTo` may name where a guest comes back to (a same-site path,
 * e.g. the course page with the choice the guest posted); null keeps the usual target.
 */
export async function requireUser(request: Request, returnTo?: () => Promise<string | null>): Promise<SessionUser> {
  if (isMutation(request)) assertSameOrigin(request);
  const user = await getUser(request);
  if (!user) {
    const usual = isMutation(request) ? refererPath(request) : pathWithSearch(request);
    const wanted = returnTo ? await returnTo().catch(() => null) : null;
    const target = wanted ? safeRedirect(wanted, usual) : usual;
    throw redirect(`/autentificare?redirectTo=${encodeURIComponent(target)}`);
  }
  return user;
}

/** For an action posted from a page, send the guest back to that page after login. */
function refererPath(request: Request): string {
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === new URL(request.url).host) return `${url.pathname}${url.search}`;
    } catch {
      // ignore
    }
  }
  return pathWithSearch(request);
}

/** Logged-in users do not see the login and register pages: → /cont. */
export async function requireGuest(request: Request): Promise<void> {
  if (isMutation(request)) assertSameOrigin(request);
  if (await getUser(request)) throw redirect("/cont");
}

/**
 * Admins only. Pages: a guest goes to login, a non-admin to "/". API callers (paths under
 * /api/ or JSON requests) get 401/403 JSON instead of a redirect.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  if (isMutation(request)) assertSameOrigin(request);
  const user = await getUser(request);
  const api = isApiRequest(request);
  if (!user) {
    if (api) throw Response.json({ error: "Autentificare necesară." }, { status: 401 });
    throw redirect(`/autentificare?redirectTo=${encodeURIComponent(pathWithSearch(request))}`);
  }
  if (user.role !== "admin") {
    if (api) throw Response.json({ error: "Acces interzis." }, { status: 403 });
    throw redirect("/");
  }
  return user;
}

function isApiRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || (request.headers.get("Accept") ?? "").startsWith("application/json");
}

/** Deletes this request's session row; returns the Set-Cookie value clearing the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await getDb().delete(sessions).where(eq(sessions.id, hashToken(token)));
  return clearSessionCookie();
}

/** After a password reset: every session of the user ends. */
export async function destroyUserSessions(userId: string, executor = getDb()): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: expired rows. */
export async function deleteExpiredSessions(): Promise<number> {
  const deleted = await getDb()
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  return deleted.length;
}
