/**
 * Issue 20, student items 5, 6, 7 and 10 at 390 px (phone), with JavaScript on and off: the
 * choice made before the login is kept, the add button is disabled from the server's HTML on,
 * an in-person course shows its date and place in /cont, and screen-reader details (focus on the
 * first invalid field, a refused login marks its fields, toasts announced through a live region
 * that exists at load, the player's headings, one chapter list and named progress bars).
 */
import type { Page } from "@playwright/test";
import { fillLogin, formReady } from "./account-helpers";
import { COURSES } from "./catalogue-helpers";
import { enroll, expect, hook, loginAs, PASSWORD, test, uniqueEmail } from "./fixtures";
import { slowPhone } from "./slow-phone";

test.use({ viewport: { width: 390, height: 844 } });

const PHYSICAL = `/cursuri/curs/${COURSES.basic.id}`;
const ONLINE = `/cursuri-online/curs/${COURSES.semipermanent.id}`;
const ACADEMY_ADDRESS = "Str. Ștefan cel Mare nr. 45, Constanța 900178, România";

async function newUser(request: Parameters<typeof hook>[0], prefix: string) {
  const email = uniqueEmail(prefix);
  await hook(request, "user", { email });
  return email;
}

/** The login page after the redirect: the same-site address it will bring the guest back to. */
async function redirectTarget(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/autentificare\?redirectTo=/);
  return new URL(page.url()).searchParams.get("redirectTo") ?? "";
}

test.describe("item 5: the choice made before the login is kept", () => {
  test("physical course: the period and the options come back after the login", async ({ page, request, javaScriptEnabled }) => {
    const email = await newUser(request, "perioada");
    await page.goto(PHYSICAL);
    // With JavaScript the taps come as the scripts start (the first one starts them): they must
    // work whichever of the two handles them.
    await page.getByLabel("10 zile").check();
    await page.getByLabel("Diplomă acreditată").check();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    const target = await redirectTarget(page);
    expect(target).toMatch(new RegExp(`^/cursuri/curs/${COURSES.basic.id}\\?priceOptionId=\\d+&accreditation=on$`));

    await formReady(page, javaScriptEnabled);
    await fillLogin(page, email, PASSWORD);
    await expect(page).toHaveURL(target);
    await expect(page.getByLabel("10 zile")).toBeChecked();
    await expect(page.getByLabel("Diplomă acreditată")).toBeChecked();
    await expect(page.getByLabel("5 zile")).not.toBeChecked();

    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Curs adăugat în coș!" })).toBeVisible();
    // The cart holds that choice: the page now shows it as saved.
    await expect(page.getByRole("button", { name: "Curs deja în coș – Actualizează" })).toBeVisible();
    await expect(page.getByLabel("10 zile")).toBeChecked();
    await expect(page.getByLabel("Diplomă acreditată")).toBeChecked();
  });

  test("online course: the price option comes back after the login", async ({ page, request, javaScriptEnabled }) => {
    const email = await newUser(request, "varianta");
    await page.goto(ONLINE);
    // With JavaScript the taps come as the scripts start (the first one starts them): they must
    // work whichever of the two handles them.
    await page.getByLabel(/Acces 90 de zile/).check();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    const target = await redirectTarget(page);
    expect(target).toMatch(new RegExp(`^/cursuri-online/curs/${COURSES.semipermanent.id}\\?priceOptionId=\\d+$`));

    await formReady(page, javaScriptEnabled);
    await fillLogin(page, email, PASSWORD);
    await expect(page).toHaveURL(target);
    await expect(page.getByLabel(/Acces 90 de zile/)).toBeChecked();
    await expect(page.getByLabel(/Acces nelimitat/)).not.toBeChecked();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Curs online adăugat în coș!" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Curs deja în coș" })).toBeDisabled();
    await expect(page.getByLabel(/Acces 90 de zile/)).toBeChecked();
  });

  test("a guest who creates an account instead comes back with the period too", async ({ page, javaScriptEnabled }) => {
    await page.goto(PHYSICAL);
    // With JavaScript the taps come as the scripts start (the first one starts them): they must
    // work whichever of the two handles them.
    await page.getByLabel("10 zile").check();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    const target = await redirectTarget(page);
    await page.getByRole("link", { name: "Creează un cont nou" }).click();
    await expect(page).toHaveURL(/\/register\?redirectTo=/);
    await formReady(page, javaScriptEnabled);
    await page.getByLabel("Nume", { exact: true }).fill("Ioana Marin");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("cont-nou"));
    await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Creează contul" }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByLabel("10 zile")).toBeChecked();
    await page.getByRole("button", { name: "Adaugă în coș" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Curs adăugat în coș!" })).toBeVisible();
  });

  test("an address asking for an option the course does not have chooses nothing", async ({ page }) => {
    await page.goto(`${ONLINE}?priceOptionId=999999&accreditation=on`);
    await expect(page.getByRole("radiogroup", { name: "Alege varianta" }).getByRole("radio", { checked: true })).toHaveCount(0);
    await page.goto(`${PHYSICAL}?priceOptionId=abc&advancePayment=on`);
    await expect(page.getByRole("radiogroup", { name: "Alege perioada" }).getByRole("radio", { checked: true })).toHaveCount(0);
  });
});

