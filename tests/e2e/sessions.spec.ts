/**
 * Issue 28 (e2e, JavaScript on and off): the admin adds a session of 2 places to a pedicure
 * course of the test's own at /admin/sesiuni; a student sees "2 locuri rămase", picks the session and finds it on
 * the cart line; the admin adds a student by hand, the course page then says "1 loc rămas", the
 * roster lists the student and the CSV downloads. The session is cancelled at the end (a
 * cancelled session is not offered: the other specs buy the course as before). Before that, a
 * second student by hand fills it: "Complet"; a visitor joins its waitlist, the admin raises the
 * capacity, the place is held for her alone, and she gives it up. Screenshots of
 * the course page, the cart line and the roster at 390 and 1280 px go to /tmp/seats-shots.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { dismissCookies, expect, hook, loginAs, startScripts, test } from "./fixtures";

const SHOTS = "/tmp/seats-shots";

async function shoot(page: Page, name: string, project: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${project}-${name}-${width}.png`, fullPage: true });
  }
}

test("admin session, seats left, session on the cart line, roster and CSV", async ({ browser, request }, testInfo) => {
  // Four people and a dozen page loads: longer than the default 45 s on a loaded machine.
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const js = testInfo.project.use.javaScriptEnabled !== false;
  // Far in the future and different per project (both projects run against one database).
  const year = project === "js" ? 2098 : 2097;
  // A course of its own: the specs running meanwhile buy the seeded courses without sessions.
  const title = `Curs de pedichiură cu sesiuni ${project}`;
  const PEDICURE = { title, ...(await hook<{ id: number }>(request, "physicalCourse", { title, days: 2, amountBani: 90000 })) };
  const adminContext = await browser.newContext({ javaScriptEnabled: js });
  await dismissCookies(adminContext);
  await loginAs(adminContext, request, { role: "admin", name: "Admin Sesiuni" });
  const admin = await adminContext.newPage();
  await admin.goto("/admin/sesiuni");
  if (js) await startScripts(admin);
  const form = admin.locator("form.admin-session-form");
  await form.getByLabel("Curs", { exact: true }).selectOption({ label: `${PEDICURE.title} (2 zile)` });
  await form.getByLabel("Perioada (zile)").selectOption("2");
  await form.getByLabel("Prima zi").fill(`${year}-03-14`);
  await form.getByLabel("Ultima zi").fill(`${year}-03-15`);
  await form.getByLabel("Locuri").fill("2");
  await form.getByRole("button", { name: "Adaugă sesiunea" }).click();
  await expect(admin.getByRole("heading", { name: `${PEDICURE.title}: 14–15/03/${year}` })).toBeVisible();
  const sessionUrl = admin.url();

  // A student picks the session on the course page.
  const studentContext = await browser.newContext({ javaScriptEnabled: js });
  await dismissCookies(studentContext);
  await loginAs(studentContext, request, { name: "Elena Sesiune" });
  const student = await studentContext.newPage();
  await student.goto(`/cursuri/curs/${PEDICURE.id}`);
  const session = student.locator("label.radio-card", { hasText: `14–15/03/${year}` });
  await expect(session).toContainText("2 locuri rămase");
  if (js) await startScripts(student);
  await student.getByRole("radio", { name: /2 zile/ }).first().check();
  await session.getByRole("radio").check();
  await shoot(student, "course-page", project);
  await student.getByRole("button", { name: /Adaugă în coș|Actualizează/ }).click();
  await expect(student.getByText(/adăugat în coș|actualizat/i).first()).toBeVisible();
  await student.goto("/cart");
  await expect(student.getByTestId("cart-line-session")).toContainText(`Sesiunea: 14–15/03/${year}, 09:00–17:00`);
  await shoot(student, "cart-line", project);

  // The admin adds a student by hand: one place left for everyone else.
  const byHand = await loginAs(await browser.newContext(), request, { name: "Ana Manual", phone: "0722000000" });
  await admin.goto(sessionUrl);
  await admin.getByLabel("E-mailul contului cursantului").fill(byHand.email);
  await admin.getByRole("button", { name: "Adaugă cursantul" }).click();
  const roster = admin.getByTestId("roster");
  await expect(roster).toContainText("Ana Manual");
  await expect(roster).toContainText("Adăugat manual (neplătit)");
  await shoot(admin, "roster", project);
  // A place taken (not the last) is no catalogue change: public pages show the places left at most
  // 5 s old (SEAT_COUNTS_MAX_AGE_MS), so the student reloads until the page shows it, as she would.
  await expect(async () => {
    await student.goto(`/cursuri/curs/${PEDICURE.id}`);
    await expect(student.locator("label.radio-card", { hasText: `14–15/03/${year}` })).toContainText("1 loc rămas", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  const csv = await adminContext.request.get(`${sessionUrl}/lista.csv`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = (await csv.text()).replace(/^\uFEFF/, "");
  expect(text.split("\r\n")[0]).toBe("Nume,Telefon,E-mail,Plată,Diplomă,Comandă");
  expect(text).toContain(`Ana Manual,0722000000,${byHand.email},Adăugat manual (neplătit),Fără acreditare,`);

  // The last place goes to a second student added by hand: "Complet" for everyone else.
  const byHand2 = await loginAs(await browser.newContext(), request, { name: "Bianca Manual" });
  await admin.goto(sessionUrl);
  await admin.getByLabel("E-mailul contului cursantului").fill(byHand2.email);
  await admin.getByRole("button", { name: "Adaugă cursantul" }).click();
  await expect(roster).toContainText("Bianca Manual");

  // A visitor joins the full session's waitlist (a plain form, JavaScript on or off).
  const waiterContext = await browser.newContext({ javaScriptEnabled: js });
  await dismissCookies(waiterContext);
  await loginAs(waiterContext, request, { name: "Irina Așteaptă" });
  const waiter = await waiterContext.newPage();
  await waiter.goto(`/cursuri/curs/${PEDICURE.id}`);
  await expect(waiter.locator("label.radio-card", { hasText: `14–15/03/${year}` })).toContainText("Complet");
  await expect(waiter.locator("label.radio-card", { hasText: `14–15/03/${year}` }).getByRole("radio")).toBeDisabled();
  if (js) await startScripts(waiter);
  const waitRow = waiter.locator(".session-waitlist__item", { hasText: `14–15/03/${year}` });
  await waitRow.getByRole("button", { name: "Intră pe lista de așteptare" }).click();
  await expect(waiter.getByText("Ai intrat pe lista de așteptare.").first()).toBeVisible();
  await expect(waiter.locator(".session-waitlist__item", { hasText: `14–15/03/${year}` })).toContainText("ești pe listă (locul 1)");
  await admin.goto(sessionUrl);
  await expect(admin.getByTestId("waitlist")).toContainText("Irina Așteaptă");

  // A place frees up (the admin raises the capacity): it is held for her, nobody else sees it.
  await admin.locator("form.admin-session-form").getByLabel("Locuri").fill("3");
  await admin.getByRole("button", { name: "Salvează sesiunea" }).click();
  await expect(admin.getByText("Sesiunea a fost salvată.").first()).toBeVisible();
  await expect(admin.getByTestId("roster")).toContainText("Oferit din lista de așteptare");
  await student.goto(`/cursuri/curs/${PEDICURE.id}`);
  await expect(student.locator("label.radio-card", { hasText: `14–15/03/${year}` })).toContainText("Complet");
  await waiter.goto(`/cursuri/curs/${PEDICURE.id}`);
  const offered = waiter.locator("label.radio-card", { hasText: `14–15/03/${year}` });
  await expect(offered).toContainText("locul este păstrat pentru tine");
  await expect(offered.getByRole("radio")).toBeEnabled();
  await shoot(waiter, "waitlist-offer", project);
  // She gives it up: the place is free again for everyone.
  if (js) await startScripts(waiter);
  await waiter.locator(".session-waitlist__item", { hasText: `14–15/03/${year}` }).getByRole("button", { name: "Renunță la loc" }).click();
  await expect(waiter.getByText("Ai ieșit de pe lista de așteptare.").first()).toBeVisible();
  // A place taken (not the last) is no catalogue change: public pages show the places left at most
  // 5 s old (SEAT_COUNTS_MAX_AGE_MS), so the student reloads until the page shows it, as she would.
  await expect(async () => {
    await student.goto(`/cursuri/curs/${PEDICURE.id}`);
    await expect(student.locator("label.radio-card", { hasText: `14–15/03/${year}` })).toContainText("1 loc rămas", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Cancelled: no longer offered.
  await admin.goto(sessionUrl);
  await admin.getByRole("button", { name: "Anulează sesiunea" }).click();
  await expect(admin.getByText("Sesiunea a fost anulată.").first()).toBeVisible();
  await student.goto(`/cursuri/curs/${PEDICURE.id}`);
  await expect(student.locator("label.radio-card", { hasText: `14–15/03/${year}` })).toHaveCount(0);
});
