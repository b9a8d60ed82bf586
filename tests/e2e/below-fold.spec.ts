/**
 * Catalogue cards far below the fold wait until the reader comes near them (issue 31,
 * `content-visibility: auto` on `.catalogue-grid > *` in app.css): on a phone's first load they
 * are neither drawn nor is their picture fetched, so they do not share the slow link with the
 * font and the picture at the top (with scripts on: without them a browser fetches every picture at
 * once, lazy or not). Scrolling to one shows it, with its picture.
 */
import { expect, test } from "./fixtures";

test("a course card far below the fold of the home page is drawn, with its picture, once the reader scrolls to it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("load");

  // The last course card, two and a half screens or more below the top on a phone.
  const cards = page.locator(".catalogue-grid > *");
  const count = await cards.count();
  expect(count, "the home page lists courses").toBeGreaterThan(0);
  const card = cards.nth(count - 1);
  const topOf = (index: number) => cards.nth(index).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(await topOf(count - 1), "the last card is far below the fold").toBeGreaterThan(844 * 2.5);

  // What the card holds is skipped (the card itself keeps its place and size).
  const heading = card.getByRole("heading");
  const drawn = () => heading.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn(), "not drawn before the reader comes near it").toBe(false);

  // Its picture, or the picture of the last far card that has one: other journeys add courses
  // without a picture, and one of those may be last.
  let pictureCard = -1;
  for (let index = count - 1; index >= 0 && pictureCard < 0; index--) {
    if ((await topOf(index)) <= 844 * 2.5) break;
    if ((await cards.nth(index).locator("img").count()) > 0) pictureCard = index;
  }
  const hasPicture = pictureCard >= 0;
  if (!hasPicture) test.info().annotations.push({ type: "note", description: "no far course card with a picture on the home page: picture checks not run" });
  const picture = cards.nth(Math.max(pictureCard, 0)).locator("img");
  const candidates = hasPicture
    ? await picture.evaluate((img: HTMLImageElement) =>
        [img.getAttribute("src") ?? "", ...(img.getAttribute("srcset") ?? "").split(",").map((entry) => entry.trim().split(/\s+/)[0])]
          .filter(Boolean)
          .map((address) => new URL(address, location.href).pathname),
      )
    : [];
  // Without scripting a browser loads every picture at once: the HTML standard's "will lazy load
  // element" steps answer no when scripting is disabled (lazy loading would reveal scrolling).
  if (hasPicture && test.info().project.use.javaScriptEnabled !== false) {
    expect(requested.filter((address) => candidates.includes(address)), "its picture is not fetched on the first load").toEqual([]);
  }

  await card.scrollIntoViewIfNeeded();
  await expect.poll(drawn, { message: "drawn once scrolled to" }).toBe(true);
  await expect(heading).toBeVisible();
  if (hasPicture) {
    await cards.nth(pictureCard).scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: "its picture loaded" })
      .toBe(true);
  }
});
