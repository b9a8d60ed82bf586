/**
 * The course editor for the trainer entering a real catalogue (issue 20, items 11, 12 and 14):
 * a list pasted or submitted one line per item, the no-JavaScript list buttons coming back to
 * the section they changed at the page's own address, and the editor at 390 px (every admin
 * tab readable, a slim save bar).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hook, loginAs, test } from "./fixtures";

const SEVENTEEN = Array.from({ length: 17 }, (_, i) => `Tema ${i + 1}: ${i % 3 === 0 ? "un subcapitol cu un text lung, cum îl scrie formatoarea, care nu încape pe un singur rând al câmpului: pregătirea unghiei, forma, cuticulele, aplicarea bazei, a culorii și a stratului de protecție" : "scurt"}`);

type SavedCourse = { course: { content: { chapters: Array<{ id: number; title: string; details: Array<{ id: number; text: string }> }>; days: Array<{ title: string; activities: string[] }> } } };

async function newPhysicalCourse(page: Page, title: string) {
  await page.goto("/admin/cursuri/nou");
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("1.000,00");
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Teorie");
}

async function saveAndRead(page: Page, request: APIRequestContext, title: string) {
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cursuri\/\d+$/);
  return hook<SavedCourse>(request, "courseByTitle", { title });
}

async function deleteCourse(page: Page, title: string) {
  await page.goto("/admin/cursuri");
  await page.getByRole("link", { name: `Elimina ${title}` }).click();
  await page.getByRole("button", { name: "Da, șterge cursul" }).click();
  await expect(page.getByText("Cursul a fost șters.")).toBeVisible();
}

/** What a paste from another program does: a paste event carrying the text. */
async function paste(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).evaluate((field, value) => {
    (field as HTMLTextAreaElement).focus();
    const data = new DataTransfer();
    data.setData("text/plain", value);
    field.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test("with JavaScript, 17 pasted lines become 17 sub-chapters and 17 activities, long items in growing text areas", async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "pasting into a field splits it with JavaScript; the no-JS journey is below");
  await loginAs(context, request, { role: "admin" });
  const title = `Curs lipit ${Date.now().toString(36)}`;
  await newPhysicalCourse(page, title);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await paste(page, "Subcapitolul 1 din capitolul 1", SEVENTEEN.join("\r\n") + "\r\n");
  const chapter = page.getByTestId("chapter").first();
  await expect(chapter.getByTestId("detail")).toHaveCount(17);
  await expect(page.getByLabel("Subcapitolul 17 din capitolul 1", { exact: true })).toHaveValue(SEVENTEEN[16]);
  await expect(page.getByLabel("Subcapitolul 17 din capitolul 1", { exact: true })).toBeFocused();
  // A long item is a text area taller than one line.
  const long = page.getByLabel("Subcapitolul 1 din capitolul 1", { exact: true });
  await expect(long).toHaveValue(SEVENTEEN[0]);
  expect(await long.evaluate((el) => el.tagName)).toBe("TEXTAREA");
  const short = page.getByLabel("Subcapitolul 2 din capitolul 1", { exact: true });
  expect((await long.boundingBox())!.height).toBeGreaterThan((await short.boundingBox())!.height);

  await page.getByRole("button", { name: "+ Adaugă zi" }).click();
  await page.getByLabel("Titlul zilei 1", { exact: true }).fill("Ziua 1");
  await paste(page, "Activitatea 1 din ziua 1", SEVENTEEN.join("\n"));
  await expect(page.getByTestId("day").first().getByTestId("activity")).toHaveCount(17);

  const saved = await saveAndRead(page, request, title);
  expect(saved.course.content.chapters[0].details.map((d) => d.text)).toEqual(SEVENTEEN);
  expect(saved.course.content.chapters[0].details.map((d) => d.id)).toEqual([...Array(17).keys()]);
  expect(saved.course.content.days[0].activities).toEqual(SEVENTEEN);
  await deleteCourse(page, title);
});

