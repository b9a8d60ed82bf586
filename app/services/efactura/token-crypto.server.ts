/**
 * Encryption at rest of the ANAF OAuth tokens: AES-256-GCM (node:crypto), a random 12-byte IV per
 * value, the 16-byte tag checked on reading. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 *
 * The key: EFACTURA_TOKEN_KEY (32 bytes, hex or base64) when set; otherwise derived from
 * SESSION_SECRET with HKDF-SHA256 (salt and info fixed below), so a database dump alone never
 * reveals the tokens. Rotating either secret makes stored tokens unreadable: the connection then
 * shows "must be renewed" and the admin connects again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getConfig } from "~/config.server";

let memo: { secret: string; explicit: Buffer | null; key: Buffer } | undefined;

export function tokenKey(): Buffer {
  const config = getConfig();
  const explicit = config.anaf.tokenKey;
  if (memo && memo.secret === config.sessionSecret && memo.explicit === explicit) return memo.key;
  const key = explicit ?? Buffer.from(hkdfSync("sha256", config.sessionSecret, "ana-nails/efactura", "anaf-oauth-tokens v1", 32));
  memo = { secret: config.sessionSecret, explicit, key };
  return key;
}

export function encryptToken(plain: string, key = tokenKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** The token, or null when the value was not written with this key (or was altered). */
export function decryptToken(stored: string, key = tokenKey()): string | null {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
