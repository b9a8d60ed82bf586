/**
 * Admin journeys without JavaScript (issue 8): every list edit (add/remove price, chapter,
 * sub-chapter, day, activity) is a plain form post that comes back with the unsaved form; the
 * cover image goes with a multipart post. Legal pages are edited inline with form posts too,
 * and a missing page is created by the admin.
 */
import fs from "node:fs";
import path from "node:path";
import { enroll, expect, hook, loginAs, test } from "./fixtures";

const FIXTURES = path.resolve("tests/fixtures");

test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the JavaScript journeys are in admin-courses.spec.ts");

test("an admin creates a physical course with prices, chapters and days using only form posts", async ({ page, context, request }) => {
  // About twenty full-page posts (each "+" and "Elimină" is one) and an image upload: on a busy
  // machine this journey alone outlasted the 45 s default (PGlite run, load average 40).
  test.slow();
  await loginAs(context, request, { role: "admin" });
  const title = `Curs fizic de test ${Date.now().toString(36)}`;
  await page.goto("/admin/cursuri");
  await page.getByRole("link", { name: "+ Curs fizic nou" }).click();
  await expect(page).toHaveURL(/\/admin\/cursuri\/nou$/);

  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Subtitlu", { exact: true }).fill("Fără JavaScript");
  await page.getByLabel("Durata (zile)", { exact: true }).fill("5");
  await page.getByLabel("Următoarea sesiune", { exact: true }).fill("2031-03-10");
  await page.getByLabel("Imagine de copertă", { exact: true }).setInputFiles(path.join(FIXTURES, "coperta.webp"));
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("1.800,00");
  await page.getByLabel("Zile", { exact: true }).first().fill("3");

  // Each "+" is a post: the page comes back with what was typed and one more row.
  await page.getByRole("button", { name: "+ Adaugă preț" }).click();
  await expect(page.getByLabel("Preț 1 (RON)", { exact: true })).toHaveValue("1.800,00");
  await expect(page.locator(".media-field").getByText("coperta.webp")).toBeVisible();
  // The cover was stored and checked by that post: the form carries the proof, so the next
  // posts do not check (and re-encode) it again.
  await expect(page.locator('input[type="hidden"][name="uploadProof"]')).toHaveCount(1);
  await expect(page.locator(".media-field").first()).toContainText("fără JavaScript, cel mult 50 MB pe formular");
  await page.getByLabel("Preț 2 (RON)", { exact: true }).fill("2.200,00");
  await page.getByLabel("Zile", { exact: true }).nth(1).fill("5");
  await page.getByRole("button", { name: "+ Adaugă preț" }).click();
  await page.getByRole("button", { name: "Elimină prețul 3" }).click();
  await expect(page.getByLabel("Preț 3 (RON)", { exact: true })).toHaveCount(0);

  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Teorie");
  await page.getByLabel("Subcapitolul 1 din capitolul 1", { exact: true }).fill("Anatomia unghiei");
  await page.getByRole("button", { name: "Adaugă subcapitol în capitolul 1" }).click();
  await page.getByLabel("Subcapitolul 2 din capitolul 1", { exact: true }).fill("De șters");
  await page.getByRole("button", { name: "+ Adaugă capitol" }).click();
  await page.getByLabel("Titlul capitolului 2", { exact: true }).fill("Practică");
  await page.getByLabel("Subcapitolul 1 din capitolul 2", { exact: true }).fill("Manichiura clasică");
  await page.getByRole("button", { name: "Elimină subcapitolul 2 din capitolul 1" }).click();
  await expect(page.getByLabel("Subcapitolul 2 din capitolul 1", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Titlul capitolului 2", { exact: true })).toHaveValue("Practică");

  await page.getByRole("button", { name: "+ Adaugă zi" }).click();
  await page.getByLabel("Titlul zilei 1", { exact: true }).fill("Ziua de teorie");
  await page.getByLabel("Activitatea 1 din ziua 1", { exact: true }).fill("Prezentare");
  await page.getByRole("button", { name: "+ Adaugă zi" }).click();
  await page.getByLabel("Titlul zilei 2", { exact: true }).fill("Ziua de practică");
  await page.getByLabel("Activitatea 1 din ziua 2", { exact: true }).fill("Lucru pe model");
  await page.getByRole("button", { name: "Adaugă activitate în ziua 2" }).click();
  await page.getByLabel("Activitatea 2 din ziua 2", { exact: true }).fill("Evaluare");

  // A bad price comes back with its message, nothing saved.
  await page.getByLabel("Preț 2 (RON)", { exact: true }).fill("2,200.00");
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText(/Preț invalid/)).toBeVisible();
  expect(await hook(request, "courseByTitle", { title })).toBeNull();
  await page.getByLabel("Preț 2 (RON)", { exact: true }).fill("2.200,00");
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează cursul" }).click();

  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cursuri\/\d+$/);
  const saved = await hook<{
    course: { imageKey: string | null; durationDays: number; nextSessionOn: string; content: { chapters: Array<{ id: number; title: string; details: Array<{ id: number; text: string }> }>; days: Array<{ id: number; title: string; activities: string[] }> } };
    options: Array<{ amountBani: number; days: number | null }>;
  }>(request, "courseByTitle", { title });
  expect(saved.course.imageKey).toMatch(/^courses\/\d+_coperta\.webp$/);
  expect(saved.course.durationDays).toBe(5);
  expect(saved.course.nextSessionOn).toBe("2031-03-10");
  expect(saved.options.map((o) => [o.amountBani, o.days])).toEqual([
    [180000, 3],
    [220000, 5],
  ]);
  expect(saved.course.content.chapters).toEqual([
    { id: 0, title: "Teorie", details: [{ id: 0, text: "Anatomia unghiei" }] },
    { id: 1, title: "Practică", details: [{ id: 0, text: "Manichiura clasică" }] },
  ]);
  expect(saved.course.content.days).toEqual([
    { id: 1, title: "Ziua de teorie", activities: ["Prezentare"] },
    { id: 2, title: "Ziua de practică", activities: ["Lucru pe model", "Evaluare"] },
  ]);

  await page.goto("/cursuri");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

  // Clean up: delete it through the confirmation page.
  await page.goto("/admin/cursuri");
  await page.getByRole("link", { name: `Elimina ${title}` }).click();
  await page.getByRole("button", { name: "Da, șterge cursul" }).click();
  await expect(page.getByText("Cursul a fost șters.")).toBeVisible();
});

