import type { Page } from "@playwright/test";

/** A slow phone: the CPU six times slower, and every script held until `release()`. */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/build\/.*\.js(\?.*)?$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, asked };
}
