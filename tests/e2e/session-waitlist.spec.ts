/**
 * Issue 28 (e2e, JavaScript on and off): the waitlist of an in-person session, end to end. A course
 * of the test's own (test hook) has one session of 2 places, one already taken by a transfer order
 * (test hook). A student buys the last place through the real course page, cart and bank-transfer
 * checkout; the course page then says "Complet" for that session. A second visitor joins its
 * waitlist ("ești pe listă (locul 1)", also in /cont). The admin frees the student's place from the
 * order page: with JavaScript the transfer is confirmed and then refunded ("Marchează rambursată",
 * credit note), without it the order still awaiting the transfer is cancelled ("Anulează") — both
 * ways a paid or held place comes back. The place is then held for the first in line: /cont says
 * so, a guest sees "Complet", and the outbox has the e-mail "Un loc s-a eliberat" whose link opens
 * the course page with the session (and its period) already chosen. She buys it by bank transfer
 * and ends with the course and the session in /cont, off the waitlist. The session is cancelled at
 * the end (a cancelled session is not offered), in a year of its own per project.
 */
import type { Page } from "@playwright/test";
import { newestMailTo } from "../helpers/mail";
import { outboxDir } from "./account-helpers";
import { dismissCookies, expect, hook, loginAs, startScripts, test } from "./fixtures";

const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

/** The course page's radio for the session, added to the cart, then the cart's bank-transfer checkout. */
async function buyByTransfer(page: Page, js: boolean, when: string) {
  if (js) await startScripts(page);
  await page.getByRole("radio", { name: /2 zile/ }).first().check();
  await page.locator("label.radio-card", { hasText: when }).getByRole("radio").check();
  await page.getByRole("button", { name: /Adaugă în coș|Actualizează/ }).click();
  await expect(page.getByText(/adăugat în coș|actualizat/i).first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line-session")).toContainText(`Sesiunea: ${when}`);
  await page.getByLabel(/Am citit și accept/).check();
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toContainText("900,00 RON");
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);
  await expect(page.getByText("Comanda a fost finalizată. Cursurile vor fi disponibile după confirmarea plății.")).toBeVisible();
}

