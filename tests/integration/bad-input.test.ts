/**
 * Issue 14 finding 5: a NUL byte (or another control character) in a text field and a JSON body
 * posted to a form action gave 500s (503 on forgot-password). Now: 400 with the form's reply
 * and a Romanian message on the field; 415 for a body that is not a form; nothing reaches the
 * database.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { cookieFor, createCourse, createUser, TEST_PASSWORD } from "../helpers/factories";
import { BASE, freshIp, post, run } from "../helpers/http";
import { CONTROL_CHAR_MESSAGE } from "~/lib/form-input";

type Reply = { result: { error: Record<string, string[] | null> } };
const errorsOf = async (response: Response) => ((await response.json()) as Reply).result.error;

describe("control characters in text fields → 400 with the field's message", () => {
  it("registration name", async () => {
    const { action } = await import("~/routes/register");
    const email = `nul-${Date.now()}@example.com`;
    const response = await run(action, post("/register", { name: "Ana\u0000Popescu", email, password: TEST_PASSWORD }, { ip: freshIp() }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).name).toEqual([CONTROL_CHAR_MESSAGE]);
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("login e-mail", async () => {
    const { action } = await import("~/routes/autentificare");
    const response = await run(action, post("/autentificare", { email: "a\u0000@example.com", password: TEST_PASSWORD }, { ip: freshIp() }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).email).toEqual([CONTROL_CHAR_MESSAGE]);
  });

  it("forgot-password (was a 503)", async () => {
    const { action } = await import("~/routes/forgot-password");
    const response = await run(action, post("/forgot-password", { email: "x\u0000@example.com" }, { ip: freshIp() }));
    expect(response.status).toBe(400);
  });

  it("/cont fields, and other control characters (\\u0007, \\u001b) too; tabs and new lines are fine", async () => {
    const { action } = await import("~/routes/cont");
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    for (const name of ["Maria\u0000", "Maria\u0007", "Maria\u001b[31m"]) {
      const response = await run(action, post("/cont", { intent: "account", name, email: user.email }, { cookie }));
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect((await errorsOf(response)).name).toEqual([CONTROL_CHAR_MESSAGE]);
    }
    const place = { city: "Constanța", county: "RO-CT" };
    const billing = await run(action, post("/cont", { intent: "billing", street: "Str. A 1\u0000", ...place }, { cookie }));
    expect(billing.status).toBe(400);
    expect((await errorsOf(billing)).street).toEqual([CONTROL_CHAR_MESSAGE]);
    const ok = await run(action, post("/cont", { intent: "billing", street: "Str. A 1\tBloc 2 ap. 3", ...place }, { cookie }));
    expect(ok.status).toBe(302);
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row.addressStreet).toBe("Str. A 1\tBloc 2 ap. 3");
  });
});

describe("a body that is not a form → 415", () => {
  const json = (path: string, cookie?: string) =>
    new Request(`${BASE}${path}`, {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com", password: TEST_PASSWORD }),
      headers: { "Content-Type": "application/json", Origin: BASE, "X-Forwarded-For": freshIp(), ...(cookie ? { Cookie: cookie } : {}) },
    });

  it.each([
    ["/autentificare", "~/routes/autentificare"],
    ["/register", "~/routes/register"],
    ["/forgot-password", "~/routes/forgot-password"],
  ])("%s", async (path, module) => {
    const { action } = (await import(/* @vite-ignore */ module)) as { action: (args: never) => unknown };
    expect((await run(action as never, json(path))).status).toBe(415);
  });

  it("/cont and /cart (logged in)", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const cont = await import("~/routes/cont");
    const cart = await import("~/routes/cart");
    expect((await run(cont.action, json("/cont", cookie))).status).toBe(415);
    expect((await run(cart.action, json("/cart", cookie))).status).toBe(415);
  });

  it("a course page's add-to-cart", async () => {
    const user = await createUser();
    const { course } = await createCourse("physical");
    const { action } = await import("~/routes/cursuri.curs.$id");
    expect((await run(action, json(`/cursuri/curs/${course.id}`, await cookieFor(user.id)), { id: String(course.id) })).status).toBe(415);
  });
});