test("17 lines submitted with “Adaugă mai multe” become 17 items; the page comes back at them, at its own address", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  const title = `Curs în bloc ${Date.now().toString(36)}`;
  await newPhysicalCourse(page, title);
  const chapter = page.getByTestId("chapter").first();
  await chapter.getByText("Adaugă mai multe (un rând pe element)").click();
  await chapter.getByLabel("Subcapitole noi în capitolul 1, câte unul pe rând").fill(SEVENTEEN.join("\n"));
  await chapter.getByRole("button", { name: "Adaugă rândurile" }).click();
  await expect(chapter.getByTestId("detail")).toHaveCount(17);
  await expect(page.getByLabel("Subcapitolul 17 din capitolul 1", { exact: true })).toHaveValue(SEVENTEEN[16]);
  await expect(page.getByLabel("Titlul capitolului 1", { exact: true })).toHaveValue("Teorie");
  expect(page.url()).not.toContain("?index");
  await expect(page.getByLabel("Subcapitolul 1 din capitolul 1", { exact: true })).toBeInViewport();

  await page.getByRole("button", { name: "+ Adaugă zi" }).click();
  await page.getByLabel("Titlul zilei 1", { exact: true }).fill("Ziua 1");
  const day = page.getByTestId("day").first();
  await day.getByText("Adaugă mai multe (un rând pe element)").click();
  await day.getByLabel("Activități noi în ziua 1, câte unul pe rând").fill(SEVENTEEN.join("\n"));
  await day.getByRole("button", { name: "Adaugă rândurile" }).click();
  await expect(page.getByTestId("day").first().getByTestId("activity")).toHaveCount(17);

  const saved = await saveAndRead(page, request, title);
  expect(saved.course.content.chapters[0].details.map((d) => d.text)).toEqual(SEVENTEEN);
  expect(saved.course.content.days[0].activities).toEqual(SEVENTEEN);
  await deleteCourse(page, title);
});

test("without JavaScript, “+ Subcapitol” comes back at the new sub-chapter with the page's address (no ?index)", async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the no-JavaScript round trip");
  await loginAs(context, request, { role: "admin" });
  await newPhysicalCourse(page, "Curs ancorat");
  await page.getByRole("button", { name: "+ Adaugă capitol" }).click();
  await expect(page).toHaveURL(/\/admin\/cursuri\/nou#capitol-2$/);
  await page.getByLabel("Titlul capitolului 2", { exact: true }).fill("Practică");
  await page.getByRole("button", { name: "Adaugă subcapitol în capitolul 2" }).click();
  await expect(page).toHaveURL(/\/admin\/cursuri\/nou#capitol-2-subcapitol-2$/);
  expect(page.url()).not.toContain("?index");
  expect(await page.evaluate(() => location.hash)).toBe("#capitol-2-subcapitol-2");
  await expect(page.getByLabel("Subcapitolul 2 din capitolul 2", { exact: true })).toBeInViewport();
  await expect(page.getByLabel("Titlul capitolului 2", { exact: true })).toHaveValue("Practică");
  // The page is long: the top (the title field) is out of view.
  await expect(page.getByLabel("Titlu", { exact: true })).not.toBeInViewport();
  // Saving from there posts to the page's own address too.
  const action = await page.locator("form.admin-form").getAttribute("action");
  expect(action).toBe("/admin/cursuri/nou");
});

test("at 390 px every admin tab label is whole and in view, and the save bar is slim", async ({ page, context, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(context, request, { role: "admin" });
  await page.goto("/admin/cursuri/nou");
  const links = page.getByRole("navigation", { name: "Secțiuni de administrare" }).getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const clipped = await link.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped, await link.innerText()).toBe(false);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const bar = page.locator(".admin-form__footer");
  await expect(bar.getByRole("button", { name: "Creează cursul" })).toBeInViewport();
  const box = (await bar.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
});

test("a physical course's prices are periods, each with its accreditation box; the advance is a box; both show the settings' amounts", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  await page.goto("/admin/cursuri/nou");
  const prices = page.locator("#preturi");
  await expect(prices.getByLabel("Perioada 1 cu diplomă acreditată (+650,00 RON)")).not.toBeChecked();
  await expect(prices.getByLabel("Plata unui avans: 500,00 RON acum, restul la curs")).toBeVisible();
  // No per-entry accreditation or advance any more (their values were ignored).
  await expect(prices.getByLabel("Cu acreditare")).toHaveCount(0);
  await expect(prices.getByLabel("Plată avans")).toHaveCount(0);
  await prices.getByRole("link", { name: "Setări cursuri" }).click();
  await expect(page).toHaveURL(/\/admin\/setari-cursuri$/);
  await expect(page.getByLabel("Acreditare: suma adăugată la preț (RON)")).toHaveValue("650,00");
  await expect(page.getByLabel("Avans (RON)")).toHaveValue("500,00");
});