test.describe("item 10: the add button waits for a price", () => {
  test("until a price is checked it looks unavailable, scripts or not; a first tap then adds", async ({ page, context, request, javaScriptEnabled }) => {
    await loginAs(context, request);
    for (const path of [ONLINE, PHYSICAL]) {
      await page.goto(path);
      const button = page.getByRole("button", { name: "Adaugă în coș" });
      // No pointer movement yet: with JavaScript too, the page is still the server's HTML.
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expect(button, `${path}: the button before a price is checked`).toHaveCSS("background-color", "rgb(235, 230, 232)");
      await page.getByLabel(path === ONLINE ? /Acces nelimitat/ : "10 zile").check();
      // The colour changes through a short CSS transition: wait for the state, do not sample one frame.
      await expect(button, `${path}: the button once a price is checked`).not.toHaveCSS("background-color", "rgb(235, 230, 232)");
      if (javaScriptEnabled) await expect(button).toBeEnabled();
      await button.click();
      await expect(page.getByRole("status").filter({ hasText: path === ONLINE ? "Curs online adăugat în coș!" : "Curs adăugat în coș!" })).toBeVisible();
    }
  });

  test("a course with one price has it chosen, so the button is enabled at once", async ({ page, context, request }) => {
    await loginAs(context, request);
    await page.goto(`/cursuri-online/curs/${COURSES.hygiene.id}`);
    await expect(page.getByLabel(/Acces nelimitat/)).toBeChecked();
    await expect(page.getByRole("button", { name: "Adaugă în coș" })).toBeEnabled();
    await page.goto(`/cursuri/curs/${COURSES.pedicure.id}`);
    await expect(page.getByLabel("2 zile")).toBeChecked();
    await expect(page.getByRole("button", { name: "Adaugă în coș" })).toBeEnabled();
  });
});

test.describe("item 7: an in-person course shows when and where", () => {
  test("in /cont (instead of a way to continue) and on its page", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    await enroll(request, { email, courseTitle: COURSES.pedicure.title, status: "confirmed" });
    await enroll(request, { email, courseTitle: COURSES.advanced.title, status: "pending" });
    await page.goto(`/cursuri/curs/${COURSES.pedicure.id}`);
    const next = await page.locator(".meta-list").getByText(/Următoarea grupă/).locator("strong").innerText();
    // The course page says it too.
    await expect(page.getByText(`Locul tău în grupă este confirmat: începe pe ${next}, la ${ACADEMY_ADDRESS}.`)).toBeVisible();

    await page.goto("/cont");
    const confirmed = page.getByTestId("enrollment").filter({ hasText: COURSES.pedicure.title });
    await expect(confirmed.getByTestId("enrollment-session")).toContainText(`Data: ${next}`);
    await expect(confirmed.getByTestId("enrollment-session")).toContainText(`Locul: ${ACADEMY_ADDRESS}`);
    await expect(confirmed.getByRole("link", { name: /Continu/ })).toHaveCount(0);
    // A pending in-person course shows no date yet.
    const pending = page.getByTestId("enrollment").filter({ hasText: COURSES.advanced.title });
    await expect(pending.getByTestId("enrollment-session")).toHaveCount(0);
    // Progress bars are named and carry their value.
    const bar = confirmed.getByRole("progressbar", { name: `Progres: ${COURSES.pedicure.title}` });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(bar).toHaveAttribute("aria-valuemin", "0");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
  });
});

