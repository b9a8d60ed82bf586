/**
 * The billing address as fields in the cart (issue 24): "Salvează" of the address box, fields typed
 * and not saved used by the checkout, and an address saved before the fields existed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import type { CheckoutInput } from "~/lib/validation/checkout";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { action as cartAction } from "~/routes/cart";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { post, run } from "../helpers/http";

const physicalPrices = [{ days: 5, amountBani: 200000 }];

const input = (cartVersion: string, extra: Partial<CheckoutInput> = {}): CheckoutInput => ({
  paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: false, withdrawalWaiver: false, cartVersion, ...extra,
});

describe("the cart's billing address as fields (issue 24)", () => {
  it("'Salvează' checks and saves the fields; a București address without a sector is refused", async () => {
    const user = await createUser({ address: "" });
    const cookie = await cookieFor(user.id);
    const refused = await run(cartAction, post("/cart", { intent: "save-address", street: "Str. Lalelelor 3", county: "RO-B" }, { cookie }));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { kind: string; result: { error: Record<string, string[]> } };
    expect(body).toMatchObject({ kind: "address", result: { error: { sector: ["Alege sectorul: în București factura cere sectorul."] } } });
    const saved = await run(cartAction, post("/cart", { intent: "save-address", street: "Str. Lalelelor 3", county: "RO-B", sector: "4" }, { cookie }));
    expect(saved.status).toBe(302);
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ address: "Str. Lalelelor 3, Sector 4, București", addressCounty: "RO-B", addressSector: 4 });
  });

  it("fields typed and not saved go on the order, the account and the invoice's buyer snapshot", async () => {
    const user = await createUser({ address: "" });
    const physical = await createCourse("physical", {}, physicalPrices);
    await addCourseToCart(user.id, { courseId: physical.course.id, priceOptionId: physical.options[0].id });
    const cart = await getCart(user.id);
    const typed = { street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114" };
    const result = await placeOrder(user.id, input(cart.version, typed), { cardAvailable: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.billingAddress).toBe("Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114");
    expect(result.order.buyer).toMatchObject({
      address: "Str. Memorandumului nr. 5, ap. 3, Cluj-Napoca, jud. Cluj, 400114",
      postal: { street: "Str. Memorandumului nr. 5, ap. 3", city: "Cluj-Napoca", county: "RO-CJ", postalCode: "400114", sector: null },
    });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ addressStreet: typed.street, addressCity: "Cluj-Napoca", addressCounty: "RO-CJ" });
  });

  it("an address saved before the fields existed: the order keeps its line, no fields are guessed", async () => {
    const user = await createUser({ address: "Str. Mare 1, Constanța" });
    const physical = await createCourse("physical", {}, physicalPrices);
    await addCourseToCart(user.id, { courseId: physical.course.id, priceOptionId: physical.options[0].id });
    const cart = await getCart(user.id);
    const result = await placeOrder(user.id, input(cart.version), { cardAvailable: false });
    expect(result.ok && result.order.buyer).toEqual({ type: "person", name: user.name, address: "Str. Mare 1, Constanța", email: user.email, cui: "", regCom: "" });
  });
});
