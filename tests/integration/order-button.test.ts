/**
 * OUG 34/2014 art. 7 alin. (2): the button that places an order states the obligation to pay, in
 * the cart page and in the JSON API's cart; a cart with nothing to pay keeps "Prinde cursul
 * gratuit". Above the button, the page shows the total and links to the terms in one place.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addCourseToCart } from "~/models/cart.server";
import { api, matchesDocument } from "../helpers/api";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  handle = await remixHandler();
});

async function cartWith(amountBani: number) {
  const user = await createUser();
  const { course, options } = await createCourse("physical", {}, [{ days: 2, amountBani }]);
  await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: false, advancePayment: false });
  return { user, cookie: await cookieFor(user.id) };
}

function recapOf(html: string): string {
  const start = html.indexOf('data-testid="checkout-recap"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</div>", start)).replace(/<!-- -->/g, "");
}

describe("the order button", () => {
  it("reads 'Comandă cu obligație de plată' on the cart page, with the total and the terms right above it", async () => {
    const { cookie } = await cartWith(120000);
    const response = await handle(new Request(`${BASE}/cart`, { headers: { Cookie: cookie } }));
    const html = await response.text();
    expect(html).toContain(">Comandă cu obligație de plată</button>");
    expect(html).not.toContain("Finalizează comanda");
    const recap = recapOf(html);
    expect(recap).toContain("Total de plată: <strong>1.200,00 RON</strong>");
    expect(recap).toContain('href="/termeni"');
    expect(recap).toContain('href="/retur"');
    // The recap comes right before the button.
    expect(html.indexOf("Comandă cu obligație de plată")).toBeGreaterThan(html.indexOf('data-testid="checkout-recap"'));
  });

  it("keeps 'Prinde cursul gratuit' for a zero total", async () => {
    const { cookie } = await cartWith(0);
    const html = await (await handle(new Request(`${BASE}/cart`, { headers: { Cookie: cookie } }))).text();
    expect(html).toContain(">Prinde cursul gratuit</button>");
    expect(html).not.toContain("Comandă cu obligație de plată");
  });

  it("is given by the JSON cart, as documented", async () => {
    const paid = await cartWith(34900);
    const answer = await api("/cart", { cookie: paid.cookie });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ cart: { orderButtonLabel: "Comandă cu obligație de plată", totalPrice: "349,00", shippingPrice: "0,00" } });
    expect(matchesDocument("/cart", "get", 200, answer.json)).toEqual({ ok: true });
    const free = await cartWith(0);
    expect((await api("/cart", { cookie: free.cookie })).json).toMatchObject({ cart: { orderButtonLabel: "Prinde cursul gratuit" } });
  });
});
