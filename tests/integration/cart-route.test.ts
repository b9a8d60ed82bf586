/**
 * The cart through its route actions, as a browser posts them: prices come from the database
 * whatever the form says, and one user's cart lines are out of another user's reach (404).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, orderLines, orders } from "../../db/schema";
import { CART_MESSAGES } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { action as cartAction } from "~/routes/cart";
import { action as physicalAction } from "~/routes/cursuri.curs.$id";
import { action as onlineAction } from "~/routes/cursuri-online.curs.$id._index";
import { action as productAction } from "~/routes/produse.produs.$id";
import { cookieFor, createCourse, createProduct, createUser } from "../helpers/factories";
import { post, run, toastOf } from "../helpers/http";

async function signedIn() {
  const user = await createUser();
  return { user, cookie: await cookieFor(user.id) };
}

/** Every name a tampering client might try for a price, with a ridiculous value. */
const forgedPrices = {
  value: "1,00",
  amountBani: "100",
  amount: "1",
  price: "1",
  priceBani: "100",
  totalPrice: "1",
  totalBani: "100",
  selectedPrice: JSON.stringify({ value: "1,00", days: 5, accreditation: true, advancePayment: false }),
};

describe("forged prices", () => {
  it("are ignored when adding a course or a product: the cart holds the catalogue's amounts", async () => {
    const { user, cookie } = await signedIn();
    const physical = await createCourse("physical", {}, [
      { days: 5, amountBani: 200000 },
      { days: 5, amountBani: 265000, accreditation: true },
    ]);
    const online = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
    const product = await createProduct({ priceBani: 2490 });

    const added = await run(
      physicalAction,
      post(`/cursuri/curs/${physical.course.id}`, { intent: "add-to-cart", priceOptionId: String(physical.options[0].id), accreditation: "on", ...forgedPrices }, { cookie }),
      { id: String(physical.course.id) },
    );
    expect(await toastOf(added)).toBe(CART_MESSAGES.physicalAdded);
    await run(onlineAction, post(`/cursuri-online/curs/${online.course.id}`, { intent: "add-to-cart", priceOptionId: String(online.options[0].id), ...forgedPrices }, { cookie }), {
      id: String(online.course.id),
    });
    await run(productAction, post(`/produse/produs/${product.id}`, { intent: "add-to-cart", ...forgedPrices }, { cookie }), { id: String(product.id) });

    const cart = await getCart(user.id);
    expect(cart.lines).toHaveLength(3);
    // 2000 RON + 650 RON accreditation, 349 RON, 24,90 RON: nothing of the posted "1,00".
    expect(cart.totals.byCategory).toEqual({ physical: 265000, online: 34900, product: 2490 });
  });

  it("are ignored at checkout: the order's total is recomputed from the database", async () => {
    const { user, cookie } = await signedIn();
    const online = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
    await run(onlineAction, post(`/cursuri-online/curs/${online.course.id}`, { intent: "add-to-cart", priceOptionId: String(online.options[0].id) }, { cookie }), {
      id: String(online.course.id),
    });
    const cart = await getCart(user.id);
    const response = await run(
      cartAction,
      post("/cart", {
        intent: "confirm-transfer",
        paymentMethod: "bank_transfer",
        acceptTerms: "on",
        digitalConsent: "on",
        withdrawalWaiver: "on",
        cartVersion: cart.version,
        ...forgedPrices,
      }, { cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont#cursuri-active");
    const [order] = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ totalBani: 34900, status: "awaiting_transfer" });
    const lines = await getDb().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => line.amountBani)).toEqual([34900]);
  });
});

describe("another user's cart", () => {
  it("cannot be touched: removing someone else's line answers 404 and keeps it", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const product = await createProduct();
    await run(productAction, post(`/produse/produs/${product.id}`, { intent: "add-to-cart" }, { cookie: owner.cookie }), { id: String(product.id) });
    const [line] = await getDb().select().from(cartLines).where(eq(cartLines.userId, owner.user.id));

    const refused = await run(cartAction, post("/cart", { intent: "remove", lineId: line.id }, { cookie: intruder.cookie }));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ kind: "remove", message: CART_MESSAGES.removeFailed });
    expect(await getDb().select().from(cartLines).where(eq(cartLines.id, line.id))).toHaveLength(1);

    // The intruder's checkout only ever sees the intruder's own (empty) cart.
    const checkout = await run(
      cartAction,
      post("/cart", { intent: "confirm-transfer", acceptTerms: "on", cartVersion: (await getCart(owner.user.id)).version }, { cookie: intruder.cookie }),
    );
    expect(checkout.status).toBe(400);
    expect(await getDb().select().from(orders).where(eq(orders.userId, owner.user.id))).toHaveLength(0);
    expect(await getDb().select().from(orders).where(eq(orders.userId, intruder.user.id))).toHaveLength(0);

    // The owner removes it.
    const removed = await run(cartAction, post("/cart", { intent: "remove", lineId: line.id }, { cookie: owner.cookie }));
    expect(removed.status).toBe(302);
    expect(await toastOf(removed)).toBe(CART_MESSAGES.removed);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.id, line.id))).toHaveLength(0);
  });
});
