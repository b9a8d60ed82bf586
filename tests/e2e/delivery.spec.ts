/**
 * Delivery of products (issue 16), with JavaScript on and off: two units of a product and a
 * course, courier to an address, bank transfer; the admin confirms and ships with an AWB; the
 * buyer sees "expediată" with the AWB and gets the e-mail. A pickup order shows the academy.
 */
import type { Page } from "@playwright/test";
import { mailsTo } from "../helpers/mail";
import { outboxDir } from "./account-helpers";
import { expect, loginAs, test } from "./fixtures";

const ONLINE = "Ojă semipermanentă de la zero";
const PRODUCT = "Ulei pentru cuticule cu vitamina E";
const ADDRESS = "Str. Mircea cel Bătrân 10, Constanța 900123";

async function addProduct(page: Page) {
  await page.goto("/produse");
  await page.getByRole("link", { name: PRODUCT }).first().click();
  await expect(page.getByTestId("stock")).toHaveText("În stoc");
  await page.getByRole("button", { name: /Adaugă în coș/ }).click();
  await expect(page.getByText("Produsul este în coș")).toBeVisible();
}

async function acceptBoxes(page: Page, withDigital: boolean) {
  await page.getByLabel(/Am citit și accept/).check();
  if (withDigital) {
    await page.getByLabel(/Sunt de acord ca accesul/).check();
    await page.getByLabel(/Am luat la cunoștință/).check();
  }
}

async function payByTransfer(page: Page, amount: string) {
  await page.getByRole("button", { name: "Comandă cu obligație de plată" }).click();
  const dialog = page.getByRole("dialog", { name: "Plată prin transfer bancar" });
  await expect(dialog).toContainText(amount);
  const reference = (await dialog.getByText(/^CMD-/).innerText()).trim();
  await dialog.getByRole("button", { name: "Am efectuat transferul" }).click();
  await expect(page).toHaveURL(/\/cont/);
  return reference;
}

test("courier delivery: the buyer pays by transfer, the admin ships with an AWB, the buyer sees it", async ({ page, context, request, browser }) => {
  // The longest journey of the suite (buyer, admin, buyer again): more than the default 45 s.
  test.setTimeout(150_000);
  const student = await loginAs(context, request, { name: "Ioana Pop", phone: "0722123456", address: ADDRESS });
  await addProduct(page);
  await page.goto("/cursuri-online");
  await page.getByRole("link", { name: ONLINE }).first().click();
  await page.getByLabel(/Acces 90 de zile/).check();
  await page.getByRole("button", { name: "Adaugă în coș" }).click();
  await expect(page.getByText("Curs online adăugat în coș!")).toBeVisible();

  await page.goto("/cart");
  await page.getByLabel(`Cantitate ${PRODUCT}`).fill("2");
  await page.getByRole("button", { name: "Actualizează" }).click();
  await expect(page.getByText("Cantitatea a fost actualizată.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Produse", exact: true })).toContainText("49,80 RON");
  await expect(page.getByTestId("cart-shipping")).toHaveText("alege metoda");

  // Courier: a wrong postal code is refused in Romanian, then the address is saved.
  const delivery = page.getByRole("region", { name: "Livrare", exact: true });
  await delivery.getByLabel(/Curier la adresă/).check();
  await delivery.getByLabel("Nume destinatar").fill("Ioana Pop");
  await delivery.getByLabel("Telefon", { exact: true }).fill("0722 123 456");
  await delivery.getByLabel("Strada și numărul").fill("Str. Ștefan cel Mare 5");
  await delivery.getByLabel("Localitatea").fill("Medgidia");
  await delivery.getByLabel("Județul").selectOption("Constanța");
  await delivery.getByLabel("Cod poștal").fill("9054");
  await delivery.getByRole("button", { name: "Salvează livrarea" }).click();
  await expect(delivery.getByText("Codul poștal trebuie să aibă 6 cifre.")).toBeVisible();
  await delivery.getByLabel("Cod poștal").fill("905600");
  await delivery.getByRole("button", { name: "Salvează livrarea" }).click();
  await expect(page.getByText("Livrarea a fost salvată.")).toBeVisible();
  await expect(page.getByTestId("delivery-saved")).toContainText("Medgidia, Constanța, 905600");
  await expect(page.getByTestId("cart-shipping")).toHaveText("25,00 RON");
  await expect(page.getByTestId("cart-total")).toHaveText("323,80 RON");

  await acceptBoxes(page, true);
  const reference = await payByTransfer(page, "323,80 RON");
  await expect(page.getByTestId("order-delivery")).toContainText("de pregătit");

  // The admin confirms the payment and ships.
  const awb = `${Date.now()}`.slice(-10);
  const adminContext = await browser.newContext();
  await adminContext.addCookies(await context.cookies().then((all) => all.filter((c) => c.name === "cookie_consent")));
  await loginAs(adminContext, request, { role: "admin", name: "Ana Admin" });
  const admin = await adminContext.newPage();
  await admin.goto("/admin/comenzi");
  await admin.getByRole("link", { name: reference }).click();
  await expect(admin.getByTestId("order-shipping")).toContainText("25,00 RON");
  await admin.getByRole("button", { name: "Confirmă plata" }).click();
  await expect(admin.getByText(/Plata a fost confirmată/)).toBeVisible();
  await admin.goto("/admin/comenzi?filtru=de-expediat");
  await admin.getByRole("link", { name: reference }).click();
  const card = admin.getByTestId("fulfilment");
  await expect(card).toContainText("Str. Ștefan cel Mare 5");
  await card.getByLabel("Curier", { exact: true }).fill("Fan Courier");
  await card.getByLabel("Număr AWB").fill(awb);
  await card.getByRole("button", { name: "Marchează expediată" }).click();
  await expect(admin.getByText("Comanda a fost marcată expediată.", { exact: false })).toBeVisible();
  await expect(admin.getByTestId("fulfilment")).toContainText("expediată");
  await adminContext.close();

  await page.goto("/cont");
  const row = page.getByTestId("order-delivery");
  await expect(row).toContainText("expediată");
  await expect(row).toContainText(`AWB ${awb}`);
  // The outbox hands mails over in parallel: the payment's confirmation may be written after this one.
  await expect.poll(() => mailsTo(outboxDir(), student.email).some((mail) => mail.decoded.includes(`AWB: ${awb}`))).toBe(true);
});

test("a pickup order shows the academy's address", async ({ page, context, request }) => {
  await loginAs(context, request, { address: ADDRESS });
  await addProduct(page);
  await page.goto("/cart");
  const delivery = page.getByRole("region", { name: "Livrare", exact: true });
  await expect(delivery).toContainText("Constanța");
  await delivery.getByLabel(/Ridicare personală de la academie/).check();
  await delivery.getByRole("button", { name: "Salvează livrarea" }).click();
  await expect(page.getByText("Livrarea a fost salvată.")).toBeVisible();
  await expect(page.getByTestId("cart-shipping")).toHaveText("Gratuit");
  await acceptBoxes(page, false);
  await payByTransfer(page, "24,90 RON");
  const row = page.getByTestId("order-delivery");
  await expect(row).toContainText("Ridicare personală de la academie");
  await expect(row).toContainText("Ridicare de la:");
  await expect(row).toContainText("09:00–18:00");
});
