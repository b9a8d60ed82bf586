import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptToken, encryptToken } from "~/services/efactura/token-crypto.server";
import { explainAnafError } from "~/lib/efactura/anaf-errors";

describe("ANAF tokens at rest (AES-256-GCM)", () => {
  const key = randomBytes(32);
  it("round-trips, with a fresh IV each time, and never shows the token", () => {
    const a = encryptToken("eyJhbGciOi.secret-token", key);
    const b = encryptToken("eyJhbGciOi.secret-token", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("secret");
    expect(decryptToken(a, key)).toBe("eyJhbGciOi.secret-token");
  });

  it("refuses another key or an altered value", () => {
    const stored = encryptToken("token", key);
    expect(decryptToken(stored, randomBytes(32))).toBeNull();
    const [v, iv, tag, data] = stored.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(decryptToken([v, iv, tag, flipped.toString("base64url")].join("."), key)).toBeNull();
    expect(decryptToken("plain-token", key)).toBeNull();
  });
});

describe("ANAF errors in plain Romanian", () => {
  it("explains known rules and keeps the original text", () => {
    const e = explainAnafError("E: validari globale  eroare: [BR-O-02]-An Invoice that contains an Invoice line…");
    expect(e).toMatchObject({ rule: "BR-O-02", explanation: "O factură fără TVA (neplătitor, categoria O) nu poate avea codul de TVA al cumpărătorului." });
    expect(explainAnafError("ceva necunoscut")).toEqual({ rule: null, explanation: null, original: "ceva necunoscut" });
  });
});
