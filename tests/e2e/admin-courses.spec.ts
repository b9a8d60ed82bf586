/**
 * Admin journeys with JavaScript (issue 8): create an online course with two chapters and
 * three lessons, uploading a cover, a video and a PDF straight to storage with a progress bar;
 * publish it and see it as a visitor; change a price to "Gratis"; delete a course without
 * enrolments. The no-JavaScript journeys are in admin-nojs.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, hook, loginAs, test } from "./fixtures";

const FIXTURES = path.resolve("tests/fixtures");

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "direct uploads need JavaScript; see admin-nojs.spec.ts");

/**
 * Holds each direct PUT for a moment so the progress bar can be seen (the files are tiny), and
 * shrinks the local storage's chunk size (8 MB) to 4 KB so the 18 KB video goes in 5 chunks.
 * Returns the Content-Range of every chunk sent.
 */
async function slowUploads(page: Page, delayMs = 600): Promise<string[]> {
  const ranges: string[] = [];
  await page.route("**/api/admin/upload/upload-url", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { chunkSize?: number };
    if (body.chunkSize) body.chunkSize = 4096;
    await route.fulfill({ response, json: body });
  });
  await page.route("**/api/admin/upload/local**", async (route) => {
    const range = route.request().headers()["content-range"];
    if (route.request().method() === "PUT" && range) ranges.push(range);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => {}); // a cancelled chunk is gone already
  });
  return ranges;
}

async function upload(page: Page, label: string, file: string, shownName: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(path.join(FIXTURES, file));
  const field = page.locator(".media-field").filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(field.getByRole("progressbar")).toBeVisible();
  await expect(field.getByTestId("upload-progress")).toContainText("%");
  await expect(field.locator(".media-field__name")).toContainText(shownName);
  await expect(field.getByRole("progressbar")).toHaveCount(0);
}

