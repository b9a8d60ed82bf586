/**
 * The admin dashboard (/admin): a transfer awaiting confirmation is confirmed from the dashboard
 * with one click (a plain form: works without JavaScript), the student gets access; the chart
 * is an image with its figures' table; a student is turned away.
 */
import { expect, hook, loginAs, test, uniqueEmail } from "./fixtures";
import { COURSES } from "./catalogue-helpers";

test("the admin confirms a bank transfer from the dashboard", async ({ page, context, request }) => {
  const email = uniqueEmail("transfer");
  // A name of its own: the runs of both projects share the database.
  const name = `Irina Dobre ${email.slice(9, 20)}`;
  await hook(request, "user", { email, name, address: "Str. Ștefan cel Mare 5, Constanța" });
  await hook(request, "addToCart", { email, items: [{ title: COURSES.basic.title }] });
  const order = await hook<{ id: string; reference: string; totalBani: number }>(request, "placeTransferOrder", { email });

  await loginAs(context, request, { role: "admin", name: "Ana Admin" });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 2, name: "Panou" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Secțiuni de administrare" }).getByRole("link", { name: "Panou" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/^Încasări = totalul facturilor emise în lună/)).toBeVisible();
  await expect(page.getByTestId("stat-luna-curenta")).toContainText("RON");
  await expect(page.getByRole("img", { name: /^Vânzări lunare, / })).toBeVisible();
  await page.getByText("Cifrele lunare").click();
  await expect(page.getByRole("table", { name: "Vânzări pe luni" }).getByRole("row")).toHaveCount(13);

  const row = page.getByTestId("awaiting-order").filter({ hasText: order.reference });
  await expect(row).toContainText(name);
  await expect(row).toContainText("2.000,00 RON");
  await row.getByRole("button", { name: `Confirmă plata pentru ${order.reference}` }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator(".toast__message")).toHaveText("Plata a fost confirmată. Cursantul a primit acces și un e-mail.");
  await expect(page.getByTestId("awaiting-order").filter({ hasText: order.reference })).toHaveCount(0);
  await expect(page.getByTestId("new-enrolment").filter({ hasText: name })).toContainText(COURSES.basic.title);

  const { orders, enrollments } = await hook<{ orders: Array<{ status: string }>; enrollments: Array<{ paymentStatus: string }> }>(request, "ordersOf", { email });
  expect(orders.map((o) => o.status)).toEqual(["paid"]);
  expect(enrollments.map((e) => e.paymentStatus)).toEqual(["confirmed"]);
});

test("a student opening /admin is sent to the home page", async ({ page, context, request }) => {
  await loginAs(context, request);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Panou" })).toHaveCount(0);
});

test("at 390 px the dashboard fits the screen (the tables scroll inside their cards)", async ({ page, context, request }) => {
  const email = uniqueEmail("transfer");
  await hook(request, "user", { email, name: "Cursantă cu un nume destul de lung pentru un telefon", address: "Str. Ștefan cel Mare 5, Constanța" });
  await hook(request, "addToCart", { email, items: [{ title: COURSES.advanced.title }] });
  await hook(request, "placeTransferOrder", { email });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(context, request, { role: "admin" });
  await page.goto("/admin");
  await expect(page.getByRole("img", { name: /^Vânzări lunare, / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
