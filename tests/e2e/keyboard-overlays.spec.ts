/**
 * Issue 30, items 1–5 and 7–9: what an outside keyboard and screen run found. Every overlay
 * closes on Escape and gives focus back to what opened it, also before (or without) the app's
 * scripts; Tab never leaves an open menu behind; a toast never covers the focused element; every
 * scrolling region can be reached from the keyboard; a refused form puts the cursor on the first
 * field to fix; and three layouts (account e-mail, option cards, breadcrumb, save bar) hold.
 * Every step waits for a state (focus, open, visible), never for time.
 */
import type { Page } from "@playwright/test";
import { expect, loginAs, startScripts, test } from "./fixtures";
import { COURSES } from "./catalogue-helpers";

const PHONE = { width: 390, height: 844 };

const focusedIs = (page: Page, selector: string) =>
  page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), selector);

test.describe("Escape closes every overlay, before the app's scripts too", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "keys need a script; without JavaScript the panels close with their own toggle");

  test("the mobile menu: Escape closes it and focus returns to its button; Tab out closes it", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const menu = page.locator("details.mobile-nav");
    const toggle = menu.locator("summary");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Acasă" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await focusedIs(page, "details.mobile-nav > summary");

    // Open again and Tab through every link: leaving the panel closes it.
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    const links = await menu.locator(".mobile-nav__panel a, .mobile-nav__panel button").count();
    for (let i = 0; i <= links; i++) await page.keyboard.press("Tab");
    await expect(menu).not.toHaveAttribute("open", "");
    expect(await page.evaluate(() => document.querySelector("details.mobile-nav")?.contains(document.activeElement))).toBe(false);
  });

  test("the cookie settings: Escape closes them and focus returns to „Personalizează”", async ({ page, context }) => {
    await context.clearCookies({ name: "cookie_consent" });
    await page.goto("/cursuri");
    const settings = page.locator("details.cookie-banner__settings");
    await settings.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(settings).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(settings).not.toHaveAttribute("open", "");
    await focusedIs(page, "details.cookie-banner__settings > summary");
  });

  test("the account menu: Escape hides it while its button keeps focus", async ({ page, context, request }) => {
    await loginAs(context, request, { name: "Ana Tastatură" });
    await page.goto("/cursuri");
    const button = page.locator(".account-menu__button");
    const panel = page.locator(".account-menu__panel");
    await button.focus();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    // Leaving and coming back opens it again.
    await page.keyboard.press("Shift+Tab");
    await button.focus();
    await expect(panel).toBeVisible();
  });

  test("the transfer dialog's heading shows where the focus is", async ({ page, context, request }) => {
    await loginAs(context, request, { name: "Ana Transfer", address: "Str. Mircea cel Bătrân 10, Constanța 900123" });
    await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
    await startScripts(page);
    await page.getByRole("radio", { name: /^5 zile/ }).check();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    await page.getByRole("checkbox", { name: /Am citit și accept/ }).check();
    await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
    const heading = page.getByRole("heading", { name: "Plată prin transfer bancar" });
    await expect(heading).toBeFocused();
    const outline = await heading.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe("none");
  });
});

test("a toast never covers the focused element", async ({ page, context, request, javaScriptEnabled }) => {
  await loginAs(context, request, { name: "Ana Toast" });
  await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
  if (javaScriptEnabled) await startScripts(page);
  await page.getByRole("radio", { name: /^5 zile/ }).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  const toast = page.locator(".toast", { hasText: "Curs adăugat în coș!" }).first();
  await expect(toast).toBeVisible();
  // Focus every breadcrumb link while the toast is shown: none is hidden behind it (with
  // scripts the toast steps aside; without, a style rule hides toasts while the top of the page has focus).
  const crumbs = page.locator(".breadcrumbs a");
  // A key press first: the focus that follows is keyboard focus (:focus-visible), as for a Tab user.
  await page.keyboard.press("Shift");
  for (let i = 0; i < (await crumbs.count()); i++) {
    await crumbs.nth(i).focus();
    const covered = await crumbs.nth(i).evaluate((link) => {
      const box = link.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      return Boolean(top && !link.contains(top) && top.closest(".toast"));
    });
    expect(covered).toBe(false);
  }
});

test("every scrolling region on a phone can be reached with Tab", async ({ page, context, request }) => {
  await page.setViewportSize(PHONE);
  await loginAs(context, request, { name: "Ana Derulare" });
  for (const path of ["/cookie", "/cont", "/cart", "/cursuri", "/produse", "/termeni", "/confidentialitate", "/retur"]) {
    await page.goto(path);
    const unreachable = await page.evaluate(() => {
      const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
      return [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((element) => {
          const style = getComputedStyle(element);
          const scrolls =
            (/(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
            (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1);
          return scrolls && element.tabIndex < 0 && !element.querySelector(focusable);
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    });
    expect(unreachable, path).toEqual([]);
  }
});

test("a refused registration puts the cursor on the first field to fix", async ({ page, context, request, javaScriptEnabled }) => {
  // An account with this e-mail exists, so the server refuses the second one.
  const { email } = await loginAs(context, request, { name: "Ana Dublă" });
  await context.clearCookies();
  await page.goto("/register");
  await page.getByLabel("Nume").fill("Ana Dublă");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Parolă", { exact: true }).fill("Parola-Buna1!");
  await page.getByRole("button", { name: "Creează contul" }).click();
  await expect(page.getByText("Email deja folosită").first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toBeFocused();
  if (!javaScriptEnabled) await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("autofocus", "");
});

test.describe("layouts at 390 and 1280 px", () => {
  test("a long e-mail in /cont wraps at its dots, clear of the name", async ({ page, context, request }) => {
    const email = `ana.maria.popescu-ionescu.cursanta.${Date.now()}@exemplu-foarte-lung.ro`;
    await loginAs(context, request, { email, name: "Ana Maria Popescu" });
    await page.goto("/cont");
    const mail = page.locator(".details-list__email");
    const name = page.locator(".details-list > div").filter({ hasText: "Nume" }).locator("dd");
    const [a, b] = [await mail.boundingBox(), await name.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);
    // Each piece between breaks stays whole: no line ends inside a word.
    const lines = await mail.evaluate((dd) => [...dd.querySelectorAll("span")].map((span) => span.getClientRects().length));
    expect(lines.every((count) => count === 1)).toBe(true);
  });

  test("the accreditation option keeps its text readable in the narrow column", async ({ page }) => {
    await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
    const card = page.locator(".radio-card", { hasText: "Diplomă acreditată" });
    const text = await card.locator(".radio-card__main").boundingBox();
    expect(text!.width).toBeGreaterThan(150);
    const lines = await card.locator(".radio-card__main").evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
    expect(lines).toBeLessThanOrEqual(3);
  });

  test("a wrapped breadcrumb never starts a line with „/”", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
    const separators = await page.locator(".breadcrumbs li").evaluateAll((items) =>
      items.map((item) => getComputedStyle(item, "::before").content),
    );
    expect(separators.every((content) => content === "none" || content === "normal")).toBe(true);
  });

  test("the admin editor's save bar is opaque", async ({ page, context, request }) => {
    await loginAs(context, request, { role: "admin" });
    await page.goto(`/admin/cursuri/${COURSES.basic.id}`);
    const background = await page.locator(".admin-form__footer").evaluate((bar) => getComputedStyle(bar).backgroundColor);
    expect(background).toMatch(/^rgb\(/);
  });
});
