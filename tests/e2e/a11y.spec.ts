/** No serious or critical accessibility violation (axe) on any public page of issue 3. */
import { expect as baseExpect, test as baseTest, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./axe";
import { COURSES, PRODUCTS } from "./catalogue-helpers";

const pages = [
  "/",
  "/cursuri",
  `/cursuri/curs/${COURSES.basic.id}`,
  "/cursuri-online",
  `/cursuri-online/curs/${COURSES.semipermanent.id}`,
  `/cursuri-online/curs/${COURSES.hygiene.id}`,
  "/produse",
  `/produse/produs/${PRODUCTS.kit.id}`,
  "/termeni",
  "/inscriere",
  // Other specs edit /retur and /plata meanwhile: either state (sections or "Pagină inexistentă")
  // must be accessible.
  "/retur",
  "/plata",
  "/confidentialitate",
  "/cookie",
  "/contact",
  "/about-me",
  "/servicii",
  "/shop",
  "/autentificare",
  "/register",
  "/forgot-password",
  "/nu-exista-asa-ceva",
];

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
}

// Both projects: with JavaScript off axe is evaluated into the page all the same (./axe.ts),
// and checks what those visitors get (the <noscript> parts included).

for (const path of pages) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe: a course page with the form's error messages", async ({ page, context, request }) => {
  const { loginAs } = await import("./fixtures");
  await loginAs(context, request);
  await page.goto(`/cursuri/curs/${COURSES.basic.id}`);
  // The button waits for a period with JavaScript: post the form natively, as a browser without
  // JavaScript would, to reach the server's error state.
  await Promise.all([
    page.waitForNavigation(),
    page.evaluate(() => (document.querySelector('input[name="priceOptionId"]')?.closest("form") as HTMLFormElement).submit()),
  ]);
  await expect(page.getByText("Trebuie să alegi o perioadă")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

baseTest("axe: the cookie banner, open on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByText("Personalizează").click();
  baseExpect(await seriousViolations(page)).toEqual([]);
});