test.describe("item 6: screen readers", () => {
  test("registration errors move focus to the first invalid field", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "moving focus needs JavaScript (without it the page comes back with the errors)");
    await page.goto("/register");
    await formReady(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Creează contul" }).click();
    await expect(page.getByLabel("Nume", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Nume", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // The server's refusal (an address that has an account) focuses the field too.
    const taken = await newUser(request, "ocupata");
    await page.getByLabel("Nume", { exact: true }).fill("Ioana Marin");
    await page.getByLabel("Email", { exact: true }).fill(taken);
    await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Creează contul" }).click();
    await expect(page.getByText("Email deja folosită")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  });

  test("a refused login marks both fields invalid and points them to the message", async ({ page, request, javaScriptEnabled }) => {
    const email = await newUser(request, "parola-gresita");
    await page.goto("/autentificare");
    await formReady(page, javaScriptEnabled);
    await fillLogin(page, email, "Parola-Gresita9!");
    const alert = page.getByRole("alert").filter({ hasText: "Email sau parolă incorectă." });
    await expect(alert).toBeVisible();
    const alertId = await alert.getAttribute("id");
    expect(alertId).toBeTruthy();
    for (const label of ["Email", "Parolă"]) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^| )${alertId}( |$)`));
      await expect(field).toHaveAccessibleDescription(/Email sau parolă incorectă\./);
    }
  });

  test("a toast is put into a polite live region that was there, empty, at load", async ({ page, request, javaScriptEnabled }) => {
    const email = await newUser(request, "anunt");
    // The document the server sends after a login (a full page load, as without JavaScript).
    let html = "";
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document" && new URL(response.url()).pathname === "/cont") html = await response.text();
    });
    await page.goto("/autentificare");
    await formReady(page, javaScriptEnabled);
    const region = page.locator('.toasts[role="status"][aria-live="polite"]');
    await expect(region).toHaveCount(1);
    await expect(region).toHaveText("");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
    if (javaScriptEnabled) {
      // A client-side navigation: the message goes into the region that already existed.
      await page.getByRole("button", { name: "Intră în cont" }).click();
      await expect(page).toHaveURL(/\/cont$/);
      await expect(region).toHaveText(/Autentificare reușită!/);

      // A full page load with a toast: the server's HTML has the region empty, and the scripts
      // move the message into it (where it is announced).
      await page.context().clearCookies({ name: "__session" });
      await page.goto("/autentificare");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
      await page.locator("form.auth__form").evaluate((form: HTMLFormElement) => form.submit());
      await expect(page).toHaveURL(/\/cont$/);
      await expect(region).toHaveText(/Autentificare reușită!/);
      await expect.poll(() => html).toContain("Autentificare reușită!");
      expect(html).toMatch(/<div class="toasts toasts--[a-z-]+" role="status" aria-live="polite"><\/div>/);
    } else {
      await page.getByRole("button", { name: "Intră în cont" }).click();
      await expect(page).toHaveURL(/\/cont$/);
      // Without JavaScript the message is part of the page, where it is read.
      await expect(page.getByRole("status").filter({ hasText: "Autentificare reușită!" })).toBeVisible();
    }
  });

  test("the lesson player: h1 first, one chapter list, '1. Introducere', a named progress bar", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSES.hygiene.title });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    await expect(page.getByRole("heading", { level: 1, name: "De ce contează igiena" })).toBeVisible();
    const headings = await page.locator("main h1, main h2").evaluateAll((list) => list.map((h) => h.tagName));
    expect(headings[0]).toBe("H1");

    // One list in the page (phones toggle it, wider screens always show it).
    await expect(page.locator("[data-testid=player-chapter]")).toHaveCount(3);
    await page.getByText("Vezi lecțiile").click();
    const nav = page.getByRole("navigation", { name: "Lecțiile cursului" });
    await expect(nav).toHaveCount(1);
    await expect(nav.getByRole("heading", { level: 2, name: "1. Introducere", exact: true })).toBeVisible();
    const bar = nav.getByRole("progressbar", { name: "Progresul cursului" });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("navigation", { name: "Lecțiile cursului" })).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Lecțiile cursului" })).toBeVisible();
    await expect(page.getByText("Vezi lecțiile")).toBeHidden();
  });
});

test("leaving an invalid field for the next one keeps the focus there (no jump back to the error)", async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "focus management needs JavaScript");
  await loginAs(context, request, { name: "Ioana Dobre", address: "Bd. Tomis 100, Constanța 900001" });
  await page.goto("/cont?edit=billing#adresa-facturare");
  // Focus management is the scripts' work: start once they run (a busy machine starts them late).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const billing = page.locator("#adresa-facturare");
  await billing.getByLabel("Persoană juridică (firmă)").check();
  await billing.getByLabel("CUI / CIF").fill("RO18547291");
  const regCom = billing.getByLabel(/Nr\. Reg\. Com\./);
  await regCom.fill("J13/555/2020");
  await expect(billing.getByText("CUI invalid: verificați cifrele (cifra de control nu se potrivește).")).toBeVisible();
  await expect(regCom).toBeFocused();
  await expect(regCom).toHaveValue("J13/555/2020");
});

test("a firm chosen before the scripts start keeps its company fields once they run (slow phone)", async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about the moment the scripts start");
  await loginAs(context, request, { name: "Ioana Dobre", address: "Bd. Tomis 100, Constanța 900001" });
  const phone = await slowPhone(page);
  await page.goto("/cont?edit=billing#adresa-facturare", { waitUntil: "domcontentloaded" });
  const billing = page.locator("#adresa-facturare");
  // Before the scripts: every field is there and the radio decides.
  await expect(billing.getByText("Doar pentru persoană juridică:")).toBeVisible();
  await billing.getByLabel("Persoană juridică (firmă)").check();
  phone.release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(billing.getByText("Doar pentru persoană juridică:")).toHaveCount(0);
  await expect(billing.getByLabel("Persoană juridică (firmă)")).toBeChecked();
  await expect(billing.getByLabel("CUI / CIF")).toBeVisible();
  await billing.getByLabel("Persoană fizică").check();
  await expect(billing.getByLabel("CUI / CIF")).toHaveCount(0);
});
