/**
 * Issue 29 (e2e, JavaScript on and off): the admin reaches /admin/sistem from the admin menu and
 * reads every check with its state, the server's processes (asked of the supervisor of
 * scripts/start.mjs) and the last errors; the page passes axe; a student is turned away.
 */
import { axeViolations } from "./axe";
import { expect, loginAs, startScripts, test } from "./fixtures";

const CHECKS = ["Copia de siguranță", "E-mailurile", "Notificările de plată cu cardul", "Plățile în așteptare", "e-Factura", "Spațiul pe disc (folderul de date)", "Procesele serverului"];

test("the admin reads the system page; a student cannot", async ({ browser, request }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const adminContext = await browser.newContext({ javaScriptEnabled: js });
  await loginAs(adminContext, request, { role: "admin", name: "Ana Sistem" });
  const page = await adminContext.newPage();
  await page.goto("/admin");
  if (js) await startScripts(page);
  await page.getByRole("navigation", { name: "Secțiuni de administrare" }).getByRole("link", { name: "Sistem" }).click();
  await expect(page).toHaveURL(/\/admin\/sistem$/);
  await expect(page.getByRole("heading", { level: 2, name: "Starea sistemului" })).toBeVisible();
  for (const title of CHECKS) {
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${title.replace(/[()]/g, "\\$&")} (În regulă|De urmărit|Problemă)$`) })).toBeVisible();
  }
  await expect(page.getByText(/Verificat la \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(page.locator("dt", { hasText: "Versiunea" })).toBeVisible();
  const processes = page.getByRole("region", { name: "Procesele serverului" });
  await expect(processes.getByRole("columnheader", { name: "Pornit de" })).toBeVisible();
  await expect(processes.getByRole("row").filter({ hasText: "(a răspuns acestei pagini)" })).toHaveCount(1);
  await expect(processes.getByRole("row").filter({ hasText: "(a răspuns acestei pagini)" })).toContainText(/servește\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s*\d+ (min|h)/);
  await expect(page.getByRole("heading", { level: 3, name: "Ultimele erori" })).toBeVisible();
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);

  const studentContext = await browser.newContext({ javaScriptEnabled: js });
  await loginAs(studentContext, request, { name: "Elena Curioasă" });
  const student = await studentContext.newPage();
  await student.goto("/admin/sistem");
  await expect(student).toHaveURL(/\/$/);
});
