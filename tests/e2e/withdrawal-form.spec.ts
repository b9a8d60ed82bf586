/**
 * /retur links the model withdrawal form (OUG nr. 34/2014 anexa nr. 2); clicking it downloads a
 * PDF with the business's details — with and without JavaScript (the link is plain HTML). The
 * link sits under the sections, so it is there even while another spec has /retur deleted.
 */
import fs from "node:fs/promises";
import { expect, test } from "./fixtures";

test("the model withdrawal form downloads as a PDF from /retur", async ({ page }) => {
  await page.goto("/retur");
  const section = page.getByRole("region", { name: "Formularul-tip de retragere" });
  await expect(section).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Descarcă formularul (PDF)" }).click()]);
  expect(download.suggestedFilename()).toBe("formular-retragere.pdf");
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(2000);
});

test("the text version downloads too, with the business's name", async ({ page }) => {
  await page.goto("/retur");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descarcă formularul (text)" }).click()]);
  expect(download.suggestedFilename()).toBe("formular-retragere.txt");
  const text = await fs.readFile(await download.path(), "utf8");
  expect(text).toContain("Către Ana Nails Academy S.R.L.");
  expect(text).toContain("Vă informez/Vă informăm (*) prin prezenta");
});