test("the last place bought, a waitlist, the place freed by the admin goes to the first in line", async ({ browser, request }, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const year = project === "js" ? 2094 : 2093;
  const when = `08–09/06/${year}`;
  const title = `Curs de manichiură cu listă de așteptare ${project} ${Date.now()}`;
  const course = await hook<{ id: number; sessionIds: number[] }>(request, "physicalCourse", {
    title,
    days: 2,
    amountBani: 90000,
    sessions: [{ startsOn: `${year}-06-08`, capacity: 2 }],
  });
  const [sessionId] = course.sessionIds;
  const coursePath = `/cursuri/curs/${course.id}`;
  const open = async () => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    await dismissCookies(context);
    return context;
  };

  // Someone else holds the first place (a transfer order through the test hook).
  const first = await loginAs(await browser.newContext(), request, { name: "Dana Prima", address: ADDRESS });
  await hook(request, "addToCart", { email: first.email, items: [{ title, sessionId }] });
  await hook(request, "placeTransferOrder", { email: first.email });

  // The student buys the last place through the page, the cart and the checkout.
  const studentContext = await open();
  const student = await loginAs(studentContext, request, { name: "Elena Ultimul Loc", phone: "0722000001", address: ADDRESS });
  const studentPage = await studentContext.newPage();
  await studentPage.goto(coursePath);
  await expect(studentPage.locator("label.radio-card", { hasText: when })).toContainText("1 loc rămas");
  await buyByTransfer(studentPage, js, when);
  await expect(studentPage.locator(".enrollment-list li", { hasText: title })).toContainText(when);
  const { orders } = await hook<{ orders: Array<{ id: string; status: string }> }>(request, "ordersOf", { email: student.email });
  expect(orders).toEqual([expect.objectContaining({ status: "awaiting_transfer" })]);

  // A second visitor finds the session full and joins its waitlist.
  const waiterContext = await open();
  const waiter = await loginAs(waiterContext, request, { name: "Irina Așteaptă", phone: "0722000002", address: ADDRESS });
  const waiterPage = await waiterContext.newPage();
  await waiterPage.goto(coursePath);
  const full = waiterPage.locator("label.radio-card", { hasText: when });
  await expect(full).toContainText("Complet");
  await expect(full.getByRole("radio")).toBeDisabled();
  if (js) await startScripts(waiterPage);
  await waiterPage.locator(".session-waitlist__item", { hasText: when }).getByRole("button", { name: "Intră pe lista de așteptare" }).click();
  await expect(waiterPage.getByText("Ai intrat pe lista de așteptare.").first()).toBeVisible();
  await expect(waiterPage.locator(".session-waitlist__item", { hasText: when })).toContainText("ești pe listă (locul 1)");
  await waiterPage.goto("/cont");
  const entry = waiterPage.getByTestId("waitlist-entry").filter({ hasText: title });
  await expect(entry).toContainText(`sesiunea ${when}`);
  await expect(entry).toContainText("Ești pe locul 1 în lista de așteptare.");

  // The admin frees the student's place from the order page.
  const adminContext = await open();
  await loginAs(adminContext, request, { role: "admin", name: "Admin Listă" });
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/comenzi/${orders[0].id}`);
  if (js) {
    // Paid, then refunded: the place taken for good comes back.
    await admin.getByRole("button", { name: "Confirmă plata" }).click();
    await expect(admin.getByText(/Plata a fost confirmată/).first()).toBeVisible();
    const invoices = admin.getByTestId("order-invoices");
    await invoices.getByRole("button", { name: "Marchează rambursată (emite stornare)" }).click();
    await invoices.getByRole("button", { name: "Da, marchează rambursată și emite stornarea" }).click();
    await expect(admin.getByText("Comanda este rambursată; s-a emis factura de stornare.").first()).toBeVisible();
  } else {
    // Still awaiting the transfer: cancelled, the held place comes back.
    await admin.getByRole("button", { name: "Anulează", exact: true }).click();
    await expect(admin.getByText("Comanda a fost anulată.").first()).toBeVisible();
  }
  const after = await hook<{ orders: Array<{ status: string }> }>(request, "ordersOf", { email: student.email });
  expect(after.orders).toEqual([expect.objectContaining({ status: js ? "refunded" : "cancelled" })]);

  // The place is held for the first in line: her account says so, nobody else can take it.
  await waiterPage.goto("/cont");
  await expect(entry).toContainText("Ți s-a eliberat un loc, păstrat pentru tine până la");
  await expect(entry.getByRole("link", { name: "Cumpără locul" })).toHaveAttribute("href", `${coursePath}?sessionId=${sessionId}`);
  const guestContext = await open();
  const guest = await guestContext.newPage();
  await guest.goto(coursePath);
  await expect(guest.locator("label.radio-card", { hasText: when })).toContainText("Complet");
  await expect(guest.locator("label.radio-card", { hasText: when }).getByRole("radio")).toBeDisabled();

  // The e-mail with its link.
  const mails = await hook<Array<{ subject: string }>>(request, "mailTo", { email: waiter.email });
  expect(mails.map((m) => m.subject)).toContainEqual(`Un loc s-a eliberat – ${when}`);
  let link: string | null = null;
  await expect
    .poll(() => {
      const mail = newestMailTo(outboxDir(), waiter.email);
      link = mail && mail.decoded.includes("Un loc s-a eliberat") ? (/https?:\/\/[^\s"<>]+\/cursuri\/curs\/\d+\?sessionId=\d+/.exec(mail.decoded)?.[0] ?? null) : null;
      return link;
    })
    .not.toBeNull();
  expect(new URL(link!).pathname + new URL(link!).search).toBe(`${coursePath}?sessionId=${sessionId}`);

  // She follows the link: the session is offered to her alone, already chosen; she buys it.
  await waiterPage.goto(new URL(link!).pathname + new URL(link!).search);
  const offered = waiterPage.locator("label.radio-card", { hasText: when });
  await expect(offered).toContainText("locul este păstrat pentru tine");
  await expect(offered.getByRole("radio")).toBeEnabled();
  await expect(offered.getByRole("radio")).toBeChecked();
  await buyByTransfer(waiterPage, js, when);
  const bought = waiterPage.locator(".enrollment-list li", { hasText: title });
  await expect(bought).toContainText(when);
  await expect(bought).toContainText("În așteptare");
  await expect(waiterPage.getByTestId("waitlist-entry")).toHaveCount(0);
  const waiterOrders = await hook<{ orders: Array<{ status: string }> }>(request, "ordersOf", { email: waiter.email });
  expect(waiterOrders.orders).toEqual([expect.objectContaining({ status: "awaiting_transfer" })]);
  // The roster has her booking, the waitlist nobody.
  await admin.goto(`/admin/sesiuni/${sessionId}`);
  await expect(admin.getByTestId("roster")).toContainText("Irina Așteaptă");
  await expect(admin.getByTestId("roster")).not.toContainText("Elena Ultimul Loc");
  await expect(admin.getByText("Nimeni nu așteaptă un loc.")).toBeVisible();

  // Cancelled: no longer offered.
  await admin.getByRole("button", { name: "Anulează sesiunea" }).click();
  await expect(admin.getByText("Sesiunea a fost anulată.").first()).toBeVisible();
  await guest.goto(coursePath);
  await expect(guest.locator("label.radio-card", { hasText: when })).toHaveCount(0);
});
