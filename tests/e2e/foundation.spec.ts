import { expect, test } from "@playwright/test";

test("the home page lists the seeded courses from the database", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "ro");
  await expect(page.getByText("Curs de bază – Tehnician manichiură").first()).toBeVisible();
  await expect(page.getByText("Ojă semipermanentă de la zero").first()).toBeVisible();
});

test("an unknown path shows the Romanian not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/nu-exista-asa-ceva");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Pagina nu a fost găsită" })).toBeVisible();
});

test("healthz answers ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
