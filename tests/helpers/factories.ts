/**
 * Small factories for integration tests: rows with sensible defaults, overridable.
 */
import { randomBytes } from "node:crypto";
import { getDb } from "../../db/client";
import { coursePriceOptions, courseSessions, courses, deliveryMethods, products, users, type CourseKind } from "../../db/schema";
import { daysBetween } from "~/lib/sessions";
import { getCart } from "~/models/cart-view.server";
import { saveCartDelivery } from "~/models/delivery.server";
import { placeOrder } from "~/models/order-checkout.server";
import { createSession } from "~/models/session.server";
import { hashPassword } from "~/services/password.server";

export const TEST_PASSWORD = "Parola-Buna1!";
let cachedHash: Promise<string> | undefined;

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await getDb()
    .insert(users)
    .values({
      email: `user-${randomBytes(4).toString("hex")}@example.com`,
      passwordHash: await cachedHash,
      name: "Maria Popescu",
      phone: "0722000000",
      address: "Str. Mircea cel Bătrân 10, Constanța",
      // As migration 0021 left an address saved before the fields: its line in street.
      addressStreet: overrides.address ?? "Str. Mircea cel Bătrân 10, Constanța",
      ...overrides,
    })
    .returning();
  return user;
}

export async function createCourse(
  kind: CourseKind = "online",
  overrides: Partial<typeof courses.$inferInsert> = {},
  prices: Array<Partial<typeof coursePriceOptions.$inferInsert>> = [{ days: null, amountBani: 34900 }],
) {
  const db = getDb();
  const [course] = await db
    .insert(courses)
    .values({ kind, title: `Curs ${randomBytes(3).toString("hex")}`, isPublished: true, ...overrides })
    .returning();
  const options = prices.length
    ? await db
        .insert(coursePriceOptions)
        .values(prices.map((p, position) => ({ courseId: course.id, amountBani: 0, position, ...p })))
        .returning()
    : [];
  return { course, options };
}

export async function createProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await getDb()
    .insert(products)
    .values({ title: `Produs ${randomBytes(3).toString("hex")}`, priceBani: 2490, isPublished: true, ...overrides })
    .returning();
  return product;
}

/** A delivery method (issue 16): courier 25 lei, free above 300 lei, unless overridden. */
export async function createDeliveryMethod(overrides: Partial<typeof deliveryMethods.$inferInsert> = {}) {
  const [method] = await getDb()
    .insert(deliveryMethods)
    .values({ name: "Curier la adresă", kind: "courier", feeBani: 2500, freeAboveBani: 30000, estimatedDays: 3, ...overrides })
    .returning();
  return method;
}

/** The user's cart picks a free pickup (a cart with products needs a delivery choice, issue 16). */
export async function choosePickup(userId: string) {
  const pickup = await createDeliveryMethod({ name: "Ridicare personală", kind: "pickup", feeBani: 0, freeAboveBani: null });
  const saved = await saveCartDelivery(
    userId,
    { deliveryMethodId: pickup.id, sameAsBilling: false, recipientName: "", recipientPhone: "", street: "", city: "", county: "", postalCode: "", locker: "" },
    { name: "", phone: "", address: "" },
  );
  return { pickup, saved };
}

/** A logged-in session for the user, as the Cookie header a browser would send. */
export async function cookieFor(userId: string): Promise<string> {
  return (await createSession(userId)).split(";")[0];
}

/** Checks out the user's cart by bank transfer with every box ticked (as the cart page posts it): the order. */
export async function placeTransferOrder(userId: string) {
  const cart = await getCart(userId);
  const placed = await placeOrder(
    userId,
    { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, earlyStart: true, cartVersion: cart.version },
    { cardAvailable: false },
  );
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

/** A session of a physical course (issue 28): consecutive days from `startsOn`, 10 places unless overridden. */
export async function createCourseSession(courseId: number, overrides: Partial<typeof courseSessions.$inferInsert> & { startsOn: string; days: number }) {
  const dates = overrides.dates ?? daysBetween(overrides.startsOn, new Date(Date.parse(`${overrides.startsOn}T00:00:00Z`) + (overrides.days - 1) * 86_400_000).toISOString().slice(0, 10));
  const [session] = await getDb()
    .insert(courseSessions)
    .values({ courseId, capacity: 10, endsOn: dates[dates.length - 1], ...overrides, dates })
    .returning();
  return session;
}
