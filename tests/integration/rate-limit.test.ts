/**
 * Rate limits stored in PostgreSQL (docs/architecture.md §8): fixed windows with an atomic upsert; login 5
 * failures per 15 minutes per e-mail and address, increasing delays per e-mail, failures only per
 * address (issue 26: a classroom behind one address); register and forgot-password per IP.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { action as loginAction } from "~/routes/autentificare";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as registerAction } from "~/routes/register";
import { clientIp, hit } from "~/services/rate-limit.server";
import { createUser, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, post, run } from "../helpers/http";
import { resetEnvironment, useRateLimitClock } from "~/test-support.server";

const MINUTE = 60_000;
let now = new Date("2026-05-01T08:00:00Z").getTime();
function useFakeClock() {
  useRateLimitClock(() => new Date(now));
}

afterEach(() => {
  useRateLimitClock(null);
  for (const name of ["RATE_LIMIT_REGISTER_MAX", "RATE_LIMIT_RESET_MAX", "RATE_LIMIT_LOGIN_ADDRESS_MAX"]) delete process.env[name];
  resetEnvironment();
});

async function formError(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { result: { error: Record<string, string[]> } };
  return body.result.error[""]?.[0];
}

describe("fixed windows", () => {
  it("trips after the limit and recovers when the window ends", async () => {
    useFakeClock();
    const rule = { max: 3, windowMs: 10 * MINUTE };
    const key = `test:${freshIp()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(key, rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterMs).toBe(10 * MINUTE);

    now += 4 * MINUTE;
    const later = await hit(key, rule);
    expect(later.allowed).toBe(false);
    expect(later.retryAfterMs).toBe(6 * MINUTE);

    now += 6 * MINUTE;
    const fresh = await hit(key, rule);
    expect(fresh).toMatchObject({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(fresh.resetAt.getTime()).toBe(now + 10 * MINUTE);
  });

  it("counts concurrent requests exactly once each", async () => {
    const rule = { max: 5, windowMs: 10 * MINUTE };
    const key = `test:${freshIp()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(key, rule)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const [row] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row.count).toBe(20);
  });

  it("takes the client IP from the proxy's X-Forwarded-For entry, then X-Real-IP, else none (no shared bucket)", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost:3000/", { headers });
    // One proxy (the default): it appended the address it saw; what the client wrote is ignored.
    expect(clientIp(request({ "X-Forwarded-For": "1.2.3.4, 203.0.113.7", "X-Real-IP": "198.51.100.1" }))).toBe("203.0.113.7");
    expect(clientIp(request({ "X-Forwarded-For": "203.0.113.7" }))).toBe("203.0.113.7");
    // Two proxies (e.g. a CDN in front of the load balancer).
    expect(clientIp(request({ "X-Forwarded-For": "1.2.3.4, 203.0.113.7, 10.0.0.1" }), 2)).toBe("203.0.113.7");
    expect(clientIp(request({ "X-Forwarded-For": "203.0.113.7" }), 2)).toBe("203.0.113.7");
    expect(clientIp(request({ "X-Real-IP": "198.51.100.1" }))).toBe("198.51.100.1");
    expect(clientIp(request({}))).toBeNull();
  });

  it("a client cannot dodge the per-IP login limit by writing its own X-Forwarded-For", async () => {
    useFakeClock();
    process.env.RATE_LIMIT_LOGIN_ADDRESS_MAX = "10";
    resetEnvironment();
    const proxySaw = freshIp();
    const statuses: number[] = [];
    // Half of the address's failures are free; the 6th starts a wait, which refuses the 7th.
    for (let i = 0; i < 7; i++) {
      const forged = `${freshIp()}, ${proxySaw}`;
      const response = await run(loginAction, post("/autentificare", { email: `nimeni${i}-${proxySaw}@example.ro`, password: "Gresit-1!" }, { ip: forged }));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 6).every((status) => status === 401)).toBe(true);
    expect(statuses[6]).toBe(429);
  });
});

describe("login limit", () => {
  const login = (email: string, password: string, ip: string) =>
    run(loginAction, post("/autentificare", { email, password }, { ip }));

  it("5 failures from one address block that address for the account for 15 minutes (docs/product.md)", async () => {
    useFakeClock();
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(user.email, "Gresit-1!", ip)).status).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await formError(blocked)).toBe("Prea multe încercări. Încercați din nou peste 15 minute.");
    expect(blocked.headers.get("Retry-After")).toBe("900");
    now += 15 * MINUTE;
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(302);
  });

  it("an attacker's 5 failures from elsewhere do not lock the owner out (finding 3: it was 15 minutes)", async () => {
    useFakeClock();
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, "Gresit-1!", freshIp())).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(302);
  });

  it("more failures per account, from any address, only add increasing delays (30 s, 1 min, 2 min…)", async () => {
    useFakeClock();
    const user = await createUser();
    for (let i = 0; i < 6; i++) expect((await login(user.email, "Gresit-1!", freshIp())).status).toBe(401);
    const waiting = await login(user.email, TEST_PASSWORD, freshIp());
    expect(waiting.status).toBe(429);
    expect(await formError(waiting)).toBe("Prea multe încercări. Încercați din nou peste 1 minut.");
    // Hammering while waiting does not lengthen the wait.
    for (let i = 0; i < 5; i++) await login(user.email, "Gresit-1!", freshIp());
    now += 30_000;
    expect((await login(user.email, "Gresit-1!", freshIp())).status).toBe(401); // 7th: next wait 1 minute
    now += 59_000;
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(429);
    now += 1_000;
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(302);
  });

  it("with no client address known, one client's failures do not lock other clients out (no shared bucket)", async () => {
    useFakeClock();
    const noHeaders = (email: string, password: string) => {
      const body = new FormData();
      body.set("email", email);
      body.set("password", password);
      return run(loginAction, new Request("http://localhost:3000/autentificare", { method: "POST", body, headers: { Origin: "http://localhost:3000" } }));
    };
    for (let i = 0; i < 6; i++) expect((await noHeaders(`strain-${i}-${now}@example.com`, "Gresit-1!")).status).toBe(401);
    const victim = await createUser();
    expect((await noHeaders(victim.email, TEST_PASSWORD)).status).toBe(302);
  });

  it("an address's failures across accounts: half the limit free, then growing waits, then a hard block", async () => {
    useFakeClock();
    process.env.RATE_LIMIT_LOGIN_ADDRESS_MAX = "10";
    resetEnvironment();
    const ip = freshIp();
    const user = await createUser();
    const wrong = (i: number) => login(`nimeni-${i}-${ip}@example.com`, "Gresit-1!", ip);
    for (let i = 0; i < 5; i++) expect((await wrong(i)).status).toBe(401);
    // A correct password right after the free failures still goes through (successes never count).
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(302);
    const waits: string[] = [];
    for (let i = 5; i < 9; i++) {
      expect((await wrong(i)).status).toBe(401);
      const refused = await login(user.email, TEST_PASSWORD, ip);
      expect(refused.status).toBe(429);
      const wait = refused.headers.get("Retry-After") ?? "";
      waits.push(wait);
      now += Number(wait) * 1000;
    }
    expect(waits).toEqual(["1", "2", "4", "8"]);
    // The 10th failure within the hour: blocked until the window ends.
    expect((await wrong(9)).status).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await formError(blocked)).toMatch(/^Prea multe încercări\. Încercați din nou peste \d+ (de )?minute\.$/);
    // Other addresses are not concerned.
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(302);
    now += 60 * MINUTE;
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(302);
  });

  it("30 students at one address log in correctly at once: every one gets in, and nothing is counted", async () => {
    const ip = freshIp();
    const students = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    const answers = await Promise.all(students.map((student) => login(student.email, TEST_PASSWORD, ip)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(302));
    const [address] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, `login:ip:${ip}`));
    expect(address).toBeUndefined();
  });

  it("an attacker at a classroom's address trying one account is still stopped after 5 guesses", async () => {
    useFakeClock();
    const ip = freshIp();
    const victim = await createUser();
    const classmates = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    for (const mate of classmates) expect((await login(mate.email, TEST_PASSWORD, ip)).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await login(victim.email, `Ghicit-${i}!`, ip)).status).toBe(401);
    expect((await login(victim.email, "Ghicit-6!", ip)).status).toBe(429);
    expect((await login(victim.email, TEST_PASSWORD, ip)).status).toBe(429);
    // The classmates at the same address are not concerned.
    expect((await login(classmates[0].email, TEST_PASSWORD, ip)).status).toBe(302);
  });

  it("a correct password from a known device is never refused because of other people's failures", async () => {
    useFakeClock();
    const ip = freshIp();
    const owner = await createUser();
    const first = await login(owner.email, TEST_PASSWORD, freshIp());
    const device = first.headers.getSetCookie().find((c) => c.startsWith("__device="))?.split(";")[0];
    expect(device).toBeTruthy();
    // The address hard-blocked by failures across accounts, and the owner's account guessed at from elsewhere.
    for (let i = 0; i < 50; i++) {
      await login(`nimeni-${i}-${ip}@example.com`, "Gresit-1!", ip);
      now += 61_000;
    }
    for (let i = 0; i < 8; i++) await login(owner.email, "Gresit-1!", freshIp());
    expect((await login(owner.email, TEST_PASSWORD, ip)).status).toBe(429);
    const known = await run(loginAction, post("/autentificare", { email: owner.email, password: TEST_PASSWORD }, { ip, cookie: device }));
    expect(known.status).toBe(302);
    // A forged device cookie is no device.
    const forged = await run(loginAction, post("/autentificare", { email: owner.email, password: TEST_PASSWORD }, { ip, cookie: "__device=eyJpZCI6IngifQ%3D%3D.AAAA" }));
    expect(forged.status).toBe(429);
    // The device's own guesses are still limited (5 per window).
    for (let i = 0; i < 5; i++) {
      expect((await run(loginAction, post("/autentificare", { email: owner.email, password: "Gresit-1!" }, { ip, cookie: device }))).status).toBe(401);
    }
    expect((await run(loginAction, post("/autentificare", { email: owner.email, password: TEST_PASSWORD }, { ip, cookie: device }))).status).toBe(429);
  }, 60_000);

  it("does not count successful logins", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(302);
    for (let i = 0; i < 4; i++) expect((await login(user.email, "Gresit-1!", ip)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(302);
  });
});

describe("register and forgot-password limits (per IP)", () => {
  it("limits registrations per IP", async () => {
    process.env.RATE_LIMIT_REGISTER_MAX = "2";
    resetEnvironment();
    const ip = freshIp();
    const register = (i: number) =>
      run(
        registerAction,
        post("/register", { name: "Maria Pop", email: `limita-${Date.now()}-${i}@example.com`, password: "Parola-Buna1!" }, { ip }),
      );
    expect((await register(1)).status).toBe(302);
    expect((await register(2)).status).toBe(302);
    const blocked = await register(3);
    expect(blocked.status).toBe(429);
    expect(await formError(blocked)).toBe("Prea multe încercări. Încercați din nou peste 60 de minute.");
    // Another visitor is not affected.
    expect((await run(registerAction, post("/register", { name: "Ioana", email: `alta-${Date.now()}@example.com`, password: "Parola-Buna1!" }, { ip: freshIp() }))).status).toBe(302);
  });

  it("limits reset requests per IP", async () => {
    process.env.RATE_LIMIT_RESET_MAX = "2";
    resetEnvironment();
    const ip = freshIp();
    const forgot = (i: number) => run(forgotAction, post("/forgot-password", { email: `cineva-${i}@example.com` }, { ip }));
    expect((await forgot(1)).status).toBe(200);
    expect((await forgot(2)).status).toBe(200);
    const blocked = await forgot(3);
    expect(blocked.status).toBe(429);
    expect(await formError(blocked)).toBe("Prea multe încercări. Încercați din nou peste 60 de minute.");
  });
});
