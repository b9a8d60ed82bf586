/**
 * An in-person course that starts within the 14-day withdrawal period: the checkout asks for
 * the buyer's express request that it start (OUG 34/2014; Directive 2011/83/EU art. 8(8),
 * 14(3)); without it nothing is ordered, with it the order keeps the moment and the e-mail
 * repeats the statement. A course starting later asks nothing. The JSON checkout obeys the same
 * rule and tells the client in GET /api/cart.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox, orders } from "../../db/schema";
import { todayInBucharest } from "~/lib/dates";
import { EARLY_START_TEXT } from "~/lib/checkout-texts";
import { CHECKOUT_MESSAGES } from "~/lib/validation/checkout";
import { exportAccountData } from "~/models/account-data.server";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { checkedCall } from "../helpers/api";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { get, post, run } from "../helpers/http";

const inDays = (n: number) => todayInBucharest(new Date(Date.now() + n * 86_400_000));

async function buyerOf(sessionInDays: number) {
  const user = await createUser();
  const { course, options } = await createCourse("physical", { title: `Curs în sală peste ${sessionInDays} zile`, nextSessionOn: inDays(sessionInDays) }, [
    { days: 3, amountBani: 120_000 },
  ]);
  expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: true });
  return { user, cookie: await cookieFor(user.id), version: (await getCart(user.id)).version };
}

const ordersOf = (userId: string) => getDb().select().from(orders).where(eq(orders.userId, userId));

describe("the early-start request at checkout", () => {
  it("a course starting in 5 days: refused without the box, ordered with it; the order and the e-mail keep it", async () => {
    const { user, cookie, version } = await buyerOf(5);
    const page = await (await run(cartLoader, get("/cart", { cookie }))).json();
    expect(page.earlyStart).toEqual([{ title: "Curs în sală peste 5 zile", sessionOn: inDays(5) }]);

    const fields = { intent: "confirm-transfer", paymentMethod: "bank_transfer", acceptTerms: "on", cartVersion: version };
    const refused = await run(cartAction, post("/cart", fields, { cookie }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).result.error).toMatchObject({ earlyStart: [CHECKOUT_MESSAGES.earlyStart] });
    expect(await ordersOf(user.id)).toHaveLength(0);

    const placed = await run(cartAction, post("/cart", { ...fields, earlyStart: "on" }, { cookie }));
    expect(placed.status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(order.earlyStartRequestedAt).toBeInstanceOf(Date);
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((m) => m.textBody).join("\n")).toContain(EARLY_START_TEXT);
    const exported = await exportAccountData(user.id);
    expect(exported.consents).toContainEqual(expect.objectContaining({ kind: "early_start", given: true, orderReference: order.reference }));
  });

  it("a course starting in 30 days asks nothing", async () => {
    const { user, cookie, version } = await buyerOf(30);
    expect((await (await run(cartLoader, get("/cart", { cookie }))).json()).earlyStart).toEqual([]);
    const placed = await run(cartAction, post("/cart", { intent: "confirm-transfer", paymentMethod: "bank_transfer", acceptTerms: "on", cartVersion: version }, { cookie }));
    expect(placed.status).toBe(302);
    const [order] = await ordersOf(user.id);
    expect(order.earlyStartRequestedAt).toBeNull();
  });

  it("the JSON checkout: GET /api/cart says so, /purchase/send refuses without earlyStart and accepts with it", async () => {
    const { user, cookie } = await buyerOf(2);
    const cart = await checkedCall("/cart", "/cart", { cookie, expect: 200 });
    expect(cart.json).toMatchObject({ cart: { earlyStartRequired: true } });
    const refused = await checkedCall("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true }, expect: 400 });
    expect(refused.json).toMatchObject({ msg: CHECKOUT_MESSAGES.earlyStart, errors: { earlyStart: [CHECKOUT_MESSAGES.earlyStart] } });
    await checkedCall("/purchase/send", "/purchase/send", { cookie, body: { paymentMethod: "bank_transfer", acceptTerms: true, earlyStart: true }, expect: 201 });
    expect((await ordersOf(user.id))[0].earlyStartRequestedAt).toBeInstanceOf(Date);
  });
});
