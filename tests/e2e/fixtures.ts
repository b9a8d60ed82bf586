/**
 * Playwright fixtures: users and sessions are created in the database through the server's
 * test hooks (enabled only by the e2e runner's TEST_HOOKS_TOKEN), then the session cookie is
 * put in the browser. Each test uses its own fresh e-mail, so tests never share state.
 */
import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@ananails.example", password: "Admin-Parola1!" };
export const PASSWORD = "Parola-Buna1!";

export function uniqueEmail(prefix = "cursanta") {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
}

export async function hook<T = unknown>(request: APIRequestContext, op: string, body: unknown = {}): Promise<T> {
  const response = await request.post(`/api/test-hooks/${op}`, {
    data: body,
    headers: { "X-Test-Hooks-Token": process.env.TEST_HOOKS_TOKEN ?? "" },
  });
  if (!response.ok()) throw new Error(`test hook ${op} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface LoggedIn {
  userId: string;
  email: string;
}

export async function loginAs(
  context: BrowserContext,
  request: APIRequestContext,
  user: { email?: string; name?: string; role?: "user" | "admin"; phone?: string; address?: string } = {},
): Promise<LoggedIn> {
  const email = user.email ?? uniqueEmail(user.role === "admin" ? "admin" : "cursanta");
  const result = await hook<{ userId: string; cookie: { name: string; value: string } }>(request, "login", {
    ...user,
    email,
  });
  const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";
  await context.addCookies([{ name: result.cookie.name, value: result.cookie.value, url: baseURL }]);
  return { userId: result.userId, email };
}

/** Enrols a user in a course directly (test hook): returns the ids. */
export async function enroll(
  request: APIRequestContext,
  input: { email: string; courseTitle: string; status?: "pending" | "confirmed" | "failed" | "refunded"; accessUntil?: string | null },
): Promise<{ enrollmentId: string; courseId: number; userId: string }> {
  return hook(request, "enroll", input);
}

/** Saves a cookie choice so the banner does not cover the page. */
export async function dismissCookies(context: BrowserContext) {
  const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";
  // Same serialisation as createCookie(): base64 of the JSON value.
  const value = Buffer.from(JSON.stringify({ analytics: false, marketing: false, v: 1 })).toString("base64");
  await context.addCookies([{ name: "cookie_consent", value: encodeURIComponent(value), url: baseURL }]);
}

/** A client IP of its own for a test (sent as X-Forwarded-For, which the app trusts). */
export function randomClientIp() {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c === 0 ? 1 : c}`;
}

export const test = base.extend<{ cookiesChosen: void; clientIp: string }>({
  cookiesChosen: [
    async ({ context }, use) => {
      await dismissCookies(context);
      await use();
    },
    { auto: true },
  ],
  // Each test is its own visitor: per-IP rate limits (login, register, reset) never mix
  // between tests running in parallel, as they would if every test came from 127.0.0.1.
  clientIp: [
    async ({ context }, use) => {
      const ip = randomClientIp();
      await context.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
      await use(ip);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Course and product details start their scripts at the first interaction (route-handle.ts):
 * move the pointer, as a visitor would, and wait until React has taken over the page.
 */
export async function startScripts(page: Page) {
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
