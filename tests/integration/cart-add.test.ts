import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, enrollments } from "../../db/schema";
import { addCourseToCart, addProductToCart, CART_MESSAGES } from "~/models/cart.server";
import { countCartLines } from "~/models/cart-view.server";
import { createCourse, createProduct, createUser } from "../helpers/factories";

const physicalPrices = [
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
  { days: 10, amountBani: 230000 },
  { days: 5, amountBani: 50000, advancePayment: true },
];
const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };

describe("add to cart", () => {
  it("adds a physical course with a period, accreditation and advance, and updates instead of duplicating", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    const first = await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true });
    expect(first).toEqual({ ok: true, updated: false, message: CART_MESSAGES.physicalAdded });
    const second = await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[2].id, advancePayment: true });
    expect(second).toEqual({ ok: true, updated: true, message: CART_MESSAGES.updated });
    const lines = await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ priceOptionId: options[2].id, accreditation: false, advancePayment: true, category: "physical" });
    expect(await countCartLines(user.id)).toBe(1);
  });

  it("refuses options that are not a period of this course", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    const other = await createCourse("physical", {}, physicalPrices);
    // Another course's option, an accreditation row, the advance row, an unknown id, none at all.
    for (const priceOptionId of [other.options[0].id, options[1].id, options[3].id, 999999]) {
      expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId })).toEqual({
        ok: false, status: 400, message: CART_MESSAGES.badOption,
      });
    }
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: null })).toMatchObject({ ok: false, message: CART_MESSAGES.noPeriod });
    expect(await countCartLines(user.id)).toBe(0);
  });

  it("refuses accreditation or advance where the course does not offer them", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, [{ days: 2, amountBani: 90000 }]);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true })).toMatchObject({ ok: false, message: CART_MESSAGES.noAccreditation });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, advancePayment: true })).toMatchObject({ ok: false, message: CART_MESSAGES.noAdvance });
  });

  it("refuses an unpublished or unknown course", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", { isPublished: false });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: false, status: 404 });
    expect(await addCourseToCart(user.id, { courseId: 987654, priceOptionId: options[0].id })).toMatchObject({ ok: false, status: 404 });
  });

  it("adds an online course once, ignoring physical-only choices", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 34900, accreditation: true }, { days: 90, amountBani: 24900 }]);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[1].id, advancePayment: true })).toEqual({
      ok: true, updated: false, message: CART_MESSAGES.onlineAdded,
    });
    const [line] = await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id));
    expect(line).toMatchObject({ category: "online", advancePayment: false, accreditation: false, priceOptionId: options[1].id });
  });

  it("refuses a course the user is enrolled in or waiting to pay for, allows it after a failed payment", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("online");
    const [row] = await getDb().insert(enrollments).values({ userId: user.id, courseId: course.id, courseType: "online", optionSnapshot: snapshot, paymentStatus: "pending" }).returning();
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: false, status: 409, message: CART_MESSAGES.awaitingPayment });
    await getDb().update(enrollments).set({ paymentStatus: "confirmed" }).where(eq(enrollments.id, row.id));
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: false, message: CART_MESSAGES.alreadyEnrolled });
    await getDb().update(enrollments).set({ paymentStatus: "failed" }).where(eq(enrollments.id, row.id));
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: true });
  });

  it("adds a product once and refuses an unpublished one", async () => {
    const user = await createUser();
    const product = await createProduct();
    expect(await addProductToCart(user.id, product.id)).toEqual({ ok: true, updated: false, message: CART_MESSAGES.productAdded });
    expect(await addProductToCart(user.id, product.id)).toEqual({ ok: true, updated: true, message: CART_MESSAGES.productAlreadyInCart });
    const hidden = await createProduct({ isPublished: false });
    expect(await addProductToCart(user.id, hidden.id)).toMatchObject({ ok: false, status: 404 });
    expect(await countCartLines(user.id)).toBe(1);
  });
});
