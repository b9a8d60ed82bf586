/**
 * The online course player in the browser (docs/product.md §2, §4, §5): with JavaScript a student watches
 * the free three-lesson course to the end — locked chapters are not links, "Continuă" waits for
 * the end of each video — then gets "Felicitări!", downloads the diploma and opens its public
 * verification page. Without JavaScript the page still shows the chapters and the lesson, and
 * a too-early "Continuă" is answered by the server's wait message.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { enroll, expect, hook, loginAs, test } from "./fixtures";

const COURSE = "Igiena și sterilizarea instrumentelor";

test.describe("player with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript journey");

  test("watch the whole course, get the diploma and verify it", async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const { email } = await loginAs(context, request, { name: "Ioana Țurcanu" });
    const { courseId } = await enroll(request, { email, courseTitle: COURSE });

    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    await expect(page.getByRole("heading", { level: 1, name: "De ce contează igiena" })).toBeVisible();
    // Debian's Chromium plays the H.264 seed video.
    expect(await page.evaluate(() => document.createElement("video").canPlayType('video/mp4; codecs="avc1.42E01E"'))).not.toBe("");

    const nav = page.getByRole("navigation", { name: "Lecțiile cursului" });
    await expect(nav.locator('[data-testid="player-chapter"]')).toHaveCount(3);
    await expect(nav.locator('[data-testid="player-chapter"]').nth(0)).toHaveAttribute("data-state", "open");
    await expect(nav.locator('[data-testid="player-chapter"]').nth(1)).toHaveAttribute("data-state", "locked");
    await expect(nav.getByText("Dezinfecția suprafețelor și a mâinilor")).toBeVisible();
    await expect(nav.getByRole("link", { name: /Dezinfecția suprafețelor/ })).toHaveCount(0);
    await expect(page.getByText("Pentru a trece la următoarea lecție, trebuie să vizionați întregul video.")).toBeVisible();

    const lessons = [
      ["De ce contează igiena", "?lectie=1-1"],
      ["Dezinfecția suprafețelor și a mâinilor", "?lectie=2-1"],
      ["Sterilizarea instrumentelor", null],
    ] as const;
    for (const [title, next] of lessons) {
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const continueButton = page.getByRole("button", { name: "Continuă" });
      await expect(continueButton).toBeDisabled();
      const video = page.getByTestId("lesson-video");
      // Seeking ahead is refused by the player.
      await video.evaluate(async (element) => {
        const v = element as HTMLVideoElement;
        if (v.readyState < 1) await new Promise((resolve) => v.addEventListener("loadedmetadata", resolve, { once: true }));
        v.currentTime = 4;
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(await video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeLessThan(1);
      // Play to the end (muted: the autoplay policy allows it without a click).
      await video.evaluate(async (element) => {
        const v = element as HTMLVideoElement;
        v.muted = true;
        const ended = new Promise((resolve) => v.addEventListener("ended", resolve, { once: true }));
        await v.play();
        await ended;
      });
      await expect(continueButton).toBeEnabled();
      await expect(page.getByText("Lecția a fost marcată ca vizionată.")).toBeVisible();
      await continueButton.click();
      if (next) await expect(page).toHaveURL(new RegExp(`/lectie\\${next}$`));
    }

    await expect(page).toHaveURL(new RegExp(`/cursuri-online/curs/${courseId}/lectie$`));
    await expect(page.getByRole("heading", { name: "Felicitări!" })).toBeVisible();
    await expect(nav.locator('[data-testid="player-chapter"][data-state="done"]')).toHaveCount(3);
    await expect(nav.getByText("100%")).toBeVisible();

    await page.getByRole("link", { name: "Vezi diploma" }).click();
    // The address first: if this step fails again (it did once in CI, not reproduced in 18 runs
    // since), it tells a click that led nowhere from a page that came late or redirected.
    await expect(page).toHaveURL(new RegExp(`/cursuri-online/curs/${courseId}/diploma$`));
    await expect(page.getByRole("heading", { level: 1, name: "Diplomă" })).toBeVisible();
    await expect(page.getByTestId("diploma-holder")).toHaveText("Ioana Țurcanu");
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descarcă diploma (PDF)" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^diploma-igiena-si-sterilizarea-instrumentelor-[0-9A-Z]{10}\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");

    const code = await page.getByTestId("diploma-code").textContent();
    await page.getByRole("link", { name: /\/diploma\// }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Diplomă validă" })).toBeVisible();
    await expect(page.getByTestId("verify-holder")).toHaveText("Ioana Țurcanu");
    await expect(page.getByTestId("verify-course")).toHaveText(COURSE);
    await expect(page.getByText(code!).first()).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);

    // The account page links to the diploma of a finished course.
    await page.goto("/cont");
    await expect(page.getByRole("link", { name: "Diplomă" })).toBeVisible();
  });
});

test.describe("player resilience with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JavaScript journey");

  async function playToEnd(page: Page) {
    await page.getByTestId("lesson-video").evaluate(async (element) => {
      const v = element as HTMLVideoElement;
      v.muted = true;
      const ended = new Promise((resolve) => v.addEventListener("ended", resolve, { once: true }));
      await v.play();
      await ended;
    });
  }

  test("an expired video URL is renewed and the lesson goes on", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSE });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    const video = page.getByTestId("lesson-video");
    await expect(page.getByRole("button", { name: "Continuă" })).toBeDisabled();
    // The signed URL stops working (as after its 4 hours): the media route answers 403.
    const renewal = page.waitForResponse((r) => r.url().includes("/lectie/media?lectie=0-1&tip=video"));
    await video.evaluate((element) => {
      const v = element as HTMLVideoElement;
      v.src = v.src.replace(/([?&]s=)[^&]+/, "$1expirat");
    });
    expect((await renewal).status()).toBe(200);
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).src)).not.toContain("expirat");
    await playToEnd(page);
    await expect(page.getByRole("button", { name: "Continuă" })).toBeEnabled();
  });

  test("a failed save is retried once, then a quiet note; Continuă stays usable", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSE });
    let calls = 0;
    let failing = true;
    await page.route("**/lectie/progres", (route) => {
      calls += 1;
      return failing ? route.abort("failed") : route.continue();
    });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    await playToEnd(page);
    const button = page.getByRole("button", { name: "Continuă" });
    await expect(page.getByText("Progresul nu a putut fi salvat.", { exact: false })).toBeVisible();
    expect(calls).toBe(2);
    await expect(button).toBeEnabled();
    await expect(page.getByRole("heading", { level: 1, name: "De ce contează igiena" })).toBeVisible();
    // The connection is back: Continuă saves and moves on.
    failing = false;
    await button.click();
    await expect(page).toHaveURL(/\?lectie=1-1$/);
  });
});

