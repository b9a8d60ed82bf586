/**
 * A production site on its real address with no NETOPIA credentials: no card payments at all
 * (the simulator is refused), bank transfer still works.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, orders, paymentNotifications } from "../../db/schema";
import { getConfig } from "~/config.server";
import { CHECKOUT_MESSAGES } from "~/lib/validation/checkout";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { createSession } from "~/models/session.server";
import { action as confirmAction } from "~/routes/api.payments.netopia.confirm";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as simulatorAction, loader as simulatorLoader } from "~/routes/simulator.netopia";
import { CONFIRM_PATH } from "~/services/payments/provider.server";
import { createCourse, createUser } from "../helpers/factories";
import { BASE, get, post, run } from "../helpers/http";
import { resetEnvironment } from "~/test-support.server";

const saved = { NODE_ENV: process.env.NODE_ENV, PUBLIC_URL: process.env.PUBLIC_URL };

beforeAll(() => {
  process.env.NODE_ENV = "production";
  process.env.PUBLIC_URL = "https://ananails.example";
  resetEnvironment();
});

afterAll(() => {
  process.env.NODE_ENV = saved.NODE_ENV;
  process.env.PUBLIC_URL = saved.PUBLIC_URL;
  resetEnvironment();
});

async function buyerWithCart() {
  const user = await createUser();
  const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 24900 }]);
  await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id });
  const cookie = (await createSession(user.id)).split(";")[0];
  return { user, cookie, version: (await getCart(user.id)).version };
}

const checkoutFields = (version: string, paymentMethod: string) => ({
  paymentMethod,
  acceptTerms: "on",
  digitalConsent: "on",
  withdrawalWaiver: "on",
  cartVersion: version,
});

describe("production without NETOPIA", () => {
  it("has no card provider and no simulator", () => {
    expect(getConfig().paymentSimulator).toBe(false);
  });

  it("does not offer the card and refuses a card checkout with a clear message, keeping the cart", async () => {
    const { user, cookie, version } = await buyerWithCart();
    const page = await run(cartLoader, get("/cart", { cookie }));
    expect((await page.json()).cardAvailable).toBe(false);

    const response = await run(cartAction, post("/cart", { intent: "checkout", ...checkoutFields(version, "card") }, { cookie }));
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.message).toBe("Plata cu cardul nu este disponibilă momentan. Alege transferul bancar.");
    expect(data.message).toBe(CHECKOUT_MESSAGES.cardUnavailable);
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(1);
  });

  it("still takes a bank transfer order", async () => {
    const { user, cookie, version } = await buyerWithCart();
    const response = await run(cartAction, post("/cart", { intent: "confirm-transfer", ...checkoutFields(version, "bank_transfer") }, { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont#cursuri-active");
    const [order] = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ status: "awaiting_transfer", paymentMethod: "bank_transfer" });
  });

  it("answers 404 on the simulator, whatever is posted", async () => {
    expect((await run(simulatorLoader, get("/simulator/netopia"))).status).toBe(404);
    expect((await run(simulatorAction, post("/simulator/netopia", { env_key: "x", data: "y", intent: "approve" }))).status).toBe(404);
    expect((await run(simulatorAction, post("/simulator/netopia", { intent: "refund", orderId: "x" }))).status).toBe(404);
  });

  it("refuses notifications permanently, changing nothing", async () => {
    const request = new Request(`${BASE}${CONFIRM_PATH}`, { method: "POST", body: "env_key=abc&data=def" });
    const response = await run(confirmAction, request);
    expect(await response.text()).toMatch(/<crc error_type="2" error_code="1">card payments are not configured<\/crc>/);
    expect(await getDb().select().from(paymentNotifications)).toHaveLength(0);
  });
});
