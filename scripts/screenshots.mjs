#!/usr/bin/env node
/**
 * Looks at pages as a visitor would: full-page screenshots at 390px and 1280px in Debian's
 * Chromium, with JavaScript on (default) or off (--no-js).
 *   node scripts/screenshots.mjs http://localhost:3000 / /cursuri --out=/tmp/shots [--no-js] [--cookie=name=value]
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const base = args.find((a) => a.startsWith("http")) ?? "http://localhost:3000";
const pages = args.filter((a) => a.startsWith("/"));
const out = (args.find((a) => a.startsWith("--out=")) ?? "--out=/tmp/shots").slice(6);
const javaScriptEnabled = !args.includes("--no-js");
const cookies = args
  .filter((a) => a.startsWith("--cookie="))
  .map((a) => {
    const [name, ...rest] = a.slice(9).split("=");
    return { name, value: rest.join("="), url: base };
  });
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, javaScriptEnabled, locale: "ro-RO" });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  for (const p of pages.length ? pages : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images below the fold load, as they would for a reader.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) await page.mouse.wheel(0, 500);
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, -height);
    // Catalogue cards far from the viewport are not drawn (content-visibility: auto, issue 31);
    // a reader scrolling gets them drawn before they arrive, a full-page capture would not.
    // (page.evaluate, not addStyleTag: the latter hangs when the page's JavaScript is off.)
    await page.evaluate(() => {
      const style = document.createElement("style");
      style.textContent = ".catalogue-grid > * { content-visibility: visible !important; }";
      document.head.append(style);
    });
    const name = `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}${javaScriptEnabled ? "" : "-nojs"}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();
