/**
 * Password reset by e-mail (docs/product.md §2, docs/architecture.md §8): no enumeration, hashed single-use tokens valid
 * one hour, every session revoked on reset, a mail failure reported.
 */
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { passwordResetTokens, sessions, users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { checkResetToken, requestPasswordReset, resetPassword, RESET_TOKEN_TTL_MS, RESPONSE_FLOOR_MS } from "~/models/password-reset.server";
import { createSession, getUser, hashToken } from "~/models/session.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/reset.$token";
import { verifyPassword } from "~/services/password.server";
import { createUser } from "../helpers/factories";
import { freshIp, get, post, run, toastOf } from "../helpers/http";
import { newestMailTo, resetLinkIn } from "../helpers/mail";
import { resetEnvironment } from "~/test-support.server";

const NEW_PASSWORD = "Parola-Noua2?";

function tokenFrom(link: string) {
  return link.split("/reset/")[1];
}

async function requestLink(email: string): Promise<string> {
  const response = await run(forgotAction, post("/forgot-password", { email }, { ip: freshIp() }));
  expect(await response.json()).toEqual({ outcome: "sent", result: null });
  const mail = newestMailTo(getConfig().mail.outboxDir, email);
  expect(mail).not.toBeNull();
  const link = resetLinkIn(mail!);
  expect(link).not.toBeNull();
  return link!;
}

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvironment();
});

describe("forgot password", () => {
  it("answers 'sent' for a known and an unknown address alike; only the known one gets mail", async () => {
    const user = await createUser();
    const known = await run(forgotAction, post("/forgot-password", { email: user.email.toUpperCase() }, { ip: freshIp() }));
    const unknownEmail = `nimeni-${Date.now()}@example.com`;
    const unknown = await run(forgotAction, post("/forgot-password", { email: unknownEmail }, { ip: freshIp() }));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(newestMailTo(getConfig().mail.outboxDir, unknownEmail)).toBeNull();

    const mail = newestMailTo(getConfig().mail.outboxDir, user.email)!;
    expect(mail.decoded).toContain("Resetarea parolei");
    expect(mail.decoded).toContain(`Bună, ${user.name}!`);
    const link = resetLinkIn(mail)!;
    expect(link.startsWith("http://localhost:3000/reset/")).toBe(true);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);

    // Stored only as its SHA-256, valid one hour.
    const token = tokenFrom(link);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(rows[0].tokenHash).not.toContain(token);
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(Math.abs(ttl - RESET_TOKEN_TTL_MS)).toBeLessThan(5_000);
  });

  it("shows the field message for an invalid address", async () => {
    const response = await run(forgotAction, post("/forgot-password", { email: "nu-e-email" }, { ip: freshIp() }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.email).toEqual(["Emailul trebuie să fie valid"]);
  });

  it("reports a mail failure and leaves no usable token", async () => {
    const user = await createUser();
    // A port nobody listens on: the SMTP connection is refused.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
    resetEnvironment();
    const response = await run(forgotAction, post("/forgot-password", { email: user.email }, { ip: freshIp() }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ outcome: "error", result: null });
    const rows = await getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(0);

    // An address without an account gets the very same answer: an outage reveals nothing.
    const unknown = await run(forgotAction, post("/forgot-password", { email: `nimeni-${Date.now()}@example.ro` }, { ip: freshIp() }));
    expect(unknown.status).toBe(503);
    expect(await unknown.json()).toEqual({ outcome: "error", result: null });
  });

  it("takes as long for an unknown address as the floor a real send is hidden under", async () => {
    const user = await createUser();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await run(forgotAction, post("/forgot-password", { email }, { ip: freshIp() }));
      expect(await response.json()).toEqual({ outcome: "sent", result: null });
      return performance.now() - started;
    };
    expect(await timed(`nimeni-${Date.now()}@example.ro`)).toBeGreaterThanOrEqual(RESPONSE_FLOOR_MS - 5);
    expect(await timed(user.email)).toBeGreaterThanOrEqual(RESPONSE_FLOOR_MS - 5);
  });
});

