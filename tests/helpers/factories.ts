/**
 * Small factories for integration tests: rows with sensible defaults, overridable.
 */
import { randomBytes } from "node:crypto";
import { getDb } from "../../db/client";
import { coursePriceOptions, courses, products, users, type CourseKind } from "../../db/schema";
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

/** A logged-in session for the user, as the Cookie header a browser would send. */
export async function cookieFor(userId: string): Promise<string> {
  return (await createSession(userId)).split(";")[0];
}
