/**
 * Login, logout and the guards, through the route modules (docs/product.md §2, §7, §8; docs/architecture.md §5).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { sessions } from "../../db/schema";
import { getUser } from "~/models/session.server";
import { action as loginAction, loader as loginLoader } from "~/routes/autentificare";
import { loader as accountLoader } from "~/routes/cont";
import { action as logoutAction } from "~/routes/logout";
import { createUser, TEST_PASSWORD } from "../helpers/factories";
import { cookiesFrom, freshIp, get, post, run, toastOf } from "../helpers/http";
import { withFailingDatabase } from "../helpers/unreachable";

async function login(email: string, password: string, extra: Record<string, string> = {}, ip = freshIp()) {
  return run(loginAction, post("/autentificare", { email, password, ...extra }, { ip }));
}

async function sessionCount(userId: string) {
  return (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("login", () => {
  it("logs in with the right password: new session row, cookie, toast, /cont", async () => {
    const user = await createUser();
    const response = await login(user.email, TEST_PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont");
    expect(await toastOf(response)).toBe("Autentificare reușită! Redirect în cont...");
    const setCookies = response.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/__session=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/SameSite=Lax/i);
    expect(await sessionCount(user.id)).toBe(1);
    const cookie = cookiesFrom(response);
    expect((await getUser(get("/cont", { cookie })))?.id).toBe(user.id);
  });

  it("matches the e-mail in any letter case", async () => {
    const user = await createUser({ email: `mixt.caz-${Date.now()}@example.com` });
    const response = await login(`  ${user.email.toUpperCase().replace("@EXAMPLE.COM", "@Example.com")} `, TEST_PASSWORD);
    expect(response.status).toBe(302);
  });

  it("refuses a wrong password with a message and keeps the typed e-mail, never the password", async () => {
    const user = await createUser();
    const response = await login(user.email, "Parola-Gresita1!");
    expect(response.status).toBe(401);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]).toEqual(["Email sau parolă incorectă."]);
    expect(result.initialValue.email).toBe(user.email);
    expect(result.initialValue.password).toBeUndefined();
    expect(response.headers.getSetCookie().join("")).not.toContain("__session=");
    expect(await sessionCount(user.id)).toBe(0);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const response = await login("nimeni@example.com", "Parola-Gresita1!");
    expect(response.status).toBe(401);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["Email sau parolă incorectă."]);
  });

  it("answers an invalid form with the field messages and the correction notice", async () => {
    const response = await login("nu-e-email", "");
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.email).toEqual(["Emailul trebuie să fie valid"]);
    expect(result.error.password).toEqual(["Parola este obligatorie"]);
    expect(result.error[""]).toEqual(["Vă rugăm să corectați erorile înainte de a trimite formularul."]);
  });

  it("shows 'Eroare la autentificare.' when the check itself fails", async () => {
    const response = await withFailingDatabase(() => login("ana@example.com", "Parola-Buna1!"));
    expect(response.status).toBe(500);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]).toEqual(["Eroare la autentificare."]);
    expect(result.initialValue.email).toBe("ana@example.com");
  });

  it("creates a new session id on every login (no fixation)", async () => {
    const user = await createUser();
    const first = cookiesFrom(await login(user.email, TEST_PASSWORD));
    const second = cookiesFrom(await login(user.email, TEST_PASSWORD));
    expect(first).not.toBe(second);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it("goes back to a same-site redirectTo", async () => {
    const user = await createUser();
    const response = await login(user.email, TEST_PASSWORD, { redirectTo: "/cursuri-online/curs/3/lectie?x=1" });
    expect(response.headers.get("Location")).toBe("/cursuri-online/curs/3/lectie?x=1");
  });

  it.each(["//evil.example", "https://evil.example/cont", "/\\evil.example", "javascript:alert(1)", "http://localhost:3000.evil.example/"])(
    "falls back to /cont for the open redirect attempt %j",
    async (redirectTo) => {
      const user = await createUser();
      const response = await login(user.email, TEST_PASSWORD, { redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/cont");
    },
  );

  it("sanitises redirectTo on the login page too", async () => {
    const response = await run(loginLoader, get("/autentificare?redirectTo=%2F%2Fevil.example"));
    expect(((await response.json()) as { redirectTo: string }).redirectTo).toBe("/cont");
  });
});

describe("guards", () => {
  it("sends a guest from /cont to /autentificare?redirectTo=%2Fcont", async () => {
    const response = await run(accountLoader, get("/cont"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/autentificare?redirectTo=%2Fcont");
  });

  it("sends a logged-in user from /autentificare to /cont, and refuses a second login post", async () => {
    const user = await createUser();
    const cookie = cookiesFrom(await login(user.email, TEST_PASSWORD));
    const page = await run(loginLoader, get("/autentificare", { cookie }));
    expect(page.headers.get("Location")).toBe("/cont");
    const post2 = await run(loginAction, post("/autentificare", { email: user.email, password: TEST_PASSWORD }, { cookie }));
    expect(post2.headers.get("Location")).toBe("/cont");
  });
});

describe("logout", () => {
  it("deletes the session row and the cookie, with the success toast", async () => {
    const user = await createUser();
    const cookie = cookiesFrom(await login(user.email, TEST_PASSWORD));
    const response = await run(logoutAction, post("/logout", {}, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toBe("Te-ai deconectat cu succes!");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await getUser(get("/cont", { cookie }))).toBeNull();
  });

  it("reports 'Eroare la deconectare' and keeps the cookie when the session cannot be deleted", async () => {
    const user = await createUser();
    const cookie = cookiesFrom(await login(user.email, TEST_PASSWORD));
    const response = await withFailingDatabase(() =>
      run(logoutAction, post("/logout", {}, { cookie, referer: "http://localhost:3000/cont" })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont");
    expect(await toastOf(response)).toBe("Eroare la deconectare");
    expect(response.headers.getSetCookie().join("")).not.toContain("__session=");
    expect(await sessionCount(user.id)).toBe(1);
  });
});
