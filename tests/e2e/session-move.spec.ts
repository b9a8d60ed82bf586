/**
 * Issue 28 (e2e, JavaScript on and off): a student who booked an in-person session moves herself
 * to another session of the same course from /cont ("Mută-mă la altă sesiune"), sees the new
 * dates in her account and gets the e-mail about the move. A course and sessions of its own (test
 * hook), in a year of its own per project, so it does not depend on or disturb the other specs.
 */
import { dismissCookies, expect, hook, loginAs, startScripts, test } from "./fixtures";

test("the student moves to another session from /cont", async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const year = project === "js" ? 2096 : 2095;
  const title = `Curs de manichiură cu mutare ${project} ${Date.now()}`;
  const { sessionIds } = await hook<{ id: number; sessionIds: number[] }>(request, "physicalCourse", {
    title,
    days: 2,
    amountBani: 90000,
    sessions: [
      { startsOn: `${year}-04-06`, capacity: 3 },
      { startsOn: `${year}-05-04`, capacity: 3 },
    ],
  });

  const context = await browser.newContext({ javaScriptEnabled: js });
  await dismissCookies(context);
  const student = await loginAs(context, request, { name: "Maria Mutare", phone: "0722111222", address: "Str. Mircea cel Bătrân 10, Constanța 900123" });
  await hook(request, "addToCart", { email: student.email, items: [{ title, sessionId: sessionIds[0] }] });
  await hook(request, "placeTransferOrder", { email: student.email });

  const page = await context.newPage();
  await page.goto("/cont");
  const enrolment = page.locator(".enrollment-list li", { hasText: title });
  await expect(enrolment).toContainText(`06–07/04/${year}`);
  if (js) await startScripts(page);
  await enrolment.getByRole("link", { name: "Mută-mă la altă sesiune" }).click();
  await expect(page.getByRole("heading", { name: "Mută-te la altă sesiune" })).toBeVisible();
  const target = page.getByTestId(`move-target-${sessionIds[1]}`);
  await expect(target).toContainText(`04–05/05/${year}`);
  await expect(target).toContainText("3 locuri rămase");
  if (js) await startScripts(page);
  await target.getByRole("radio").check();
  await page.getByRole("button", { name: "Mută-mă în sesiunea aleasă" }).click();

  await expect(page.getByText("Te-am mutat în sesiunea aleasă.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/cont/);
  const moved = page.locator(".enrollment-list li", { hasText: title });
  await expect(moved).toContainText(`04–05/05/${year}`);
  await expect(moved).not.toContainText(`06–07/04/${year}`);
  // The one free move is used: no second move from the account.
  await expect(moved.getByRole("link", { name: "Mută-mă la altă sesiune" })).toHaveCount(0);

  const mails = await hook<Array<{ subject: string }>>(request, "mailTo", { email: student.email });
  expect(mails.map((m) => m.subject)).toContainEqual(`Locul tău a fost mutat la sesiunea 04–05/05/${year} – ${title}`);
});
