import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);
const baseURL = process.env.E2E_BASE_URL || `http://127.0.0.1:${port}`;

/** Debian's Chromium only (never `npx playwright install`); flags for this closed network. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries anywhere: a test that fails once is a race to fix, not to hide. failOnFlakyTests
  // guards a retry given on the command line.
  retries: 0,
  failOnFlakyTests: true,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT (CI): also a JSON report there, for the per-database counts (scripts/test-counts.mjs).
  reporter: process.env.E2E_REPORT ? [["list"], ["json", { outputFile: process.env.E2E_REPORT }]] : [["list"]],
  use: {
    baseURL,
    locale: "ro-RO",
    timezoneId: "Europe/Bucharest",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      // A production build with DATABASE_URL only offers the card simulator when asked (staging).
      PAYMENT_SIMULATOR: "1",
      // The same for the ANAF e-Factura simulator (no ANAF_CLIENT_ID).
      ANAF_SIMULATOR: "1",
      // The e-Factura journeys run the job through a test hook, for their own documents only.
      EFACTURA_WORKER: "0",
      PORT: String(port),
      // One worker (the e2e fixtures and PGlite expect one process) unless a run asks for more.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || "1",
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR || "./data-e2e",
      DATABASE_URL: process.env.E2E_DATABASE_URL || "",
      SESSION_SECRET: process.env.E2E_SESSION_SECRET || "e2e-session-secret-0123456789abcdef",
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: "admin@ananails.example",
      ADMIN_PASSWORD: "Admin-Parola1!",
      TEST_HOOKS_TOKEN: process.env.TEST_HOOKS_TOKEN || "",
      // A test build: the fixture endpoint is compiled in (remix.config.js), the token accepted.
      ACADEMY_TEST_BUILD: "1",
      LOG_LEVEL: "warn",
    },
  },
});
