/**
 * Accreditation only with the periods that allow it (issue 30 item 12), with JavaScript on and
 * off: the admin ticks the diploma per period in the editor; the course page then offers it
 * only with those periods (says which, shows no amount for a period without it, and the
 * server refuses that choice), and sells it with the others.
 */
import { dismissCookies, expect, hook, loginAs, test } from "./fixtures";

test("the admin allows the diploma with the 5-day period only; the page and the server follow", async ({ page, context, request, browser, javaScriptEnabled }) => {
  await loginAs(context, request, { role: "admin" });
  const title = `Curs cu zi de probă ${Date.now().toString(36)}`;
  await page.goto("/admin/cursuri/nou");
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("400,00");
  await page.getByLabel("Zile", { exact: true }).first().fill("1");
  await page.getByRole("button", { name: "+ Adaugă preț" }).click();
  await page.getByLabel("Preț 2 (RON)", { exact: true }).fill("2.000,00");
  await page.getByLabel("Zile", { exact: true }).nth(1).fill("5");
  // The admin sees, per period, whether the diploma can be chosen with it.
  await expect(page.getByLabel("Perioada 1 cu diplomă acreditată (+650,00 RON)")).not.toBeChecked();
  await page.getByLabel("Perioada 2 cu diplomă acreditată (+650,00 RON)").check();
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Teorie");
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cursuri\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  // Back in the editor, as saved.
  await expect(page.getByLabel("Perioada 1 cu diplomă acreditată (+650,00 RON)")).not.toBeChecked();
  await expect(page.getByLabel("Perioada 2 cu diplomă acreditată (+650,00 RON)")).toBeChecked();
  const saved = await hook<{ options: Array<{ days: number | null; accreditation: boolean }> }>(request, "courseByTitle", { title });
  expect(saved.options.filter((o) => o.accreditation).map((o) => o.days)).toEqual([5]);

  // A student on the course page.
  const studentContext = await browser.newContext({ javaScriptEnabled });
  await dismissCookies(studentContext);
  await loginAs(studentContext, request);
  const student = await studentContext.newPage();
  await student.goto(`/cursuri/curs/${id}`);
  const diploma = student.getByRole("checkbox", { name: /Diplomă acreditată/ });
  await expect(student.locator(".radio-card").filter({ has: diploma })).toContainText("doar pentru 5 zile");
  await expect(student.locator(".buy-form__rules")).toContainText("se poate alege doar pentru 5 zile");
  const total = student.locator(".live-total");

  await student.getByRole("radio", { name: /^1 zi/ }).check();
  await expect(total).toContainText("400,00 RON");
  await diploma.check();
  // No amount for a choice that cannot be bought: the reason instead.
  await expect(total).toContainText("Diploma acreditată nu este disponibilă pentru 1 zi.");
  await expect(total.getByTestId("live-total").filter({ visible: true })).toHaveCount(0);
  const add = student.getByRole("button", { name: "Adaugă în coș" });
  if (javaScriptEnabled) {
    await expect(add).toBeDisabled();
  } else {
    await add.click();
    await expect(student.getByRole("alert")).toContainText(
      "Diploma acreditată nu este disponibilă pentru perioada de 1 zi: alege o perioadă cu acreditare sau renunță la diplomă.",
    );
    await expect(student.getByTestId("cart-count")).toHaveCount(0);
  }

  await student.getByRole("radio", { name: /^5 zile/ }).check();
  await expect(diploma).toBeChecked();
  await expect(total.getByTestId("live-total").filter({ visible: true })).toHaveText("2.650,00 RON");
  await add.click();
  await expect(student.getByText("Curs adăugat în coș!")).toBeVisible();
  await student.goto("/cart");
  const line = student.locator("li.cart-line").filter({ hasText: title });
  await expect(line).toContainText("cu acreditare");
  await expect(line).toContainText("2.650,00 RON");
  await studentContext.close();
});