test.describe("player without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JavaScript journey");

  test("chapters and lesson render, locked chapters are not links, a too-early Continuă gets the wait message", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSE });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);

    await expect(page.getByRole("heading", { level: 1, name: "De ce contează igiena" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Lecțiile cursului" });
    await expect(nav.getByRole("heading", { name: "Introducere" })).toBeVisible();
    await expect(nav.getByRole("heading", { name: /Dezinfecția \(capitol blocat\)/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Dezinfecția suprafețelor/ })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /Sterilizarea instrumentelor/ })).toHaveCount(0);
    await expect(page.getByTestId("lesson-video")).toHaveAttribute("controls", "");
    // A locked lesson asked for directly is refused.
    const locked = await page.goto(`/cursuri-online/curs/${courseId}/lectie?lectie=2-1`);
    expect(locked?.status()).toBe(403);

    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    // However slow this machine is, the lesson was served "just now": two minutes still to watch.
    await hook(request, "backdateLessons", { email, courseTitle: COURSE, seconds: -120 });
    await page.getByRole("button", { name: "Continuă" }).click();
    // About two minutes are left; how much exactly depends on this machine's speed.
    const wait = page.getByText(/^Mai vizionați lecția încă \d+ (de )?secunde\.$/);
    await expect(wait).toBeVisible();
    const seconds = Number((await wait.innerText()).match(/\d+/)![0]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(125);
    await expect(page.getByRole("heading", { level: 1, name: "De ce contează igiena" })).toBeVisible();
  });

  test("on a phone the lessons sit behind 'Vezi lecțiile' / 'Ascunde lecțiile'", async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSE });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    const toggle = page.getByText("Vezi lecțiile");
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Lecțiile cursului" })).toBeHidden();
    await toggle.click();
    await expect(page.getByText("Ascunde lecțiile")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Lecțiile cursului" }).getByRole("heading", { name: "Introducere" })).toBeVisible();
  });

  test("a pending enrolment goes back to the course page with the waiting message", async ({ page, context, request }) => {
    const { email } = await loginAs(context, request);
    const { courseId } = await enroll(request, { email, courseTitle: COURSE, status: "pending" });
    await page.goto(`/cursuri-online/curs/${courseId}/lectie`);
    await expect(page).toHaveURL(new RegExp(`/cursuri-online/curs/${courseId}$`));
    await expect(page.getByText("Se așteaptă confirmarea plății").first()).toBeVisible();
  });

  test("the verification page answers 'Diplomă inexistentă' for a made-up code", async ({ page }) => {
    const response = await page.goto("/diploma/ABCDE12345");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Diplomă inexistentă" })).toBeVisible();
  });
});
