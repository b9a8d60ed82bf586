/**
 * Lesson captions and transcripts (issue 19 item 5, WCAG 1.2.2), with and without JavaScript:
 * the admin attaches a WebVTT file and a transcript to a lesson (an SRT file renamed .vtt is
 * refused with the Romanian reason first); an enrolled student's lesson page has the captions
 * as a Romanian <track> inside the video (with JavaScript: the browser really loads its cues,
 * so the CSP and the same-origin rule let it through) and the "Transcriere" section.
 */
import path from "node:path";
import { expect, enroll, hook, loginAs, test } from "./fixtures";

const FIXTURES = path.resolve("tests/fixtures");
const VTT = "WEBVTT\n\n00:00.000 --> 00:02.000\nBună ziua și bine ați venit!\n\n00:02.000 --> 00:04.000\nPregătim unghia.\n";
const SRT = "1\n00:00:00,000 --> 00:00:02,000\nBună ziua\n";
const SRT_MESSAGE = "Fișierul pare să fie în format SRT, nu WebVTT.";

test("an admin adds captions and a transcript to a lesson; the student gets a track and the transcript", async ({ page, context, request, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await loginAs(context, request, { role: "admin" });
  const title = `Curs cu subtitrări ${Date.now().toString(36)}`;
  await page.goto("/admin/cursuri-online/nou");
  await page.getByLabel("Titlu", { exact: true }).fill(title);
  await page.getByLabel("Preț 1 (RON)", { exact: true }).fill("99,00");
  await page.getByLabel("Titlul capitolului 1", { exact: true }).fill("Introducere");
  await page.getByLabel("Subcapitolul 1 din capitolul 1", { exact: true }).fill("Bun venit");
  await page.getByRole("button", { name: "Adaugă lecție în capitolul 1" }).click();
  await page.getByLabel("Titlul lecției 1.1", { exact: true }).fill("Prima lecție");

  const captionsField = page.locator(".media-field").filter({ has: page.getByLabel("Subtitrări lecția 1.1", { exact: true }) });
  await page.getByLabel("Video lecția 1.1", { exact: true }).setInputFiles(path.join(FIXTURES, "lectie.mp4"));
  if (javaScriptEnabled) {
    const videoField = page.locator(".media-field").filter({ has: page.getByLabel("Video lecția 1.1", { exact: true }) });
    await expect(videoField.locator(".media-field__name")).toContainText("lectie.mp4");
  }

  // An SRT file renamed .vtt: refused with the reason (at once with JavaScript, at the save without).
  await page.getByLabel("Subtitrări lecția 1.1", { exact: true }).setInputFiles({ name: "subtitrari.vtt", mimeType: "text/vtt", buffer: Buffer.from(SRT) });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(captionsField.getByText(SRT_MESSAGE)).toBeVisible();
  expect(await hook(request, "courseByTitle", { title })).toBeNull();

  await page.getByLabel("Subtitrări lecția 1.1", { exact: true }).setInputFiles({ name: "subtitrari.vtt", mimeType: "text/vtt", buffer: Buffer.from(VTT) });
  if (javaScriptEnabled) await expect(captionsField.locator(".media-field__name")).toContainText("subtitrari.vtt");
  await page.getByLabel("Transcriere lecția 1.1").fill("Bună ziua și bine ați venit!\n\nPregătim unghia.");
  await page.getByLabel("Stare", { exact: true }).selectOption("da");
  await page.getByRole("button", { name: "Creează cursul" }).click();
  await expect(page.getByText("Curs creat cu succes")).toBeVisible();
  const saved = await hook<{ lessons: Array<{ captionsKey: string | null; transcript: string }> }>(request, "courseByTitle", { title });
  expect(saved.lessons[0].captionsKey).toMatch(/^captions\/\d+_subtitrari\.vtt$/);
  expect(saved.lessons[0].transcript).toBe("Bună ziua și bine ați venit!\n\nPregătim unghia.");

  // The student.
  await context.clearCookies();
  const { email } = await loginAs(context, request, { name: "Maria Ștefănescu" });
  const { courseId } = await enroll(request, { email, courseTitle: title });
  await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
  await expect(page.getByRole("heading", { level: 1, name: "Prima lecție" })).toBeVisible();
  const track = page.getByTestId("lesson-video").locator('track[kind="captions"]');
  await expect(track).toHaveAttribute("srclang", "ro");
  await expect(track).toHaveAttribute("label", "Română");
  await expect(track).toHaveAttribute("default", "");
  if (javaScriptEnabled) {
    // 2 = LOADED (3 would be ERROR: refused by the CSP, another origin or a bad file).
    await expect.poll(() => track.evaluate((element) => (element as HTMLTrackElement).readyState)).toBe(2);
    expect(await track.evaluate((element) => (element as HTMLTrackElement).track.cues?.length)).toBe(2);
  }

  const transcript = page.getByTestId("lesson-transcript");
  await expect(transcript.getByText("Pregătim unghia.")).toBeHidden();
  await transcript.getByText("Transcriere", { exact: true }).click();
  await expect(transcript.getByText("Bună ziua și bine ați venit!")).toBeVisible();
  await expect(transcript.getByText("Pregătim unghia.")).toBeVisible();
});
