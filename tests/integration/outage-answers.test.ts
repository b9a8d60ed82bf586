/**
 * Issue 26 item 2: a database outage inside a route's try/catch goes on to Remix (and from there
 * to the server's 503 page with Retry-After), instead of the catch's own 500. The two catches the
 * fault run found: add-to-cart on a course page and the session write of the login.
 */
import { describe, expect, it } from "vitest";
import { cartLines, sessions } from "../../db/schema";
import { isDatabaseUnavailable } from "~/services/unavailable.server";
import { action as loginAction } from "~/routes/autentificare";
import { action as physicalAction } from "~/routes/cursuri.curs.$id";
import { createCourse, createUser, cookieFor, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, post, run } from "../helpers/http";
import { outageError, withFailingDatabase } from "../helpers/unreachable";

async function thrownBy(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  return null;
}

describe("a database outage inside a route's catch", () => {
  it("add-to-cart lets it through (503), a plain failure still answers the page's 500", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("physical", {}, [{ days: 5, amountBani: 200000 }]);
    const add = () =>
      run(physicalAction, post(`/cursuri/curs/${course.id}`, { intent: "add-to-cart", priceOptionId: String(options[0].id) }, { cookie }), {
        id: String(course.id),
      });
    const intoCart = (args: unknown[]) => args[0] === cartLines;
    const outage = await thrownBy(() => withFailingDatabase(add, ["insert", "update", "transaction"], { when: (a) => a.length === 0 || intoCart(a), error: outageError }));
    expect(isDatabaseUnavailable(outage)).toBe(true);
    const plain = await withFailingDatabase(add, ["insert", "update", "transaction"], { when: (a) => a.length === 0 || intoCart(a) });
    expect(plain.status).toBe(500);
  });

  it("login: the session write failing in an outage is a 503, not a 500", async () => {
    const user = await createUser();
    const login = () => run(loginAction, post("/autentificare", { email: user.email, password: TEST_PASSWORD }, { ip: freshIp() }));
    const outage = await thrownBy(() => withFailingDatabase(login, ["insert"], { when: (a) => a[0] === sessions, error: outageError }));
    expect(isDatabaseUnavailable(outage)).toBe(true);
    const plain = await withFailingDatabase(login, ["insert"], { when: (a) => a[0] === sessions });
    expect(plain.status).toBe(500);
  });
});
