/**
 * The login, register and legal pages show their HTML first and start their scripts after the
 * first paint (route-handle.ts "after-paint", issue 31: on a slow link ~100 KB of script no longer
 * shares the line before anything shows). A visitor on a slow phone types and taps before or while
 * the scripts start: the forms post as plain HTML forms and every answer is the one she would get
 * with JavaScript. The diploma check, opened from a QR code, ships no script at all.
 */
import { fillLogin, formAlert, toast } from "./account-helpers";
import { expect, hook, PASSWORD, test, uniqueEmail } from "./fixtures";
import { slowPhone } from "./slow-phone";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "about the moments before and while the scripts start");

const AFTER_PAINT = ["/autentificare", "/register", "/forgot-password", "/termeni", "/inscriere", "/retur", "/plata", "/confidentialitate", "/cookie"];

/** The app's scripts in the HTML the server sent: inside the inert template, and outside it. */
function scriptsIn(html: string) {
  const scripts = (part: string) => (part.match(/\/build\/[^"' ]+\.js/g) ?? []).length;
  const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
  return { held: scripts(template) > 0, live: scripts(html.replace(template, "")) };
}

for (const path of AFTER_PAINT) {
  test(`${path}: shown before its scripts, which then start by themselves`, async ({ page }) => {
    const phone = await slowPhone(page);
    const response = await page.goto(path);
    expect(scriptsIn((await response?.text()) ?? "")).toEqual({ held: true, live: 0 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('html[data-start="after-paint"]')).toHaveCount(1);
    // No interaction: the page asks for its scripts once it has loaded and painted.
    await expect.poll(() => phone.asked.length).toBeGreaterThan(0);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    phone.release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  });
}

test("login before the scripts arrive: a plain post, the toast and /cont", async ({ page, request }) => {
  const email = uniqueEmail("devreme");
  await hook(request, "user", { email, name: "Elena Dobre" });
  const phone = await slowPhone(page);
  await page.goto("/autentificare");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/cont$/);
  await expect(toast(page)).toHaveText("Autentificare reușită! Redirect în cont...");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bună, Elena!");
  phone.release();
});

test("a wrong password before the scripts arrive: the server's message, the e-mail kept", async ({ page, request }) => {
  const email = uniqueEmail("devreme-gresit");
  await hook(request, "user", { email });
  const phone = await slowPhone(page);
  await page.goto("/autentificare");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await fillLogin(page, email, "Parola-Gresita9!");
  await expect(formAlert(page)).toHaveText("Email sau parolă incorectă.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Parolă", { exact: true })).toHaveValue("");
  phone.release();
});

test("register while the scripts start: the account is made and the student is on /cont", async ({ page }) => {
  const email = uniqueEmail("devreme-cont");
  const phone = await slowPhone(page);
  await page.goto("/register");
  await page.getByLabel("Nume", { exact: true }).fill("Ioana Marin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
  phone.release();
  // Tapped while the scripts load and start on the slow CPU.
  await page.getByRole("button", { name: "Creează contul" }).click();
  await expect(page).toHaveURL(/\/cont$/);
  await expect(toast(page)).toHaveText("Utilizator creat cu succes");
  await expect(page.locator("#informatii-cont")).toContainText(email);
});

test("the diploma check ships no script at all", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  const response = await page.goto("/diploma/ABCDE12345");
  expect(response?.status()).toBe(404);
  expect(scriptsIn((await response?.text()) ?? "")).toEqual({ held: false, live: 0 });
  await expect(page.getByRole("heading", { name: "Diplomă inexistentă" })).toBeVisible();
  expect(scripts).toEqual([]);
});
