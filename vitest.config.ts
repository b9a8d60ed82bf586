import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
// One throwaway DATA_DIR per test run (uploads, outbox, generated keys).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-test-"));

const shared = {
  resolve: { alias: { "~": path.join(root, "app") } },
};

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/integration/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: {
            NODE_ENV: "test",
            DATA_DIR: dataDir,
            SESSION_SECRET: "integration-tests-secret-0123456789abcdef",
            PUBLIC_URL: "http://localhost:3000",
            LOG_LEVEL: "error",
          },
        },
      },
    ],
  },
});
