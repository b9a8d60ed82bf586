/**
 * Issue 20, items 4 and 8: the cookie banner is the first thing a keyboard reaches, and neither
 * it (on a 390 px phone) nor the admin editor's sticky save bar hides a focused element (WCAG
 * 2.4.11); visual details at 390 and 1280 px (amounts never wrap "RON" onto a line of its own,
 * the product grid, disabled buttons). Public images: see tests/integration/public-images.test.ts.
 */
import { expect as baseExpect, test as baseTest, type Page } from "@playwright/test";
import { COURSES, PRODUCTS } from "./catalogue-helpers";
import { expect, hook, loginAs, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

interface FocusInfo {
  label: string;
  top: number;
  bottom: number;
  /** Top of the fixed or sticky element that must not cover it. */
  coverTop: number;
}

/**
 * Presses Tab and describes the focused element with the top of `cover` (null: nothing focused,
 * or the focus is inside `skip`).
 */
async function tabAndDescribe(page: Page, skip: string, cover: string): Promise<FocusInfo | null> {
  await page.keyboard.press("Tab");
  return page.evaluate(
    ([skipSelector, coverSelector]) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body || active.closest(skipSelector)) return null;
      const rect = active.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return null; // visually hidden helpers
      const label = (active.getAttribute("aria-label") || active.textContent || (active as HTMLInputElement).name || active.tagName).trim().slice(0, 40);
      const coverTop = document.querySelector(coverSelector)?.getBoundingClientRect().top ?? Infinity;
      return { label, top: rect.top, bottom: rect.bottom, coverTop };
    },
    [skip, cover],
  );
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
    baseTest.slow();
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await baseExpect(page.locator(".cookie-banner__inner")).toBeVisible();
    let checked = 0;
    // Through the header, the home page's cards and links, down to the footer's last links.
    for (let i = 0; i < 70; i++) {
      const focused = await tabAndDescribe(page, ".cookie-banner", ".cookie-banner__inner");
      if (!focused) continue;
      checked++;
      baseExpect(focused.bottom, `"${focused.label}" (Tab ${i + 1}) ends below the banner's top`).toBeLessThanOrEqual(focused.coverTop + 1);
    }
    baseExpect(checked).toBeGreaterThan(30);
  });
});

