/** The layout pieces issue 3 checks: hamburger, account menu, admin entry, cookie banner. */
import { expect as baseExpect, test as baseTest, type BrowserContext } from "@playwright/test";
import { expect, loginAs, startScripts, test } from "./fixtures";
import { decodeConsent } from "./catalogue-helpers";

test("below 960px the menu is a hamburger that opens (also without JavaScript)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const desktopNav = page.locator(".desktop-nav");
  await expect(desktopNav).toBeHidden();
  const mobileNav = page.locator(".mobile-nav__panel");
  await expect(mobileNav).toBeHidden();
  await page.getByLabel("Meniu", { exact: true }).click();
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByRole("link", { name: "Cursuri", exact: true }).click();
  await expect(page).toHaveURL("/cursuri");
  await expect(page.getByRole("heading", { level: 1, name: "Cursuri de manichiură și pedichiură" })).toBeVisible();
});

test("the account menu greets the user by name on wide screens", async ({ page, context, request }) => {
  await loginAs(context, request, { name: "Ioana Popescu" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/cursuri");
  await page.locator(".account-menu__button").hover();
  await expect(page.getByText("Bună, Ioana!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Informații cont" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deconectare" }).first()).toBeAttached();
});

test("the Admin entry is shown to admins only", async ({ browser, request }) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  try {
    await loginAs(adminContext, request, { role: "admin" });
    await loginAs(userContext, request, {});
    const adminPage = await adminContext.newPage();
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto("/");
    await expect(adminPage.locator(".desktop-nav").getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    const userPage = await userContext.newPage();
    await userPage.setViewportSize({ width: 1280, height: 900 });
    await userPage.goto("/");
    await expect(userPage.locator(".desktop-nav").getByRole("link", { name: "Acasă" })).toBeVisible();
    await expect(userPage.getByRole("link", { name: "Admin" })).toHaveCount(0);
  } finally {
    await adminContext.close();
    await userContext.close();
  }
});

// The cookie banner: a fresh browser without the automatic consent of ./fixtures.
baseTest.describe("cookie banner", () => {
  async function consentCookie(context: BrowserContext) {
    const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent");
    return cookie ? decodeConsent(cookie.value) : null;
  }

  baseTest("'Accept toate' saves analytics and marketing, and the choice survives a reload", async ({ page, context }) => {
    await page.goto("/cursuri");
    const banner = page.getByRole("region", { name: "Folosim cookie-uri" });
    await baseExpect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Accept toate" }).click();
    await baseExpect(banner).toBeHidden();
    await baseExpect(page).toHaveURL("/cursuri");
    await baseExpect.poll(() => consentCookie(context)).toMatchObject({ analytics: true, marketing: true });
    await page.reload();
    await baseExpect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await baseExpect(banner).toHaveCount(0);
  });

  baseTest("'Doar cele necesare' refuses analytics and marketing, and the choice survives a reload", async ({ page, context }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Folosim cookie-uri" });
    await banner.getByRole("button", { name: "Doar cele necesare" }).click();
    await baseExpect(banner).toBeHidden();
    await baseExpect.poll(() => consentCookie(context)).toMatchObject({ analytics: false, marketing: false });
    await page.goto("/produse");
    await baseExpect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await baseExpect(banner).toHaveCount(0);
  });

  baseTest("'Personalizează' saves the ticked categories; /cookie shows and changes the choice", async ({ page, context }) => {
    await page.goto("/contact");
    const banner = page.getByRole("region", { name: "Folosim cookie-uri" });
    await banner.getByText("Personalizează").click();
    await banner.getByLabel("Analiză").check();
    await banner.getByRole("button", { name: "Salvează" }).click();
    await baseExpect(banner).toBeHidden();
    // With JavaScript the banner hides at once; the cookie arrives with the response.
    await baseExpect.poll(() => consentCookie(context)).toMatchObject({ analytics: true, marketing: false });
    await page.reload();
    await baseExpect(banner).toHaveCount(0);

    await page.goto("/cookie");
    await baseExpect(page.getByTestId("cookie-current")).toHaveText("Accepți cookie-urile necesare și pe cele de analiză.");
    const form = page.locator(".cookie-preferences");
    await baseExpect(form.getByLabel("Analiză")).toBeChecked();
    await form.getByLabel("Analiză").uncheck();
    await form.getByLabel("Marketing").check();
    await form.getByRole("button", { name: "Salvează preferințele" }).click();
    await baseExpect(page.getByText("Preferințele privind cookie-urile au fost salvate.")).toBeVisible();
    await baseExpect(page.getByTestId("cookie-current")).toHaveText("Accepți cookie-urile necesare și pe cele de marketing.");
    await baseExpect.poll(() => consentCookie(context)).toMatchObject({ analytics: false, marketing: true });
  });
});

test("the footer carries the company details, the six policies, contact and the ANPC SAL notice", async ({ page }) => {
  await page.goto("/contact");
  const footer = page.locator("footer.site-footer");
  await expect(footer).toContainText("Ana Nails Academy S.R.L.");
  await expect(footer).toContainText("CUI RO41234564 · Reg. Com. J13/1234/2019");
  for (const [href, label] of [
    ["/termeni", "Termeni și condiții"],
    ["/inscriere", "Politica de înscriere"],
    ["/retur", "Livrare și retur"],
    ["/plata", "Politica de plată"],
    ["/confidentialitate", "Politica de confidențialitate"],
    ["/cookie", "Politica de cookie-uri"],
  ]) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("link", { name: "+40 722 123 456" })).toHaveAttribute("href", "tel:+40722123456");
  await expect(footer.getByRole("link", { name: "contact@ananails.example" })).toHaveAttribute("href", "mailto:contact@ananails.example");
  await expect(footer.getByRole("link", { name: "ANPC – Soluționarea alternativă a litigiilor" })).toHaveAttribute("href", "https://anpc.ro/ce-este-sal/");
});

test("a new page starts at the top, also when a page with JavaScript leads to a content-only one", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/cursuri");
  await page.getByRole("link", { name: /Curs de bază – Tehnician manichiură/ }).first().click();
  await expect(page).toHaveURL(/\/cursuri\/curs\/\d+$/);
  await expect(page.locator("footer.site-footer")).toBeAttached();
  if (javaScriptEnabled) await startScripts(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator("footer.site-footer").getByRole("link", { name: "Pagina de contact" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
