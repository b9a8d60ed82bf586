import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element?.outerHTML.slice(0, 50) }); }).observe({ type: "largest-contentful-paint", buffered: true });
});
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.argv[3] ?? 1) });
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => ({
  lcp: window.__lcp,
  paint: performance.getEntriesByType("paint").map((e) => [e.name, Math.round(e.startTime)]),
  res: performance.getEntriesByType("resource").map((e) => [e.name.slice(-30), Math.round(e.startTime)]),
  nav: Math.round(performance.getEntriesByType("navigation")[0].loadEventStart),
})), null, 1));
await browser.close();
