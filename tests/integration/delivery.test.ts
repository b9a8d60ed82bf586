/**
 * Delivery, stock and fulfilment (issue 16) against a real database: the fee and the method
 * come from the server, the last unit is sold once, a cancelled order gives its units back,
 * a courses-only cart never asks for delivery, and shipping needs a paid order and e-mails the AWB.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartDeliveries, deliveryMethods, mailOutbox, orderDeliveries, orders, products } from "../../db/schema";
import type { CheckoutInput } from "~/lib/validation/checkout";
import { DELIVERY_MESSAGES } from "~/lib/validation/delivery";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { advanceFulfilment, FULFILMENT_MESSAGES, saveCartDelivery } from "~/models/delivery.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { STOCK_MESSAGES } from "~/models/product.server";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as methodsAction } from "~/routes/admin.livrare";
import { loader as adminOrdersLoader } from "~/routes/admin.comenzi._index";
import { countQueries } from "../../db/client";
import { cookieFor, createCourse, createDeliveryMethod, createProduct, createUser } from "../helpers/factories";
import { get, post, run } from "../helpers/http";

const input = (cartVersion: string): CheckoutInput => ({
  paymentMethod: "bank_transfer",
  acceptTerms: true,
  digitalConsent: true,
  withdrawalWaiver: true,
  cartVersion,
});

const courierAddress = {
  recipientName: "Ioana Pop",
  recipientPhone: "0722 123 456",
  street: "Str. Mircea cel Bătrân 10",
  city: "Constanța",
  county: "Constanța",
  postalCode: "900123",
};

const emptyChoice = { sameAsBilling: false, recipientName: "", recipientPhone: "", street: "", city: "", county: "", postalCode: "", locker: "" };

async function buyerWithProduct(priceBani = 10000, stock: number | null = null, quantity = 1) {
  const user = await createUser();
  const product = await createProduct({ priceBani, stock });
  expect((await addProductToCart(user.id, product.id, quantity)).ok).toBe(true);
  return { user, product, cookie: await cookieFor(user.id) };
}

describe("delivery choice and fee", () => {
  it("computes the fee on the server: a forged fee is ignored, a forged or inactive method refused", async () => {
    const courier = await createDeliveryMethod();
    const hidden = await createDeliveryMethod({ name: "Retrasă", feeBani: 1, isActive: false });
    const { user, cookie } = await buyerWithProduct(10000, null, 2);

    // Unknown and inactive method ids: 400, nothing saved.
    for (const id of ["999999", String(hidden.id)]) {
      const response = await run(cartAction, post("/cart", { intent: "save-delivery", deliveryMethodId: id, ...courierAddress }, { cookie }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(DELIVERY_MESSAGES.methodUnavailable);
    }
    expect(await getDb().select().from(cartDeliveries).where(eq(cartDeliveries.userId, user.id))).toHaveLength(0);

    // A wrong postal code and a missing county stop it with Romanian messages.
    const bad = await run(cartAction, post("/cart", { intent: "save-delivery", deliveryMethodId: String(courier.id), ...courierAddress, postalCode: "9001", county: "" }, { cookie }));
    expect(bad.status).toBe(400);
    const badText = JSON.stringify(await bad.json());
    expect(badText).toContain(DELIVERY_MESSAGES.postalCode);
    expect(badText).toContain(DELIVERY_MESSAGES.county);

    // Forged amounts next to a valid choice change nothing: 2 × 100 lei < 300 lei → 25 lei.
    const saved = await run(
      cartAction,
      post("/cart", { intent: "save-delivery", deliveryMethodId: String(courier.id), ...courierAddress, feeBani: "0", shippingBani: "0", fee: "0" }, { cookie }),
    );
    expect(saved.status).toBe(302);
    const cart = await getCart(user.id);
    expect(cart.totals).toMatchObject({ shippingBani: 2500, dueNowBani: 22500 });

    const placed = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order).toMatchObject({ shippingBani: 2500, totalBani: 22500 });
    const [delivery] = await getDb().select().from(orderDeliveries).where(eq(orderDeliveries.orderId, placed.order.id));
    expect(delivery).toMatchObject({ kind: "courier", feeBani: 2500, status: "to_prepare" });
    expect(delivery.address).toMatchObject({ county: "Constanța", postalCode: "900123" });
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails[0].textBody).toContain("Livrare: 25,00");
  });

  it("is free above the threshold and for pickup; checkout without a choice is refused", async () => {
    const courier = await createDeliveryMethod();
    const pickup = await createDeliveryMethod({ name: "Ridicare", kind: "pickup", feeBani: 999 });
    const { user } = await buyerWithProduct(35000);
    const cart = await getCart(user.id);
    expect(await placeOrder(user.id, input(cart.version), { cardAvailable: false })).toEqual({ ok: false, message: DELIVERY_MESSAGES.missing, field: "delivery" });

    await saveCartDelivery(user.id, { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, ...courierAddress }, { name: "", phone: "", address: "" });
    expect((await getCart(user.id)).totals.shippingBani).toBe(0);
    await saveCartDelivery(user.id, { ...emptyChoice, deliveryMethodId: pickup.id }, { name: "", phone: "", address: "" });
    expect((await getCart(user.id)).totals.shippingBani).toBe(0);
  });

  it("never asks for delivery for a cart of courses only", async () => {
    await createDeliveryMethod();
    const user = await createUser();
    const online = await createCourse("online", {}, [{ days: 90, amountBani: 24900 }]);
    await addCourseToCart(user.id, { courseId: online.course.id, priceOptionId: online.options[0].id });
    const response = await run(cartLoader, get("/cart", { cookie: await cookieFor(user.id) }));
    const data = await response.json();
    expect(data.delivery).toBeNull();
    expect(data.totals.shippingBani).toBe(0);
    const cart = await getCart(user.id);
    expect(cart.needsDelivery).toBe(false);
    const placed = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(placed.ok && placed.order.shippingBani).toBe(0);
    if (!placed.ok) return;
    expect(await getDb().select().from(orderDeliveries).where(eq(orderDeliveries.orderId, placed.order.id))).toHaveLength(0);
  });
});

describe("stock", () => {
  it("sells the last unit once when two buyers check out at the same time", async () => {
    const pickup = await createDeliveryMethod({ name: "Ridicare", kind: "pickup", feeBani: 0 });
    const product = await createProduct({ priceBani: 5000, stock: 1 });
    const buyers = await Promise.all([createUser(), createUser()]);
    for (const buyer of buyers) {
      expect((await addProductToCart(buyer.id, product.id)).ok).toBe(true);
      await saveCartDelivery(buyer.id, { ...emptyChoice, deliveryMethodId: pickup.id }, { name: "", phone: "", address: "" });
    }
    const versions = await Promise.all(buyers.map(async (b) => (await getCart(b.id)).version));
    const results = await Promise.all(buyers.map((b, i) => placeOrder(b.id, input(versions[i]), { cardAvailable: false })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toEqual({ ok: false, field: "cart", message: STOCK_MESSAGES.notEnough(product.title, 0) });
    const [row] = await getDb().select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(row.stock).toBe(0);
    // The refused buyer's cart is kept, and now shows the problem.
    const loser = buyers[results.findIndex((r) => !r.ok)];
    expect((await getCart(loser.id)).hasProblems).toBe(true);
    // Sold out: the product cannot be added again.
    const third = await createUser();
    expect(await addProductToCart(third.id, product.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("gives the units back when the order is cancelled or its payment fails", async () => {
    const pickup = await createDeliveryMethod({ name: "Ridicare", kind: "pickup", feeBani: 0 });
    const { user, product, cookie } = await buyerWithProduct(5000, 5);
    // The quantity is bounded by the stock.
    const line = (await getCart(user.id)).lines[0];
    const tooMany = await run(cartAction, post("/cart", { intent: "quantity", lineId: line.id, quantity: "6" }, { cookie }));
    expect(tooMany.status).toBe(302);
    expect((await getCart(user.id)).lines[0].quantity).toBe(1);
    await run(cartAction, post("/cart", { intent: "quantity", lineId: line.id, quantity: "3" }, { cookie }));
    expect((await getCart(user.id)).lines[0]).toMatchObject({ quantity: 3, dueNowBani: 15000 });

    await saveCartDelivery(user.id, { ...emptyChoice, deliveryMethodId: pickup.id }, { name: "", phone: "", address: "" });
    const placed = await placeOrder(user.id, input((await getCart(user.id)).version), { cardAvailable: false });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const stock = async () => (await getDb().select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0].stock;
    expect(await stock()).toBe(2);
    expect((await transitionOrder(placed.order.id, "cancelled", { source: "admin" })).ok).toBe(true);
    expect(await stock()).toBe(5);
    // Repeating the cancellation gives nothing back twice.
    await transitionOrder(placed.order.id, "cancelled", { source: "admin" });
    expect(await stock()).toBe(5);
  });
});

describe("fulfilment", () => {
  it("ships only a paid order, with the AWB e-mailed to the buyer", async () => {
    const admin = await createUser({ role: "admin" });
    const courier = await createDeliveryMethod();
    const { user } = await buyerWithProduct(10000);
    await saveCartDelivery(user.id, { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, ...courierAddress }, { name: "", phone: "", address: "" });
    const placed = await placeOrder(user.id, input((await getCart(user.id)).version), { cardAvailable: false });
    if (!placed.ok) throw new Error(placed.message);
    const ship = { courierName: "Fan Courier", awb: "2345678901", trackingUrl: null };

    expect(await advanceFulfilment(placed.order.id, "ship", { actorUserId: admin.id, ship })).toEqual({ ok: false, status: 409, message: FULFILMENT_MESSAGES.notPaid });
    await transitionOrder(placed.order.id, "paid", { source: "admin" });
    expect(await advanceFulfilment(placed.order.id, "pickup", { actorUserId: admin.id })).toMatchObject({ ok: false });
    expect(await advanceFulfilment(placed.order.id, "ship", { actorUserId: admin.id, ship })).toMatchObject({ ok: true, changed: true });
    expect(await advanceFulfilment(placed.order.id, "ship", { actorUserId: admin.id, ship })).toMatchObject({ ok: true, changed: false });
    const [delivery] = await getDb().select().from(orderDeliveries).where(eq(orderDeliveries.orderId, placed.order.id));
    expect(delivery).toMatchObject({ status: "shipped", awb: "2345678901", courierName: "Fan Courier" });
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const shipped = mails.filter((m) => m.subject.includes("expediată"));
    expect(shipped).toHaveLength(1);
    expect(shipped[0].textBody).toContain("AWB: 2345678901");
    expect(await advanceFulfilment(placed.order.id, "deliver", { actorUserId: admin.id })).toMatchObject({ ok: true, changed: true });
    const [order] = await getDb().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order.status).toBe("paid");
  });
});

describe("/admin/comenzi", () => {
  it("shows each order's delivery next to its status, read with the list itself", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    const courier = await createDeliveryMethod();
    const { user } = await buyerWithProduct(10000);
    await saveCartDelivery(user.id, { deliveryMethodId: courier.id, locker: "", sameAsBilling: false, ...courierAddress }, { name: "", phone: "", address: "" });
    const withProduct = await placeOrder(user.id, input((await getCart(user.id)).version), { cardAvailable: false });
    const student = await createUser();
    const online = await createCourse("online", {}, [{ days: 90, amountBani: 24900 }]);
    await addCourseToCart(student.id, { courseId: online.course.id, priceOptionId: online.options[0].id });
    const coursesOnly = await placeOrder(student.id, input((await getCart(student.id)).version), { cardAvailable: false });
    if (!withProduct.ok || !coursesOnly.ok) throw new Error("order not placed");

    type Row = { id: string; fulfilmentStatus: string | null; refundDue: boolean };
    const list = async (filter: string) => {
      let response!: Response;
      const queries = await countQueries(async () => {
        response = await run(adminOrdersLoader, get(`/admin/comenzi?filtru=${filter}`, { cookie }));
      });
      expect(response.status).toBe(200);
      const rows = ((await response.json()) as { orders: Row[] }).orders;
      return { rows, queries, of: (id: string) => rows.find((r) => r.id === id) };
    };
    // The admin's default list (awaiting payment) does not ask about refunds: never due there.
    const awaiting = await list("asteapta-plata");
    expect(awaiting.of(withProduct.order.id)).toMatchObject({ fulfilmentStatus: "to_prepare", refundDue: false });
    expect(awaiting.of(coursesOnly.order.id)).toMatchObject({ fulfilmentStatus: null, refundDue: false });
    expect(awaiting.queries).toBeLessThanOrEqual(3);

    for (const placed of [withProduct, coursesOnly]) await transitionOrder(placed.order.id, "paid", { source: "admin" });
    const paid = await list("platite");
    expect(paid.of(withProduct.order.id)).toMatchObject({ fulfilmentStatus: "to_prepare", refundDue: false });
    expect(paid.of(coursesOnly.order.id)).toMatchObject({ fulfilmentStatus: null });
    // The session, the orders with their deliveries, the unmatched card notifications.
    expect(paid.queries).toBeLessThanOrEqual(3);
    expect((await list("de-expediat")).of(withProduct.order.id)).toMatchObject({ fulfilmentStatus: "to_prepare" });

    const ship = { courierName: "Fan Courier", awb: "2345678901", trackingUrl: null };
    expect(await advanceFulfilment(withProduct.order.id, "ship", { actorUserId: admin.id, ship })).toMatchObject({ ok: true, changed: true });
    expect((await list("platite")).of(withProduct.order.id)).toMatchObject({ fulfilmentStatus: "shipped" });
    expect((await list("de-expediat")).of(withProduct.order.id)).toBeUndefined();
  });
});

describe("/admin/livrare", () => {
  it("lets only the admin save methods, in bani, with Romanian errors", async () => {
    const admin = await createUser({ role: "admin" });
    const buyer = await createUser();
    // Earlier tests in this file left their own methods: only "Curier rapid" is looked at.
    const rapid = () => getDb().select().from(deliveryMethods).where(eq(deliveryMethods.name, "Curier rapid"));
    const fields = { name: "Curier rapid", kind: "courier", fee: "19,90", freeAbove: "250", estimatedDays: "2", isActive: "da", description: "" };
    const refused = await run(methodsAction, post("/admin/livrare", fields, { cookie: await cookieFor(buyer.id) }));
    expect([302, 403, 404]).toContain(refused.status);
    expect(await rapid()).toHaveLength(0);

    const cookie = await cookieFor(admin.id);
    const bad = await run(methodsAction, post("/admin/livrare", { ...fields, fee: "19.9.9" }, { cookie }));
    expect(bad.status).toBe(400);
    expect(await rapid()).toHaveLength(0);

    expect((await run(methodsAction, post("/admin/livrare", fields, { cookie }))).status).toBe(302);
    const [method] = await rapid();
    expect(method).toMatchObject({ name: "Curier rapid", kind: "courier", feeBani: 1990, freeAboveBani: 25000, estimatedDays: 2, isActive: true });

    // Switching it to pickup makes it free; unticking "activă" hides it from the cart.
    await run(methodsAction, post("/admin/livrare", { ...fields, id: String(method.id), kind: "pickup", isActive: "" }, { cookie }));
    const [updated] = await getDb().select().from(deliveryMethods).where(eq(deliveryMethods.id, method.id));
    expect(updated).toMatchObject({ kind: "pickup", feeBani: 0, isActive: false });
  });
});