test("an admin creates, publishes, edits and deletes an online course with lessons and media", async ({ page, context, request, browser }) => {
  // The longest journey of the suite (uploads in chunks, two editors): more time than the default on a busy machine.
  test.setTimeout(120_000);
  await loginAs(context, request, { role: "admin" });
  const title = `Curs online de test ${Date.now().toString(36)}`;
  const ranges = await slowUploads(page);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: /Gestionare/ })).toBeVisible();
  // /admin is the dashboard; the courses are one tab away.
  await expect(page.getByRole("heading", { level: 2, name: "Panou" })).toBeVisible();
  for (const tab of ["Panou", "Cursuri online", "Cursuri fizice", "Produse", "Comenzi"]) {
    await expect(page.getByRole("navigation", { name: "Secțiuni de administrare" }).getByRole("link", { name: tab })).toBeVisible();
  }
  await page.getByRole("navigation", { name: "Secțiuni de administrare" }).getByRole("link", { name: "Cursuri online" }).click();
  await expect(page).toHaveURL(/\/admin\/cursuri-online$/);
  await page.getByRole("link", { name: "+ Curs online nou" }).click();
  await expect(page.getByRole("heading", { name: "Curs online nou" })).toBeVisible();

  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Subtitlu", { exact: true }).fill("Creat din administrare");
  await page.getByLabel("Descriere", { exact: true }).fill("Un curs scurt, creat de testul automat.");
  await page.getByLabel("Categorie", { exact: true }).fill("Test");
  await expect(page.locator("#durata-online")).toHaveValue("nelimitat");
  await upload(page, "Imagine de copertă", "coperta.webp", "coperta.webp");

  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("149,00");
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Introducere");
  await page.getByLabel("Subcapitolul 1 din capitolul 1", { exact: true }).fill("Bun venit");
  await page.getByRole("button", { name: "+ Adaugă capitol" }).click();
  await page.getByLabel("Titlul capitolului 2", { exact: true }).fill("Tehnica");
  await page.getByLabel("Subcapitolul 1 din capitolul 2", { exact: true }).fill("Pașii de lucru");

  await page.getByRole("button", { name: "Adaugă lecție în capitolul 1" }).click();
  await page.getByLabel("Titlul lecției 1.1", { exact: true }).fill("Prima lecție");
  await upload(page, "Video lecția 1.1", "lectie.mp4", "lectie.mp4");
  // The local storage took the video in chunks, in order, up to its last byte.
  const videoRanges = ranges.filter((range) => range.endsWith(`/${fs.statSync(path.join(FIXTURES, "lectie.mp4")).size}`));
  expect(videoRanges.length).toBeGreaterThanOrEqual(5);
  expect(videoRanges[0]).toMatch(/^bytes 0-4095\//);
  await expect(page.getByLabel("Durata video lecția 1.1 (secunde, opțional)", { exact: true })).toHaveValue(/^[1-9][0-9]*$/);
  await upload(page, "PDF lecția 1.1", "fisa.pdf", "fisa.pdf");
  await page.getByRole("button", { name: "Adaugă lecție în capitolul 2" }).click();
  await page.getByLabel("Titlul lecției 2.1", { exact: true }).fill("A doua lecție");
  await page.getByRole("button", { name: "Adaugă lecție în capitolul 2" }).click();
  await page.getByLabel("Titlul lecției 2.2", { exact: true }).fill("A treia lecție");

  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cursuri-online\/\d+$/);
  const courseId = Number(new URL(page.url()).pathname.split("/").pop());

  const saved = await hook<{
    course: { imageKey: string; content: { chapters: Array<{ id: number; details: Array<{ id: number }> }> } };
    options: Array<{ amountBani: number; days: number | null }>;
    lessons: Array<{ chapterId: number; lessonId: number; videoKey: string | null; pdfKey: string | null; videoDurationSeconds: number | null }>;
  }>(request, "courseByTitle", { title });
  expect(saved.course.imageKey).toMatch(/^courses\/\d+_coperta\.webp$/);
  expect(saved.course.content.chapters.map((c) => [c.id, c.details.map((d) => d.id)])).toEqual([
    [0, [0]],
    [1, [0]],
  ]);
  expect(saved.options).toEqual([expect.objectContaining({ amountBani: 14900, days: null })]);
  expect(saved.lessons.map((l) => [l.chapterId, l.lessonId])).toEqual([
    [0, 1],
    [1, 1],
    [1, 2],
  ]);
  expect(saved.lessons[0]).toMatchObject({ videoKey: expect.stringMatching(/^videos\/\d+_lectie\.mp4$/), pdfKey: expect.stringMatching(/^pdfs\/\d+_fisa\.pdf$/) });
  expect(saved.lessons[0].videoDurationSeconds).toBeGreaterThan(0);

  // A visitor sees the published course with its price.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/cursuri-online");
  await expect(visitor.getByRole("link", { name: title }).first()).toBeVisible();
  await visitor.goto(`/cursuri-online/curs/${courseId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("149,00 RON").first()).toBeVisible();

  // The price becomes free; the option keeps its id.
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("gratis");
  await page.getByRole("button", { name: "Salvează modificările" }).click();
  await expect(page.getByText("Curs actualizat cu succes")).toBeVisible();
  await expect(page.getByLabel("Preț 1 (RON)", { exact: true })).toHaveValue("Gratis");
  const after = await hook<{ options: Array<{ id: number; amountBani: number }> }>(request, "courseByTitle", { title });
  expect(after.options).toEqual([expect.objectContaining({ amountBani: 0 })]);
  await visitor.reload();
  await expect(visitor.getByText("Gratis").first()).toBeVisible();
  await expect(visitor.getByText("149,00 RON")).toHaveCount(0);
  await visitorContext.close();

  // A bad price is refused next to the field, without saving.
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("o sută");
  await page.getByRole("button", { name: "Salvează modificările" }).click();
  await expect(page.getByText(/Preț invalid/)).toBeVisible();
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("Gratis");

  // Delete it (no enrolments): confirmation step, then gone.
  await page.goto("/admin/cursuri-online");
  await page.getByRole("link", { name: `Elimina ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Sigur vrei să ștergi acest curs?" })).toBeVisible();
  await page.getByRole("button", { name: "Da, șterge cursul" }).click();
  await expect(page.getByText("Cursul a fost șters.")).toBeVisible();
  await expect(page.getByTestId("admin-course").filter({ hasText: title })).toHaveCount(0);
  expect(await hook(request, "courseByTitle", { title })).toBeNull();
});

