/**
 * Rate limits stored in PostgreSQL (DESIGN §8): fixed windows with an atomic upsert; login 5
 * failures per 15 minutes per e-mail and per IP; register and forgot-password per IP.
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
  for (const name of ["RATE_LIMIT_REGISTER_MAX", "RATE_LIMIT_RESET_MAX"]) delete process.env[name];
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
    const proxySaw = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const forged = `${freshIp()}, ${proxySaw}`;
      const response = await run(loginAction, post("/autentificare", { email: `nimeni${i}-${proxySaw}@example.ro`, password: "Gresit-1!" }, { ip: forged }));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe("login limit", () => {
  const login = (email: string, password: string, ip: string) =>
    run(loginAction, post("/autentificare", { email, password }, { ip }));

  it("5 failures from one address block that address for the account for 15 minutes (SPEC)", async () => {
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

  it("blocks an IP after 5 failures across accounts", async () => {
    useFakeClock();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(`nimeni-${i}@example.com`, "Gresit-1!", ip);
    const user = await createUser();
    const blocked = await login(user.email, TEST_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await formError(blocked)).toMatch(/^Prea multe încercări\. Încercați din nou peste \d+ minute\.$/);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(302);
  });

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
