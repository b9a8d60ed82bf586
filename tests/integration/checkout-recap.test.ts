/**
 * Issue 19 item 1, second part: right above the order button the cart page shows, in one place,
 * the total to pay, the delivery cost when the cart ships something, and links to the terms, the
 * returns policy (withdrawal and model form) and the privacy policy.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addProductToCart } from "~/models/cart.server";
import { saveCartDelivery } from "~/models/delivery.server";
import { cookieFor, createDeliveryMethod, createProduct, createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  handle = await remixHandler();
});

async function recap(cookie: string): Promise<{ recap: string; html: string }> {
  const html = (await (await handle(new Request(`${BASE}/cart`, { headers: { Cookie: cookie } }))).text()).replace(/<!-- -->/g, "");
  const start = html.indexOf('data-testid="checkout-recap"');
  expect(start).toBeGreaterThan(0);
  return { recap: html.slice(start, html.indexOf("</div>", start)), html };
}

describe("the checkout recap above the order button", () => {
  it("shows the total with the delivery cost and links to /termeni, /retur and /confidentialitate", async () => {
    const user = await createUser({ phone: "0722000000", address: "Str. Mare 1, Constanța" });
    const product = await createProduct({ priceBani: 4990 });
    await addProductToCart(user.id, product.id, 2);
    const courier = await createDeliveryMethod({ name: "Curier rapid", feeBani: 2500, freeAboveBani: 30000 });
    const saved = await saveCartDelivery(
      user.id,
      { deliveryMethodId: courier.id, sameAsBilling: true, recipientName: "", recipientPhone: "", street: "", city: "Constanța", county: "Constanța", postalCode: "900178", locker: "" },
      { name: user.name, phone: "0722000000", address: "Str. Mare 1, Constanța" },
    );
    expect(saved).toEqual({ ok: true });

    const { recap: text, html } = await recap(await cookieFor(user.id));
    expect(text).toContain("Total de plată: <strong>124,80 RON</strong>");
    expect(text).toContain("(din care livrare: 25,00 RON)");
    for (const link of ["/termeni", "/retur", "/confidentialitate"]) expect(text).toContain(`href="${link}"`);
    // All of it comes before the button.
    expect(html.indexOf("Comandă cu obligație de plată</button>")).toBeGreaterThan(html.indexOf('data-testid="checkout-recap"'));
  });
});
