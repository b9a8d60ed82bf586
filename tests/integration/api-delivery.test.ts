/**
 * The JSON delivery call (issue 16 through the API of issue 17): a product cart chooses its
 * delivery with the cart page's schema and model, the fee is the server's, and only then can
 * the order be placed; every answer matches the OpenAPI document.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { orderDeliveries, orders } from "../../db/schema";
import { checkedCall } from "../helpers/api";
import { cookieFor, createDeliveryMethod, createProduct, createUser } from "../helpers/factories";

const call = checkedCall;

const courierAddress = {
  sameAsBilling: false,
  recipientName: "Ioana Pop",
  recipientPhone: "0722 123 456",
  street: "Str. Mircea cel Bătrân 10",
  city: "Constanța",
  county: "Constanța",
  postalCode: "900123",
};

describe("/api/cart/delivery", () => {
  it("lists the methods with this cart's fee, refuses a bad address and a forged method, saves a courier choice, and the order carries it", async () => {
    const courier = await createDeliveryMethod({ name: "Curier API", kind: "courier", feeBani: 2500, freeAboveBani: 30000 });
    const withdrawn = await createDeliveryMethod({ name: "Retrasă", kind: "courier", isActive: false });
    const product = await createProduct({ priceBani: 4990 });
    const user = await createUser({ address: "Str. Facturare 1, Constanța", phone: "0722000000" });
    const cookie = await cookieFor(user.id);

    await call("/cart/delivery", "/cart/delivery", { cookie: "", expect: 401 });
    await call("/cart", "/cart", { cookie, body: { courseId: product.id, category: "product" }, expect: 201 });

    const before = await call("/cart/delivery", "/cart/delivery", { cookie, expect: 200 });
    expect(before.json).toMatchObject({ needed: true, selected: null, shippingPrice: "0,00" });
    const listed = (before.json.methods as Array<{ _id: number; price: string; priceForThisCart: string; freeAbove: string | null }>).find((m) => m._id === courier.id);
    expect(listed).toMatchObject({ price: "25,00", priceForThisCart: "25,00", freeAbove: "300,00" });
    expect((before.json.methods as Array<{ _id: number }>).map((m) => m._id)).not.toContain(withdrawn.id);

    // Without a saved delivery the order is refused.
    const early = await call("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true, totalPrice: "49,90" }, expect: 400 });
    expect(early.json.msg).toBe("Alege metoda de livrare și salvează-o înainte de a finaliza comanda.");

    const badPostal = await call("/cart/delivery", "/cart/delivery", { method: "PUT", cookie, body: { deliveryMethodId: courier.id, ...courierAddress, postalCode: "9001" }, expect: 400 });
    expect(badPostal.json).toMatchObject({ errors: { postalCode: ["Codul poștal trebuie să aibă 6 cifre."] } });
    const forged = await call("/cart/delivery", "/cart/delivery", { method: "PUT", cookie, body: { deliveryMethodId: withdrawn.id, ...courierAddress }, expect: 400 });
    expect(forged.json.msg).toBe("Metoda de livrare aleasă nu mai este disponibilă. Alege alta.");

    const saved = await call("/cart/delivery", "/cart/delivery", { method: "PUT", cookie, body: { deliveryMethodId: courier.id, ...courierAddress, feeBani: 0 }, expect: 200 });
    expect(saved.json).toMatchObject({
      msg: "Livrarea a fost salvată.",
      delivery: { selected: { methodId: courier.id, sameAsBilling: false, address: { city: "Constanța", postalCode: "900123" } }, shippingPrice: "25,00" },
    });
    const cart = await call("/cart", "/cart", { cookie, expect: 200 });
    expect(cart.json).toMatchObject({ cart: { shippingPrice: "25,00", totalPrice: "74,90" } });

    const sent = await call("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true, totalPrice: "74,90" }, expect: 201 });
    const orderId = (sent.json.order as { _id: string })._id;
    const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
    expect(order.totalBani).toBe(7490);
    const [delivery] = await getDb().select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId));
    expect(delivery).toMatchObject({ feeBani: 2500, address: expect.objectContaining({ street: "Str. Mircea cel Bătrân 10", county: "Constanța" }) });
  });

  it("answers a cart without products with needed: false", async () => {
    const user = await createUser();
    const response = await call("/cart/delivery", "/cart/delivery", { cookie: await cookieFor(user.id), expect: 200 });
    expect(response.json).toMatchObject({ needed: false, selected: null, shippingPrice: "0,00" });
  });
});