test("an admin creates a product with an image, hides it, and deletes it", async ({ page, context, request, browser }) => {
  await loginAs(context, request, { role: "admin" });
  await slowUploads(page);
  const title = `Produs de test ${Date.now().toString(36)}`;
  await page.goto("/admin/produse");
  await page.getByRole("link", { name: "+ Produs nou" }).click();
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Subtitlu (opțional)", { exact: true }).fill("Pentru cuticule");
  await page.getByLabel("Preț (RON)", { exact: true }).fill("39,90");
  await page.getByLabel("Preț întreg (opțional)", { exact: true }).fill("49,90");
  await page.getByLabel("Descriere (opțional)", { exact: true }).fill("Un produs creat de test.");
  await upload(page, "Imagine", "coperta.webp", "coperta.webp");
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează produsul" }).click();
  await expect(page.getByText("Produs creat cu succes")).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/produse");
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor.getByText("39,90 RON").first()).toBeVisible();

  await page.goto("/admin/produse");
  await page.getByRole("button", { name: `Ascunde ${title}` }).click();
  await expect(page.getByText("Produsul a fost ascuns din magazin.")).toBeVisible();
  await visitor.goto("/produse");
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
  await visitorContext.close();

  await page.getByRole("link", { name: `Elimina ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Sigur vrei să ștergi acest produs?" })).toBeVisible();
  await page.getByRole("button", { name: "Da, șterge produsul" }).click();
  await expect(page.getByText("Produsul a fost șters.")).toBeVisible();
  await expect(page.getByTestId("admin-product").filter({ hasText: title })).toHaveCount(0);
});

test("a video upload in chunks shows its progress across chunks and can be cancelled, leaving no file behind", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  await slowUploads(page, 1500);
  const name = `anulat-${Date.now().toString(36)}.mp4`;
  await page.goto("/admin/cursuri-online/nou");
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Capitol");
  await page.getByRole("button", { name: "Adaugă lecție în capitolul 1" }).click();
  const input = page.getByLabel("Video lecția 1.1", { exact: true });
  await input.setInputFiles({ name, mimeType: "video/mp4", buffer: fs.readFileSync(path.join(FIXTURES, "lectie.mp4")) });
  const field = page.locator(".media-field").filter({ has: input });
  // Past the first chunk, before the last: the bar counts the whole file.
  await expect(field.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^[1-9][0-9]?$/);
  await field.getByRole("button", { name: "Anulează" }).click();
  await expect(field.getByText("Încărcare anulată.")).toBeVisible();
  await expect(field.getByText("Niciun fișier încărcat.")).toBeVisible();
  await expect(field.getByRole("progressbar")).toHaveCount(0);
  // Neither the file nor its part is left in the local storage.
  const videos = path.join(process.env.E2E_DATA_DIR ?? "./data-e2e", "uploads", "videos");
  const stem = name.replace(/\.mp4$/, "");
  await expect.poll(() => (fs.existsSync(videos) ? fs.readdirSync(videos).filter((file) => file.includes(stem)) : [])).toEqual([]);
});

test("a wrong file type is refused before and after the upload", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  await page.goto("/admin/produse/nou");
  // An HTML page renamed .jpg: the browser calls it image/jpeg, the server sniffs the bytes.
  await page.getByLabel("Imagine", { exact: true }).setInputFiles({
    name: "poza.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
  });
  await expect(page.getByText(/Fișierul trebuie să fie o imagine/)).toBeVisible();
  await expect(page.locator(".media-field").getByText("Niciun fișier încărcat.")).toBeVisible();
  // A PDF where an image is expected is refused in the browser already.
  await page.getByLabel("Imagine", { exact: true }).setInputFiles(path.join(FIXTURES, "fisa.pdf"));
  await expect(page.getByText(/Fișierul trebuie să fie o imagine/)).toBeVisible();
});

test("a file picked before JavaScript has loaded (slow connection) is uploaded once it has", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  // Hold the page's scripts back until the admin has picked the file.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back too: wait only for the server-rendered page.
  await page.goto("/admin/produse/nou", { waitUntil: "commit" });
  const field = page.locator(".media-field").filter({ has: page.getByLabel("Imagine", { exact: true }) });
  await expect(field.getByText(/Fișierul se încarcă la salvare/)).toBeVisible();
  await page.getByLabel("Imagine", { exact: true }).setInputFiles(path.join(FIXTURES, "coperta.webp"));
  release();
  await expect(field.getByText(/Fișierul se încarcă imediat/)).toBeVisible();
  await expect(field.locator(".media-field__name")).toContainText("coperta.webp");
});

test("non-admins cannot open the admin area", async ({ page, context, request }) => {
  await page.goto("/admin/cursuri-online");
  await expect(page).toHaveURL(/\/autentificare/);
  await loginAs(context, request);
  await page.goto("/admin/cursuri-online/nou");
  await expect(page).toHaveURL(/\/$/);
  const api = await page.request.post("/api/admin/upload/upload-url", {
    data: { folder: "courses", fileName: "a.webp", contentType: "image/webp", size: 10 },
  });
  expect(api.status()).toBe(403);
});
