#!/usr/bin/env node
/**
 * Playwright runs on Debian's Chromium (/usr/bin/chromium), never a downloaded browser.
 * Installs the Debian package when missing and we are root; otherwise stops with a clear
 * message. A browser suite is never skipped silently.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    let result = spawnSync("apt-get", ["install", "-y", "-q", "--no-install-recommends", "chromium"], { stdio: "inherit", env });
    if (result.status !== 0) {
      spawnSync("apt-get", ["update", "-q"], { stdio: "inherit", env });
      result = spawnSync("apt-get", ["install", "-y", "-q", "--no-install-recommends", "chromium"], { stdio: "inherit", env });
    }
    if (result.status === 0 && fs.existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error(
    `Chromium not found at ${CHROMIUM}. Install Debian's package (sudo apt-get install chromium) ` +
      "or set CHROMIUM_PATH. The browser tests cannot run without it.",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  console.log(execFileSync(path, ["--version"], { encoding: "utf8" }).trim());
}
