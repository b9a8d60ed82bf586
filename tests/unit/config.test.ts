import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackUrl, loadConfig } from "~/config.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cfg-"));

describe("configuration", () => {
  it("starts on embedded defaults and keeps a generated session secret", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.databaseUrl).toBeUndefined();
    expect(first.port).toBe(3000);
    expect(first.publicUrl).toBe("http://localhost:3000");
    expect(first.cookieSecure).toBe(false);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
    expect(first.paymentSimulator).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ BUSINESS_IBAN: "123" }, /BUSINESS_IBAN/],
    [{ NETOPIA_SIGNATURE: "XXXX" }, /NETOPIA_/],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" }, /SESSION_SECRET is required/],
    [{ TEST_HOOKS_TOKEN: "short-token" }, /TEST_HOOKS_TOKEN must be at least 24 characters/],
    [{ NODE_ENV: "production", TEST_HOOKS_TOKEN: "t".repeat(32) }, /TEST_HOOKS_TOKEN is set on a production server/],
  ])("names the bad variable in one line: %j", (env, message) => {
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("makes cookies Secure behind https and refuses the simulator in real production", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/app",
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://ananails.example/",
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.publicUrl).toBe("https://ananails.example");
    expect(config.paymentSimulator).toBe(false);
  });

  it("accepts the test hooks token in production only for a test build (e2e, bench, fault tests)", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production", TEST_HOOKS_TOKEN: "t".repeat(32), ACADEMY_TEST_BUILD: "1" });
    expect(config.testHooksToken).toBe("t".repeat(32));
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production" }).testHooksToken).toBeUndefined();
  });

  describe("the payment simulator", () => {
    const simulator = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: "x".repeat(40), ...env }).paymentSimulator;
    const netopia = { NETOPIA_SIGNATURE: "AAAA-BBBB-CCCC-DDDD-EEEE", NETOPIA_PUBLIC_CERT: "cert.pem", NETOPIA_PRIVATE_KEY: "key.pem" };

    it("is allowed outside production, on any address and database", () => {
      expect(simulator({})).toBe(true);
      expect(simulator({ NODE_ENV: "test", DATABASE_URL: "postgres://db/app", PUBLIC_URL: "https://ananails.example" })).toBe(true);
    });

    it("is allowed in production on the quick start's embedded defaults (loopback address, no DATABASE_URL)", () => {
      expect(simulator({ NODE_ENV: "production" })).toBe(true);
      expect(simulator({ NODE_ENV: "production", PORT: "8080" })).toBe(true);
      expect(simulator({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3210" })).toBe(true);
      expect(simulator({ NODE_ENV: "production", PUBLIC_URL: "http://[::1]:3000" })).toBe(true);
    });

    it("is refused in production on a public address, even on the embedded database", () => {
      expect(simulator({ NODE_ENV: "production", PUBLIC_URL: "https://ananails.example" })).toBe(false);
      expect(simulator({ NODE_ENV: "production", PUBLIC_URL: "http://localhost.ananails.example" })).toBe(false);
      expect(simulator({ NODE_ENV: "production", PUBLIC_URL: "http://192.168.1.10:3000" })).toBe(false);
    });

    it("is refused in production with DATABASE_URL, even on a loopback address", () => {
      expect(simulator({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toBe(false);
    });

    it("is allowed in production when asked for explicitly (staging)", () => {
      expect(simulator({ NODE_ENV: "production", PAYMENT_SIMULATOR: "1", DATABASE_URL: "postgres://db/app", PUBLIC_URL: "https://staging.example" })).toBe(true);
      expect(simulator({ NODE_ENV: "production", PAYMENT_SIMULATOR: "1", PUBLIC_URL: "https://staging.example" })).toBe(true);
    });

    it("is never used when NETOPIA is configured", () => {
      expect(simulator({ ...netopia })).toBe(false);
      expect(simulator({ ...netopia, PAYMENT_SIMULATOR: "1" })).toBe(false);
    });

    it("knows loopback addresses", () => {
      expect(["http://localhost:3000", "http://LOCALHOST", "http://127.0.0.1", "http://[::1]:80"].map(isLoopbackUrl)).toEqual([true, true, true, true]);
      expect(["https://ananails.example", "http://127.0.0.2.example", "not a url"].map(isLoopbackUrl)).toEqual([false, false, false]);
    });
  });
});
