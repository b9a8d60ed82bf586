/**
 * Known devices for the login limits (issue 26, OWASP's "device cookie" defence against lock-out):
 * a successful login leaves a signed, HttpOnly `__device` cookie naming this browser and the
 * accounts that logged in from it (as hashes, never the addresses). A login from a device known
 * for that account is limited on its own (per device), so other people's failures — at the same
 * address (a classroom, a mobile operator's NAT) or against the same account from elsewhere — never
 * refuse its correct password.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";

const MAX_ACCOUNTS = 10;
const ONE_YEAR_S = 365 * 24 * 3600;

export interface KnownDevice {
  id: string;
  accounts: string[];
}

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  const config = getConfig();
  cookie ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.cookieSecure,
    path: "/",
    maxAge: ONE_YEAR_S,
    secrets: [config.sessionSecret],
  });
  return cookie;
}

export function accountHash(email: string): string {
  return createHash("sha256").update(`device:${email.trim().toLowerCase()}`).digest("hex").slice(0, 24);
}

/** The request's valid device cookie (a forged or unsigned one counts as none). */
export async function readDevice(request: Request): Promise<KnownDevice | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { id, accounts } = value as { id?: unknown; accounts?: unknown };
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,43}$/.test(id) || !Array.isArray(accounts)) return null;
  return { id, accounts: accounts.filter((a): a is string => typeof a === "string").slice(0, MAX_ACCOUNTS) };
}

/** Whether this device logged in to `email`'s account before. */
export function knowsAccount(device: KnownDevice | null, email: string): device is KnownDevice {
  return Boolean(device?.accounts.includes(accountHash(email)));
}

/** Set-Cookie after a successful login: this device, with `email`'s account added (newest first). */
export async function rememberDevice(device: KnownDevice | null, email: string): Promise<string> {
  const hash = accountHash(email);
  const next: KnownDevice = {
    id: device?.id ?? randomBytes(16).toString("base64url"),
    accounts: [hash, ...(device?.accounts ?? []).filter((a) => a !== hash)].slice(0, MAX_ACCOUNTS),
  };
  return deviceCookie().serialize(next);
}
