/**
 * Issue 14 finding 2: a stolen session alone cannot take the account over. Changing the e-mail
 * (where password resets go) or the password on /cont needs the current password; the old
 * address is told; a password change ends every other session of the user.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox, sessions, users } from "../../db/schema";
import { cookieFor, createUser, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, post, run, toastOf } from "../helpers/http";
import { CHANGE_MESSAGES } from "~/lib/validation/account";
import { action } from "~/routes/cont";
import { verifyPassword } from "~/services/password.server";

const userRow = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0];
const mailsTo = (to: string) => getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

type Reply = { result: { error: Record<string, string[]> } };

describe("changing the e-mail on /cont", () => {
  it("without the current password is refused (the attack: a session redirects resets to another address)", async () => {
    const user = await createUser();
    const response = await run(action, post("/cont", { intent: "account", name: user.name, email: "atacator@evil.example" }, { cookie: await cookieFor(user.id), ip: freshIp() }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).result.error.currentPassword).toEqual([CHANGE_MESSAGES.currentPasswordForEmail]);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("with a wrong current password is refused", async () => {
    const user = await createUser();
    const response = await run(
      action,
      post("/cont", { intent: "account", name: user.name, email: "atacator@evil.example", currentPassword: "Ghicit-123!" }, { cookie: await cookieFor(user.id), ip: freshIp() }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).result.error.currentPassword).toEqual([CHANGE_MESSAGES.wrongCurrentPassword]);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("with the current password changes it and tells the old address in Romanian", async () => {
    const user = await createUser();
    const newEmail = `nou-${Date.now()}@example.com`;
    const response = await run(
      action,
      post("/cont", { intent: "account", name: user.name, email: newEmail, currentPassword: TEST_PASSWORD }, { cookie: await cookieFor(user.id), ip: freshIp() }),
    );
    expect(response.status).toBe(302);
    expect((await userRow(user.id)).email).toBe(newEmail);
    const [notice] = await mailsTo(user.email);
    expect(notice.subject).toContain("Adresa de email a fost schimbată");
    expect(notice.textBody).toContain(newEmail);
  });

  it("other fields change without the password when the e-mail stays", async () => {
    const user = await createUser();
    const response = await run(action, post("/cont", { intent: "account", name: "Alt Nume", email: user.email }, { cookie: await cookieFor(user.id), ip: freshIp() }));
    expect(response.status).toBe(302);
    expect((await userRow(user.id)).name).toBe("Alt Nume");
  });
});

describe("changing the password on /cont", () => {
  it("needs the current password", async () => {
    const user = await createUser();
    const response = await run(
      action,
      post("/cont", { intent: "password", currentPassword: "Gresit-1234!", newPassword: "Parola-Noua2!", confirmPassword: "Parola-Noua2!" }, { cookie: await cookieFor(user.id), ip: freshIp() }),
    );
    expect(response.status).toBe(400);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it("changes it, ends the other sessions (not this one) and sends a notice", async () => {
    const user = await createUser();
    const mine = await cookieFor(user.id);
    await cookieFor(user.id);
    await cookieFor(user.id);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3);
    const response = await run(
      action,
      post("/cont", { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "Parola-Noua2!", confirmPassword: "Parola-Noua2!" }, { cookie: mine, ip: freshIp() }),
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toBe(CHANGE_MESSAGES.passwordChanged);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, "Parola-Noua2!")).toBe(true);
    const left = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    // The one left is this request's.
    const still = await run(action, post("/cont", { intent: "account", name: "Tot Eu", email: user.email }, { cookie: mine }));
    expect(still.status).toBe(302);
    expect(await getDb().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email)))).toHaveLength(1);
  });
});
