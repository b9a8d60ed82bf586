/**
 * Issue 20, items 4 and 8: the cookie banner is the first thing a keyboard reaches, and neither
 * it (on a 390 px phone) nor the admin editor's sticky save bar hides a focused element (WCAG
 * 2.4.11); visual details at 390 and 1280 px (amounts never wrap "RON" onto a line of its own,
 * the product grid, disabled buttons). Public images: see tests/integration/public-images.test.ts.
 */
import { expect as baseExpect, test as baseTest, type Locator, type Page } from "@playwright/test";
import { COURSES } from "./catalogue-helpers";
import { expect, loginAs, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

interface FocusInfo {
  label: string;
  top: number;
  bottom: number;
  height: number;
}

/** Presses Tab and describes the focused element (null: nothing, or inside `skip`). */
async function tabAndDescribe(page: Page, skip: string): Promise<FocusInfo | null> {
  await page.keyboard.press("Tab");
  return page.evaluate((skipSelector) => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active.closest(skipSelector)) return null;
    const rect = active.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return null; // visually hidden helpers
    const label = (active.getAttribute("aria-label") || active.textContent || (active as HTMLInputElement).name || active.tagName).trim().slice(0, 40);
    return { label, top: rect.top, bottom: rect.bottom, height: rect.height };
  }, skip);
}

async function topOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element is not rendered");
  return box.y;
}

// A fresh browser without the automatic cookie choice of ./fixtures: the banner is shown.
baseTest.describe("cookie banner and focus (item 4)", () => {
  baseTest("the banner's buttons are the first thing Tab reaches after the skip link", async ({ page }) => {
    await page.goto("/cursuri");
    const banner = page.getByRole("region", { name: "Folosim cookie-uri" });
    await baseExpect(banner).toBeVisible();
    await page.keyboard.press("Tab");
    await baseExpect(page.getByRole("link", { name: "Sari la conținut" })).toBeFocused();
    await page.keyboard.press("Tab");
    await baseExpect(banner.getByRole("button", { name: "Accept toate" })).toBeFocused();
    await page.keyboard.press("Tab");
    await baseExpect(banner.getByRole("button", { name: "Doar cele necesare" })).toBeFocused();
    // Still shown at the bottom of the window.
    const box = (await banner.locator(".cookie-banner__inner").boundingBox())!;
    const viewport = page.viewportSize()!;
    baseExpect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
    baseExpect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  });

  baseTest("at 390 px no focused link or field is hidden behind the banner", async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const path of ["/", `/cursuri/curs/${COURSES.basic.id}`]) {
      await page.goto(path);
      const banner = page.locator(".cookie-banner__inner");
      await baseExpect(banner).toBeVisible();
      let checked = 0;
      for (let i = 0; i < 90; i++) {
        const focused = await tabAndDescribe(page, ".cookie-banner");
        if (!focused) continue;
        checked++;
        const bannerTop = await topOf(banner);
        baseExpect(focused.bottom, `${path}: "${focused.label}" (Tab ${i + 1}) ends below the banner's top`).toBeLessThanOrEqual(bannerTop + 1);
      }
      // The page has enough links for the walk to mean something (header, cards, footer).
      baseExpect(checked, path).toBeGreaterThan(30);
    }
  });
});

test.describe("admin editor (item 4)", () => {
  test("at 390 px the sticky save bar and header hide no focused field", async ({ page, context, request }) => {
    await loginAs(context, request, { role: "admin" });
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/cursuri/${COURSES.basic.id}`);
    const bar = page.locator(".admin-form__footer");
    await expect(bar).toBeVisible();
    await page.locator(".admin-form input:not([type=hidden])").first().focus();
    let checked = 0;
    for (let i = 0; i < 100; i++) {
      const focused = await tabAndDescribe(page, ".admin-form__footer, .site-header, .site-footer");
      if (!focused) continue;
      checked++;
      const barTop = await topOf(bar);
      // A tall text area may touch the bar by a few pixels; a field is never hidden behind it.
      expect(focused.bottom - barTop, `"${focused.label}" (Tab ${i + 1}) runs under the save bar`).toBeLessThanOrEqual(8);
      expect(focused.top, `"${focused.label}" (Tab ${i + 1}) is under the sticky header`).toBeGreaterThanOrEqual(64);
    }
    expect(checked).toBeGreaterThan(40);
  });
});
