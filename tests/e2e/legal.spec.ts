/**
 * Legal pages: seeded sections as text with line breaks kept, and "Pagină inexistentă" (404)
 * for a page missing from the database. Tests run in parallel against one server, so each
 * project deletes its own page (js: /plata; /retur belongs to admin-nojs.spec) and restores it at once; no other
 * test reads those two pages.
 */
import { expect, hook, test } from "./fixtures";

test("a legal page shows its sections as text, line breaks kept", async ({ page }) => {
  await page.goto("/termeni");
  await expect(page.getByRole("heading", { level: 2, name: "1. Despre noi" })).toBeVisible();
  const text = page.locator("#sectiunea-1 p");
  await expect(text).toContainText("Ana Nails Academy S.R.L.");
  await expect(text).toHaveCSS("white-space", "pre-line");
  // The table of contents links to each section; the other legal pages are linked below.
  await page.getByRole("navigation", { name: "Cuprins" }).getByRole("link", { name: "6. Litigii" }).click();
  await expect(page).toHaveURL(/#sectiunea-6$/);
  await expect(page.getByRole("navigation", { name: "Alte informații utile" }).getByRole("link", { name: "Politica de cookie-uri" })).toBeVisible();
});

test("a legal page deleted from the database shows 'Pagină inexistentă' with status 404", async ({ page, request }, testInfo) => {
  // One server serves both projects in parallel, and each page can be deleted by one test at a
  // time: this test owns /plata in the js project; admin-nojs.spec.ts owns /retur without JS
  // (it checks the same 404 for a guest, then creates the page as an admin).
  test.skip(testInfo.project.name === "no-js", "covered without JavaScript by admin-nojs.spec.ts on /retur");
  const { path, key, heading } = { path: "/plata", key: "politica-plata", heading: "Metode de plată" };
  const before = await page.goto(path);
  expect(before?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();

  const { sections } = await hook<{ sections: Array<{ title: string; description: string }> | null }>(request, "deleteTermsPage", { pageKey: key });
  expect(sections?.length).toBeGreaterThan(0);
  try {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pagină inexistentă" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: heading })).toHaveCount(0);
  } finally {
    await hook(request, "restoreTermsPage", { pageKey: key, sections });
  }
  const after = await page.goto(path);
  expect(after?.status()).toBe(200);
});
