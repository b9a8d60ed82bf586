/**
 * Registration, login, logout and the guards (docs/product.md §2, §5, §8), with JavaScript on and off.
 */
import { fieldErrors, fillLogin, formAlert, formReady, toast } from "./account-helpers";
import { expect, hook, loginAs, PASSWORD, test, uniqueEmail } from "./fixtures";

test("register → logged in on /cont with 'Utilizator creat cu succes'", async ({ page, javaScriptEnabled }) => {
  const email = uniqueEmail("inregistrare");
  await page.goto("/register");
  await formReady(page, javaScriptEnabled);
  await page.getByLabel("Nume", { exact: true }).fill("Ioana Marin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
  await expect(page.getByRole("checkbox", { name: /noutăți/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Creează contul" }).click();
  await expect(page).toHaveURL(/\/cont$/);
  await expect(toast(page)).toHaveText("Utilizator creat cu succes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bună, Ioana!");
  await expect(page.locator("#informatii-cont")).toContainText(email);
});

test("'Email deja folosită' for an address that has an account", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("ocupat");
  await hook(request, "user", { email });
  await page.goto("/register");
  await formReady(page, javaScriptEnabled);
  await page.getByLabel("Nume", { exact: true }).fill("Altă Persoană");
  await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
  await page.getByLabel("Parolă", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Creează contul" }).click();
  await expect(await fieldErrors(page, "Email")).toHaveText(["Email deja folosită"]);
  await expect(page).toHaveURL(/\/register$/);
  // The typed values stay, the password does not come back from the server.
  await expect(page.getByLabel("Nume", { exact: true })).toHaveValue("Altă Persoană");
});

test.describe("each password rule has its own message", () => {
  const cases: Array<[string, string]> = [
    ["Ab1!xyz", "Parola trebuie să conțină cel puțin 8 caractere"],
    ["ABCDEFG1!", "Parola trebuie să conțină cel puțin o literă mică"],
    ["abcdefg1!", "Parola trebuie să conțină cel puțin o literă mare"],
    ["Abcdefgh!", "Parola trebuie să conțină cel puțin un număr"],
    ["Abcdefgh1", "Parola trebuie să conțină cel puțin un caracter special"],
  ];
  for (const [password, message] of cases) {
    test(message, async ({ page, javaScriptEnabled }) => {
      await page.goto("/register");
      await formReady(page, javaScriptEnabled);
      await page.getByLabel("Nume", { exact: true }).fill("Maria Pop");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("reguli"));
      await page.getByLabel("Parolă", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Creează contul" }).click();
      await expect(await fieldErrors(page, "Parolă")).toHaveText([message]);
      await expect(formAlert(page)).toHaveText("Vă rugăm să corectați erorile înainte de a trimite formularul.");
      await expect(page).toHaveURL(/\/register$/);
    });
  }
});

test("the first press on the button counts: leaving a wrong field for it shows nothing until the release", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "a check on leaving a field exists only with JavaScript");
  await page.goto("/register");
  await formReady(page, javaScriptEnabled);
  await page.getByLabel("Nume", { exact: true }).fill("Maria Pop");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("apasare"));
  await page.getByLabel("Parolă", { exact: true }).fill("scurta");
  // The browser checks are here (the schema arrived), so leaving the field could check it.
  await expect(page.locator("form").filter({ has: page.getByLabel("Parolă", { exact: true }) })).toHaveAttribute("data-checks", "browser");
  const button = page.getByRole("button", { name: "Creează contul" });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down(); // focus leaves the password field for the button
  await expect(button).toBeFocused();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Between press and release nothing above the button grows: it is still under the pointer.
  await expect(page.getByLabel("Parolă", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  expect((await button.boundingBox())!.y).toBe(box.y);
  await page.mouse.up();
  // The click was a submit: every message, the form's alert, and focus on the field to fix.
  await expect(await fieldErrors(page, "Parolă")).toContainText(["Parola trebuie să conțină cel puțin 8 caractere"]);
  await expect(formAlert(page)).toHaveText("Vă rugăm să corectați erorile înainte de a trimite formularul.");
  await expect(page.getByLabel("Parolă", { exact: true })).toBeFocused();
});

test("login with a wrong password shows the message and keeps the e-mail", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("gresit");
  await hook(request, "user", { email });
  await page.goto("/autentificare");
  await formReady(page, javaScriptEnabled);
  await fillLogin(page, email, "Parola-Gresita9!");
  await expect(formAlert(page)).toHaveText("Email sau parolă incorectă.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Parolă", { exact: true })).toHaveValue("");
  await expect(page).toHaveURL(/\/autentificare$/);
});

test("login with the right password: toast and /cont", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("corect");
  await hook(request, "user", { email, name: "Elena Dobre" });
  await page.goto("/autentificare");
  await formReady(page, javaScriptEnabled);
  await fillLogin(page, email.toUpperCase(), PASSWORD);
  await expect(page).toHaveURL(/\/cont$/);
  await expect(toast(page)).toHaveText("Autentificare reușită! Redirect în cont...");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bună, Elena!");
});

test("/cont as a guest → login → back on /cont", async ({ page, request, javaScriptEnabled }) => {
  const email = uniqueEmail("garda");
  await hook(request, "user", { email });
  await page.goto("/cont");
  await expect(page).toHaveURL(/\/autentificare\?redirectTo=%2Fcont$/);
  await formReady(page, javaScriptEnabled);
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/cont$/);
  await expect(page.locator("#cursuri-active")).toBeVisible();
});

test("/autentificare and /register while logged in → /cont", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/autentificare");
  await expect(page).toHaveURL(/\/cont$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/cont$/);
});

test("logout from the account menu", async ({ page, context, request }) => {
  await loginAs(context, request, { name: "Ana Test" });
  await page.goto("/cont");
  await page.locator(".account-menu").hover();
  await page.locator(".account-menu__panel").getByRole("button", { name: "Deconectare" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toHaveText("Te-ai deconectat cu succes!");
  await expect(page.getByRole("link", { name: "Autentificare" })).toBeVisible();
  await page.goto("/cont");
  await expect(page).toHaveURL(/\/autentificare\?redirectTo=%2Fcont$/);
});

test("GET /logout does not log out", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/logout");
  await page.goto("/cont");
  await expect(page).toHaveURL(/\/cont$/);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side behaviour");

  test("the login button stays disabled until both fields are filled", async ({ page }) => {
    await page.goto("/autentificare");
    await formReady(page, true);
    const submit = page.getByRole("button", { name: "Intră în cont" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Email", { exact: true }).fill("ana@example.com");
    await expect(submit).toBeDisabled();
    await page.getByLabel("Parolă", { exact: true }).fill("ceva");
    await expect(submit).toBeEnabled();
    await page.getByLabel("Email", { exact: true }).fill("nu-e-email");
    await page.getByLabel("Email", { exact: true }).blur();
    await expect(await fieldErrors(page, "Email")).toHaveText(["Emailul trebuie să fie valid"]);
    await expect(submit).toBeDisabled();
  });

  test("fields turn red or green only after being touched", async ({ page }) => {
    await page.goto("/register");
    await formReady(page, true);
    const name = page.getByLabel("Nume", { exact: true });
    const email = page.getByLabel("Email", { exact: true });
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await name.fill("Maria Pop");
    await name.blur();
    await expect(name).toHaveAttribute("data-valid", "true");
    await email.fill("gresit@");
    await email.blur();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).not.toHaveAttribute("data-valid", "true");
    // Untouched, empty: no error.
    await expect(page.getByLabel("Parolă", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  });
});