test.describe("admin editor (item 4)", () => {
  test("at 390 px the sticky save bar and header hide no focused field", async ({ page, context, request }) => {
    test.slow();
    await loginAs(context, request, { role: "admin" });
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/cursuri/${COURSES.basic.id}`);
    const bar = page.locator(".admin-form__footer");
    await expect(bar).toBeVisible();
    await page.locator(".admin-form input:not([type=hidden])").first().focus();
    let checked = 0;
    for (let i = 0; i < 70; i++) {
      const focused = await tabAndDescribe(page, ".admin-form__footer, .site-header, .site-footer", ".admin-form__footer");
      if (!focused) continue;
      checked++;
      // A tall text area may touch the bar by a few pixels; a field is never hidden behind it.
      expect(focused.bottom - focused.coverTop, `"${focused.label}" (Tab ${i + 1}) runs under the save bar`).toBeLessThanOrEqual(8);
      expect(focused.top, `"${focused.label}" (Tab ${i + 1}) is under the sticky header`).toBeGreaterThanOrEqual(64);
    }
    expect(checked).toBeGreaterThan(40);
  });
});

test.describe("visual details (item 8)", () => {
  /** Every `inner` element lies within the horizontal bounds of its `outer` ancestor. */
  async function expectInsideCards(page: Page, outer: string, inner: string) {
    const overflows = await page.evaluate(
      ([outerSelector, innerSelector]) =>
        [...document.querySelectorAll(innerSelector)].flatMap((element) => {
          const card = element.closest(outerSelector);
          if (!card) return [];
          const box = element.getBoundingClientRect();
          const bounds = card.getBoundingClientRect();
          return box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5 ? [`${element.textContent} (${box.right} > ${bounds.right})`] : [];
        }),
      [outer, inner],
    );
    expect(overflows).toEqual([]);
  }

  for (const width of [390, 1280]) {
    test(`at ${width} px prices and the lowest-price statement stay inside their cards`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/cursuri", "/cursuri-online", "/produse"]) {
        await page.goto(path);
        await expect(page.locator(".product-card").first()).toBeVisible();
        await expectInsideCards(page, ".product-card", ".price, .price__lowest, .price__old");
      }
    });
  }

  test("online course cards do not repeat the subtitle as a meta line", async ({ page }) => {
    await page.goto("/cursuri-online");
    await expect(page.locator(".course-card").first()).toBeVisible();
    await expect(page.locator(".course-card")).not.toContainText(["Curs video, în ritmul tău"]);
    await expect(page.locator(".course-card .meta-list")).toHaveCount(0);
  });

  test("at 1280 px a short last row of cards is centred, not left with a hole at its end", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of ["/produse", "/cursuri", "/cursuri-online"]) {
      await page.goto(path);
      await expect(page.locator(".catalogue-grid > *").first()).toBeVisible();
      const gap = await page.evaluate(() => {
        const grid = document.querySelector(".catalogue-grid")!.getBoundingClientRect();
        const cards = [...document.querySelectorAll(".catalogue-grid > *")].map((card) => card.getBoundingClientRect());
        const lastTop = Math.max(...cards.map((card) => card.top));
        const lastRow = cards.filter((card) => Math.abs(card.top - lastTop) < 1);
        const left = Math.min(...lastRow.map((card) => card.left)) - grid.left;
        const right = grid.right - Math.max(...lastRow.map((card) => card.right));
        return { left, right, sameWidth: lastRow.every((card) => Math.abs(card.width - cards[0].width) < 1) };
      });
      expect(Math.abs(gap.left - gap.right), `${path}: last row ${JSON.stringify(gap)}`).toBeLessThanOrEqual(2);
      expect(gap.sameWidth, path).toBe(true);
    }
  });

  test("at 1280 px the course image sits beside the title and the buy card beside the content", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
    const title = page.getByRole("heading", { level: 1 });
    const media = page.locator(".course-detail__media img");
    const aside = page.locator(".course-detail__aside");
    const content = page.locator(".course-detail__content");
    const [titleBox, mediaBox, asideBox, contentBox] = await Promise.all([title, media, aside, content].map((l) => l.boundingBox()));
    expect(mediaBox!.x).toBeGreaterThan(titleBox!.x + titleBox!.width - 1);
    expect(mediaBox!.y).toBeLessThan(titleBox!.y + titleBox!.height);
    expect(asideBox!.x).toBeGreaterThan(contentBox!.x + contentBox!.width - 1);
    // The right column ends near the left one instead of hundreds of pixels above it.
    expect(contentBox!.y + contentBox!.height - (asideBox!.y + asideBox!.height)).toBeLessThan(300);
  });

  test("at 390 px 'Total de plată … RON' stays on one line and payment methods read as title and note", async ({ page, context, request }) => {
    await page.setViewportSize(PHONE);
    const { email } = await loginAs(context, request, { name: "Ioana Pop", phone: "0722123456", address: "Str. Lungă 12, Cluj-Napoca" });
    await hook(request, "addToCart", {
      email,
      items: [{ title: COURSES.basic.title, option: 0 }, { title: COURSES.semipermanent.title, option: 0 }, { title: PRODUCTS.lamp.title }],
      pickup: true,
    });
    await page.goto("/cart");
    const total = page.getByTestId("checkout-recap").locator("strong").first();
    await expect(total).toHaveText(/RON$/);
    expect(await total.evaluate((element) => element.getClientRects().length)).toBe(1);
    const note = page.locator(".radio-card").filter({ hasText: "Transfer bancar" }).getByText("Cursurile se activează după confirmarea plății.");
    expect(Number(await note.evaluate((element) => getComputedStyle(element).fontWeight))).toBeLessThan(600);
    // No empty line between the method and its note.
    const strongBox = (await page.locator(".radio-card strong").filter({ hasText: "Transfer bancar" }).boundingBox())!;
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y - (strongBox.y + strongBox.height)).toBeLessThan(8);
  });

  test("a disabled button is a neutral grey with readable text, not a faded pink", async ({ page }) => {
    await page.goto("/cursuri");
    const look = await page.evaluate(() => {
      const button = document.createElement("button");
      button.className = "button button--primary";
      button.disabled = true;
      button.textContent = "Comandă";
      document.querySelector("main")!.append(button);
      const style = getComputedStyle(button);
      const rgb = (value: string) => value.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
      return { background: rgb(style.backgroundColor), color: rgb(style.color), opacity: Number(style.opacity), cursor: style.cursor };
    });
    expect(look.opacity).toBe(1);
    expect(look.cursor).toBe("not-allowed");
    expect(Math.max(...look.background) - Math.min(...look.background)).toBeLessThan(16);
    // Text darker than the background by a clear margin (WCAG-like contrast, ≥ 4.5:1).
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b].map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (luminance(look.background) + 0.05) / (luminance(look.color) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  });

  test("at 390 px a toast has no coloured sliver at its left edge and even margins", async ({ page, context, request }) => {
    await page.setViewportSize(PHONE);
    await loginAs(context, request);
    await page.goto(`/produse/produs/${PRODUCTS.kit.id}`);
    await page.getByRole("button", { name: /Adaugă în coș/ }).click();
    const toast = page.locator(".toast");
    await expect(toast).toContainText("Produs adăugat în coș");
    const look = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { border: getComputedStyle(element).borderLeftWidth, left: box.left, right: window.innerWidth - box.right };
    });
    expect(look.border).toBe("0px");
    expect(Math.abs(look.left - look.right)).toBeLessThanOrEqual(1);
  });
});
