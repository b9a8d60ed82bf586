/** Shared steps of the account journeys (pages, forms, outbox). */
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { newestMailTo, resetLinkIn } from "../helpers/mail";

export const NEW_PASSWORD = "Parola-Noua2?";

/** With JavaScript, wait until React has hydrated the form (the "Arată" toggle appears). */
export async function formReady(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Arată" }).first()).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Parolă", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Intră în cont" }).click();
}

export function toast(page: Page) {
  return page.locator(".toast__message");
}

export function formAlert(page: Page) {
  return page.locator("form .alert");
}

/** Errors listed under a field, found through its aria-describedby. */
export async function fieldErrors(page: Page, label: string | RegExp) {
  const input = page.getByLabel(label, { exact: typeof label === "string" });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(/\s+/).find((id) => id.endsWith("-error"));
  expect(errorId, "aria-describedby names the error list").toBeTruthy();
  return page.locator(`[id="${errorId}"] li`);
}

export function outboxDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (run through npm run test:e2e)");
  return path.join(dataDir, "outbox");
}

/** The reset link of the newest mail sent to `email`. */
export async function resetLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => {
      const mail = newestMailTo(outboxDir(), email);
      link = mail ? resetLinkIn(mail) : null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

/** A billing address as the forms take it (issue 24): fields, and the line the site composes from them. */
export const BILLING = {
  street: "Str. Mircea cel Bătrân 10",
  city: "Constanța",
  county: "Constanța",
  postalCode: "900123",
  line: "Str. Mircea cel Bătrân 10, Constanța, jud. Constanța, 900123",
} as const;

/** Fills the billing address fields inside `scope` (the /cont billing section or the cart's #adresa). */
export async function fillBillingAddress(scope: Locator, address: { street: string; city: string; county: string; postalCode?: string } = BILLING) {
  await scope.getByLabel("Adresa", { exact: true }).fill(address.street);
  await scope.getByLabel("Localitatea").fill(address.city);
  await scope.getByLabel("Județul").selectOption({ label: address.county });
  if (address.postalCode) await scope.getByLabel(/Cod poștal/).fill(address.postalCode);
}