test("an admin edits /termeni inline: adds a section, removes one, a blank one is dropped", async ({ page, context, request }) => {
  await loginAs(context, request, { role: "admin" });
  const marker = `Secțiune de test ${Date.now().toString(36)}`;
  await page.goto("/termeni");
  const before = await page.locator(".legal__section").count();
  await page.getByRole("link", { name: "Modifică" }).click();
  await expect(page).toHaveURL(/\/termeni\?editeaza=1$/);
  const editors = page.getByTestId("legal-section-editor");
  await expect(editors).toHaveCount(before);

  await page.getByRole("button", { name: "+ Adaugă secțiune" }).click();
  await page.getByLabel(`Titlul secțiunii ${before + 1}`, { exact: true }).fill(marker);
  await page.getByLabel(`Textul secțiunii ${before + 1}`, { exact: true }).fill("Text <script>window.hacked=1</script> afișat ca text.");
  await page.getByRole("button", { name: "+ Adaugă secțiune" }).click(); // stays blank
  await page.getByRole("button", { name: "+ Adaugă secțiune" }).click();
  await page.getByLabel(`Titlul secțiunii ${before + 3}`, { exact: true }).fill("De eliminat");
  await expect(page.getByLabel(`Titlul secțiunii ${before + 1}`, { exact: true })).toHaveValue(marker);
  await page.getByRole("button", { name: `Elimină secțiunea ${before + 3}` }).click();
  await expect(editors).toHaveCount(before + 2);
  await expect(page.getByLabel(`Titlul secțiunii ${before + 3}`, { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Salvează", exact: true }).last().click();

  await expect(page).toHaveURL(/\/termeni$/);
  await expect(page.getByText("Pagina a fost salvată.")).toBeVisible();
  await expect(page.locator(".legal__section")).toHaveCount(before + 1); // the blank one was dropped
  await expect(page.getByRole("heading", { name: marker })).toBeVisible();
  await expect(page.getByText("Text <script>window.hacked=1</script> afișat ca text.")).toBeVisible();
  await expect(page.getByText("De eliminat")).toHaveCount(0);

  // Put the page back as it was: remove the added section.
  await page.getByRole("link", { name: "Modifică" }).click();
  await page.getByRole("button", { name: `Elimină secțiunea ${before + 1}` }).click();
  await page.getByRole("button", { name: "Salvează", exact: true }).last().click();
  await expect(page.locator(".legal__section")).toHaveCount(before);
  await expect(page.getByRole("heading", { name: marker })).toHaveCount(0);
});

test("an admin creates a missing legal page; a visitor sees 'Pagină inexistentă' until then", async ({ page, context, request, browser }) => {
  // /retur: the catalogue suite deletes and restores it only in its JavaScript project; if it
  // is missing right now, that test is in its short window: wait for the page to come back.
  let sections: Array<{ title: string; description: string }> | null = null;
  for (let attempt = 0; attempt < 20 && !sections; attempt++) {
    ({ sections } = await hook<{ sections: Array<{ title: string; description: string }> | null }>(request, "deleteTermsPage", { pageKey: "politica-returnare" }));
    if (!sections) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    const guestContext = await browser.newContext({ javaScriptEnabled: false });
    const guest = await guestContext.newPage();
    const missing = await guest.goto("/retur");
    expect(missing?.status()).toBe(404);
    await expect(guest.getByRole("heading", { level: 1, name: "Pagină inexistentă" })).toBeVisible();
    await expect(guest.getByRole("link", { name: "Creează pagina" })).toHaveCount(0);

    await loginAs(context, request, { role: "admin" });
    await page.goto("/retur");
    await expect(page.getByRole("heading", { level: 1, name: "Pagină inexistentă" })).toBeVisible();
    await page.getByRole("link", { name: "Creează pagina" }).click();
    await page.getByLabel("Titlul secțiunii 1", { exact: true }).fill("Livrare");
    await page.getByLabel("Textul secțiunii 1", { exact: true }).fill("Produsele se livrează în 2–3 zile lucrătoare.");
    await page.getByRole("button", { name: "Creează pagina" }).last().click();
    await expect(page.getByText("Pagina a fost creată.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Livrare și retur" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Livrare", exact: true })).toBeVisible();

    const created = await guest.goto("/retur");
    expect(created?.status()).toBe(200);
    await expect(guest.getByText("Produsele se livrează în 2–3 zile lucrătoare.")).toBeVisible();
    await guestContext.close();
  } finally {
    if (sections) await hook(request, "restoreTermsPage", { pageKey: "politica-returnare", sections });
  }
});

test("an admin creates a product with an image and edits it using only form posts; a visitor sees each version", async ({ page, context, request, browser }) => {
  await loginAs(context, request, { role: "admin" });
  const title = `Produs fără JavaScript ${Date.now().toString(36)}`;
  await page.goto("/admin/produse");
  await page.getByRole("link", { name: "+ Produs nou" }).click();
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Subtitlu (opțional)", { exact: true }).fill("Pentru cuticule");
  await page.getByLabel("Preț (RON)", { exact: true }).fill("39,90");
  await page.getByLabel("Descriere (opțional)", { exact: true }).fill("Un produs creat fără JavaScript.");
  // The image goes with the form's own multipart post.
  await page.getByLabel("Imagine", { exact: true }).setInputFiles(path.join(FIXTURES, "coperta.webp"));
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează produsul" }).click();
  await expect(page.getByText("Produs creat cu succes")).toBeVisible();
  await expect(page.locator(".media-field").getByText("coperta.webp")).toBeVisible();

  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  await visitorContext.addCookies(await context.cookies().then((all) => all.filter((c) => c.name === "cookie_consent")));
  const visitor = await visitorContext.newPage();
  await visitor.goto("/produse");
  const card = visitor.getByRole("link", { name: title });
  await expect(card).toBeVisible();
  await card.click();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("39,90 RON").first()).toBeVisible();
  const picture = visitor.locator(".product-detail__media img");
  await expect(picture).toHaveAttribute("src", /coperta/);
  expect(await picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

  // Edited: a new price and a reference price; the image stays.
  await page.getByLabel("Preț (RON)", { exact: true }).fill("34,90");
  await page.getByLabel("Preț întreg (opțional)", { exact: true }).fill("39,90");
  await page.getByRole("button", { name: "Salvează modificările" }).click();
  await expect(page.getByText("Produs actualizat cu succes")).toBeVisible();
  await expect(page.getByLabel("Preț (RON)", { exact: true })).toHaveValue("34,90");
  await visitor.reload();
  await expect(visitor.getByText("34,90 RON").first()).toBeVisible();
  await expect(visitor.locator("s, del").filter({ hasText: "39,90 RON" }).first()).toBeVisible();
  await expect(picture).toHaveAttribute("src", /coperta/);
  await visitorContext.close();

  await page.goto("/admin/produse");
  await page.getByRole("link", { name: `Elimina ${title}` }).click();
  await page.getByRole("button", { name: "Da, șterge produsul" }).click();
  await expect(page.getByText("Produsul a fost șters.")).toBeVisible();
});

test("an admin creates an online course with a lesson and its video using only form posts; a student watches it", async ({ page, context, request, browser }) => {
  await loginAs(context, request, { role: "admin" });
  const title = `Curs online fără JavaScript ${Date.now().toString(36)}`;
  await page.goto("/admin/cursuri-online");
  await page.getByRole("link", { name: /Curs online nou/ }).click();
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Descriere", { exact: true }).fill("Un curs creat fără JavaScript.");
  await page.getByLabel("Imagine de copertă", { exact: true }).setInputFiles(path.join(FIXTURES, "coperta.webp"));
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("99,00");
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Introducere");
  // "Adaugă lecție" is a post: the page comes back with the lesson's fields (and the cover kept).
  await page.getByRole("button", { name: "Adaugă lecție în capitolul 1" }).click();
  await expect(page.getByLabel("Titlul capitolului 1", { exact: true })).toHaveValue("Introducere");
  await page.getByLabel("Titlul lecției 1.1", { exact: true }).fill("Prima lecție fără JavaScript");
  await page.getByLabel("Explicație lecția 1.1", { exact: true }).fill("Pregătirea mesei de lucru.");
  await page.getByLabel("Video lecția 1.1", { exact: true }).setInputFiles(path.join(FIXTURES, "lectie.mp4"));
  await page.getByLabel("Stare lecția 1.1", { exact: true }).selectOption("da");
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cursuri-online\/\d+$/);
  const courseId = Number(new URL(page.url()).pathname.split("/").pop());
  // The admin sees the saved lesson with its video.
  await expect(page.getByLabel("Titlul lecției 1.1", { exact: true })).toHaveValue("Prima lecție fără JavaScript");
  await expect(page.locator(".media-field").filter({ hasText: "lectie.mp4" })).toHaveCount(1);
  const saved = await hook<{ course: { imageKey: string | null }; lessons: Array<{ title: string; videoKey: string | null; isPublished: boolean }> }>(request, "courseByTitle", { title });
  expect(saved.course.imageKey).toMatch(/^courses\/\d+_coperta\.webp$/);
  expect(saved.lessons).toEqual([expect.objectContaining({ title: "Prima lecție fără JavaScript", videoKey: expect.stringMatching(/^videos\/\d+_lectie\.mp4$/), isPublished: true })]);

  // A visitor sees the course with its price; an enrolled student opens the lesson and its video.
  const studentContext = await browser.newContext({ javaScriptEnabled: false });
  await studentContext.addCookies(await context.cookies().then((all) => all.filter((c) => c.name === "cookie_consent")));
  const student = await studentContext.newPage();
  await student.goto("/cursuri-online");
  await expect(student.getByRole("link", { name: title }).first()).toBeVisible();
  await student.goto(`/cursuri-online/curs/${courseId}`);
  await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(student.getByText("99,00 RON").first()).toBeVisible();
  await expect(student.getByText("Introducere").first()).toBeVisible();
  const { email } = await loginAs(studentContext, request);
  await enroll(request, { email, courseTitle: title });
  await student.goto(`/cursuri-online/curs/${courseId}/lectie`);
  await expect(student.getByRole("heading", { level: 1, name: "Prima lecție fără JavaScript" })).toBeVisible();
  await expect(student.getByText("Pregătirea mesei de lucru.")).toBeVisible();
  const video = student.getByTestId("lesson-video");
  await expect(video).toHaveCount(1);
  const source = (await video.getAttribute("src")) ?? "";
  expect(source).not.toBe("");
  // The video the admin uploaded is what the player serves.
  const media = await student.request.get(new URL(source, student.url()).toString());
  expect(media.status()).toBeLessThan(400);
  expect((await media.body()).length).toBe(fs.statSync(path.join(FIXTURES, "lectie.mp4")).size);
  await studentContext.close();
});
