import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server";

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
});