describe("reset link", () => {
  it("changes the password, revokes every session, and works only once", async () => {
    const user = await createUser();
    const cookieA = (await createSession(user.id)).split(";")[0];
    const cookieB = (await createSession(user.id)).split(";")[0];
    expect(await getUser(get("/cont", { cookie: cookieA }))).not.toBeNull();

    const token = tokenFrom(await requestLink(user.email));
    const page = await run(resetLoader, get(`/reset/${token}`), { token });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ state: "valid" });

    const response = await run(
      resetAction,
      post(`/reset/${token}`, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { cookie: cookieA }),
      { token },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/autentificare");
    expect(await toastOf(response)).toBe("Parola a fost schimbată cu succes! Te poți autentifica cu parola nouă.");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=;/);

    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await getUser(get("/cont", { cookie: cookieA }))).toBeNull();
    expect(await getUser(get("/cont", { cookie: cookieB }))).toBeNull();

    // Second use: refused, nothing changes.
    const again = await run(
      resetAction,
      post(`/reset/${token}`, { newPassword: "Alta-Parola3#", confirmPassword: "Alta-Parola3#" }),
      { token },
    );
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ state: "used", result: null });
    const [after] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    const usedPage = await run(resetLoader, get(`/reset/${token}`), { token });
    expect(usedPage.status).toBe(410);
    expect(await usedPage.json()).toMatchObject({ state: "used" });
  });

  it("expires after one hour", async () => {
    const user = await createUser();
    const issued = new Date("2026-03-01T10:00:00Z");
    await requestPasswordReset(user.email, issued);
    const token = tokenFrom(resetLinkIn(newestMailTo(getConfig().mail.outboxDir, user.email)!)!);
    expect(await checkResetToken(token, new Date(issued.getTime() + RESET_TOKEN_TTL_MS - 1000))).toBe("valid");
    expect(await checkResetToken(token, new Date(issued.getTime() + RESET_TOKEN_TTL_MS))).toBe("expired");
    expect(await resetPassword(token, NEW_PASSWORD, new Date(issued.getTime() + RESET_TOKEN_TTL_MS + 1))).toBe("expired");
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(false);
  });

  it("shows an expired link as expired on the page and refuses it in the action", async () => {
    const user = await createUser();
    const token = Buffer.alloc(32, 7).toString("base64url");
    await getDb()
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 60_000) });
    const page = await run(resetLoader, get(`/reset/${token}`), { token });
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({ state: "expired" });
    const response = await run(
      resetAction,
      post(`/reset/${token}`, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      { token },
    );
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ state: "expired", result: null });
  });

  it("refuses unknown or malformed tokens", async () => {
    for (const token of ["abc", "A".repeat(43), "../../etc/passwd"]) {
      const page = await run(resetLoader, get(`/reset/${encodeURIComponent(token)}`), { token });
      expect(page.status).toBe(410);
      expect(await page.json()).toMatchObject({ state: "invalid" });
    }
  });

  it("asks for matching, valid passwords and does not use up the link", async () => {
    const user = await createUser();
    const token = tokenFrom(await requestLink(user.email));
    const response = await run(
      resetAction,
      post(`/reset/${token}`, { newPassword: NEW_PASSWORD, confirmPassword: "Altceva-1!" }),
      { token },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    expect(body.result.error.confirmPassword).toEqual(["Parolele nu corespund."]);
    expect(body.result.initialValue.newPassword).toBeUndefined();
    expect(await checkResetToken(token)).toBe("valid");
  });

  it("a newer reset makes older links useless too", async () => {
    const user = await createUser();
    const first = tokenFrom(await requestLink(user.email));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = tokenFrom(await requestLink(user.email));
    expect(first).not.toBe(second);
    expect(await resetPassword(second, NEW_PASSWORD)).toBe("valid");
    expect(await checkResetToken(first)).toBe("used");
  });
});
