/**
 * RO e-Factura (issue 24): the company's OAuth connection with ANAF (connect, renew, disconnect),
 * the tokens stored encrypted, and authenticated calls that refresh the access token when needed.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { efacturaConnection } from "../../db/schema";
import { getConfig } from "~/config.server";
import { AnafError, createAnafClient, type AnafClient } from "~/services/efactura/anaf-client.server";
import { decryptToken, encryptToken } from "~/services/efactura/token-crypto.server";
import { log } from "~/log.server";

const DAY = 86_400_000;
/** Refresh the access token when it has less than this left (ANAF's lasts 90 days). */
export const REFRESH_MARGIN_MS = 7 * DAY;
/** ANAF's refresh token lasts 365 days from the sign-in with the certificate. */
export const REFRESH_TOKEN_LIFETIME_MS = 365 * DAY;
/** The settings page asks for a renewal this long before the refresh token ends. */
export const RENEW_WARNING_MS = 30 * DAY;

// ─── Client ──────────────────────────────────────────────────────────────────────────────────

/**
 * The ANAF client for the configuration (real ANAF, or the simulator on this site at
 * PUBLIC_URL/simulator/anaf), or null when off. Built from the configuration alone: tests reach
 * the simulator through the same URLs, answering `fetch` with its route modules.
 */
export function anafClient(): AnafClient | null {
  const { anaf } = getConfig();
  if (anaf.mode === "off") return null;
  return createAnafClient(anaf);
}

// ─── Connection ──────────────────────────────────────────────────────────────────────────────

export type ConnectionState = "off" | "disconnected" | "connected" | "renew_soon" | "expired";

export interface ConnectionStatus {
  mode: "anaf" | "simulator" | "off";
  env: string;
  state: ConnectionState;
  connectedAt: Date | null;
  renewBy: Date | null;
  refreshedAt: Date | null;
  redirectUri: string;
}

type ConnectionRow = typeof efacturaConnection.$inferSelect;

export async function connectionRow(): Promise<ConnectionRow | null> {
  const [row] = await getDb().select().from(efacturaConnection).where(eq(efacturaConnection.id, 1));
  return row ?? null;
}

export const isConnected = (row: ConnectionRow | null): row is ConnectionRow & { refreshToken: string; connectedAt: Date } =>
  Boolean(row?.refreshToken && row.connectedAt);

export async function connectionStatus(now = new Date()): Promise<ConnectionStatus> {
  const { anaf } = getConfig();
  const row = await connectionRow();
  let state: ConnectionState = "disconnected";
  if (anaf.mode === "off") state = "off";
  else if (row?.expiredAt) state = "expired";
  else if (isConnected(row)) {
    const readable = decryptToken(row.refreshToken) !== null;
    const ends = row.refreshExpiresAt?.getTime() ?? 0;
    state = !readable || ends <= now.getTime() ? "expired" : ends - now.getTime() < RENEW_WARNING_MS ? "renew_soon" : "connected";
  }
  return {
    mode: anaf.mode,
    env: anaf.env,
    state,
    connectedAt: row?.connectedAt ?? null,
    renewBy: row?.refreshExpiresAt ?? null,
    refreshedAt: row?.refreshedAt ?? null,
    redirectUri: anaf.redirectUri,
  };
}

/** "Conectează": a fresh OAuth state (the route keeps it in a signed cookie) and ANAF's authorize URL. */
export function startConnection(): { url: string; state: string } | null {
  const client = anafClient();
  if (!client) return null;
  const state = randomBytes(24).toString("base64url");
  return { url: client.authorizeUrl(state), state };
}

export type FinishResult = { ok: true } | { ok: false; status: 400 | 503; message: string };

const sameState = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The callback: the state must be the one this browser started with (`expectedState`, from its
 * cookie); the code is exchanged for the tokens, stored encrypted. A renewal keeps the date of
 * the first connection (documents issued while it had expired are sent too).
 */
export async function finishConnection(params: URLSearchParams, expectedState: string | null, now = new Date()): Promise<FinishResult> {
  const client = anafClient();
  if (!client) return { ok: false, status: 400, message: "Conexiunea cu ANAF nu este configurată pe acest site." };
  if (!expectedState || !sameState(params.get("state") ?? "", expectedState)) {
    return { ok: false, status: 400, message: "Cererea de conectare a expirat sau nu a pornit din acest browser. Încercați din nou." };
  }
  const code = params.get("code");
  if (!code) {
    return { ok: false, status: 400, message: `ANAF nu a autorizat conexiunea${params.get("error") ? ` (${params.get("error")})` : ""}.` };
  }
  try {
    const tokens = await client.exchangeCode(code);
    const previous = await connectionRow();
    const values = {
      accessToken: encryptToken(tokens.accessToken),
      refreshToken: encryptToken(tokens.refreshToken),
      accessExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
      connectedAt: previous?.connectedAt ?? now,
      refreshedAt: null,
      expiredAt: null,
    };
    await getDb().insert(efacturaConnection).values({ id: 1, ...values }).onConflictDoUpdate({ target: efacturaConnection.id, set: values });
    return { ok: true };
  } catch (error) {
    if (error instanceof AnafError && error.kind === "unavailable") {
      return { ok: false, status: 503, message: "ANAF nu răspunde acum. Conectarea nu s-a făcut; încercați din nou peste câteva minute." };
    }
    return { ok: false, status: 400, message: "ANAF a refuzat autorizarea. Încercați din nou conectarea." };
  }
}

export async function disconnect(): Promise<void> {
  await getDb()
    .update(efacturaConnection)
    .set({ accessToken: null, refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null, connectedAt: null, refreshedAt: null, expiredAt: null })
    .where(eq(efacturaConnection.id, 1));
}

/** The connection is missing or must be renewed: nothing can be sent. */
export class NotConnected extends Error {}

/** A valid access token: refreshed when near its end (or when ANAF refused it: `force`). */
async function accessToken(client: AnafClient, now: Date, force = false): Promise<string> {
  const row = await connectionRow();
  if (!isConnected(row) || row.expiredAt) throw new NotConnected();
  const access = row.accessToken ? decryptToken(row.accessToken) : null;
  if (!force && access && row.accessExpiresAt && row.accessExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return access;
  const refresh = decryptToken(row.refreshToken);
  if (!refresh) {
    await getDb().update(efacturaConnection).set({ expiredAt: now }).where(eq(efacturaConnection.id, 1));
    throw new NotConnected();
  }
  try {
    const tokens = await client.refresh(refresh);
    await getDb()
      .update(efacturaConnection)
      .set({
        accessToken: encryptToken(tokens.accessToken),
        refreshToken: encryptToken(tokens.refreshToken || refresh),
        accessExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
        refreshedAt: now,
      })
      .where(eq(efacturaConnection.id, 1));
    log.info("ANAF access token refreshed");
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof AnafError && (error.kind === "invalid_grant" || error.kind === "bad_request")) {
      await getDb().update(efacturaConnection).set({ expiredAt: now }).where(eq(efacturaConnection.id, 1));
      log.warn("ANAF refused the refresh token: the connection must be renewed");
      throw new NotConnected();
    }
    throw error;
  }
}


/** Runs an authenticated call; on a 401 the token is refreshed once and the call repeated. */
export async function authed<T>(client: AnafClient, now: Date, call: (token: string) => Promise<T>): Promise<T> {
  const token = await accessToken(client, now);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AnafError) || error.kind !== "unauthorized") throw error;
    return call(await accessToken(client, now, true));
  }
}
