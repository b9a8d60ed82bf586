/**
 * Accreditation only with the periods that allow it (issue 30 item 12, docs/product.md §9): a
 * course selling a "1 zi" taster next to an accredited 5-day period refuses the diploma with the
 * taster — from the course page's form, from the JSON API and for a line already in the cart —
 * and the admin editor shows and saves the choice per period.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, coursePriceOptions } from "../../db/schema";
import { courseToFormValue, courseFormSchema, toCourseInput } from "~/lib/validation/admin-course";
import { CART_MESSAGES, addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { courseDetail } from "~/models/catalogue.server";
import { getCourseForAdmin, saveCourse } from "~/models/course-admin.server";
import { action as physicalAction } from "~/routes/cursuri.curs.$id";
import { checkedCall } from "../helpers/api";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { post, run } from "../helpers/http";

const REFUSED = "Diploma acreditată nu este disponibilă pentru perioada de 1 zi: alege o perioadă cu acreditare sau renunță la diplomă.";

/** A one-day taster (never accredited) and five days with the accreditation. */
const prices = [
  { days: 1, amountBani: 40000 },
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
];

describe("accreditation per period", () => {
  it("the model refuses the diploma with a period that has no accreditation entry, in Romanian, and adds it with one that has", async () => {
    expect(CART_MESSAGES.noAccreditationForPeriod(1)).toBe(REFUSED);
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, prices);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true })).toEqual({ ok: false, status: 400, message: REFUSED });
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(0);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id })).toMatchObject({ ok: true });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[1].id, accreditation: true })).toMatchObject({ ok: true });
    const cart = await getCart(user.id);
    expect(cart.lines[0]).toMatchObject({ accreditation: true, dueNowBani: 265000 });
  });

  it("the course page's form (a plain post, as before the scripts or without them) answers the refusal on the page", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course, options } = await createCourse("physical", {}, prices);
    const response = await run(
      physicalAction,
      post(`/cursuri/curs/${course.id}`, { intent: "add-to-cart", priceOptionId: String(options[0].id), accreditation: "on" }, { cookie }),
      { id: String(course.id) },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(REFUSED);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(0);
  });

  it("the JSON API refuses it with the same message (400) and adds the accredited period", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { course } = await createCourse("physical", {}, prices);
    const refused = await checkedCall("/cart", "/cart", {
      cookie,
      body: { courseId: course.id, category: "physical", selectedPrice: { value: "1.050,00", days: 1, accreditation: true } },
      expect: 400,
    });
    expect(refused.json.msg).toBe(REFUSED);
    await checkedCall("/cart", "/cart", { cookie, body: { courseId: course.id, category: "physical", selectedPrice: { value: "2.650,00", days: 5, accreditation: true } }, expect: 201 });
  });

  it("a line whose period lost its accreditation asks to be chosen again instead of being sold", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, prices);
    await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[1].id, accreditation: true });
    // The admin moves the accreditation entry to the taster's period.
    await getDb().update(coursePriceOptions).set({ days: 1 }).where(eq(coursePriceOptions.id, options[2].id));
    const cart = await getCart(user.id);
    expect(cart.hasProblems).toBe(true);
    expect(cart.lines[0].problem).toBeTruthy();
  });

  it("the course page offers the accreditation, and the editor shows and saves it, per period", async () => {
    const admin = await createUser({ role: "admin" });
    const { course } = await createCourse("physical", {}, prices);
    const detail = (await courseDetail("physical", course.id, null))!;
    expect(detail.offersAccreditation).toBe(true);

    const stored = (await getCourseForAdmin("physical", course.id))!;
    const value = courseToFormValue(stored);
    expect(value.prices.map((p) => [p.days, p.accreditable])).toEqual([
      ["1", false],
      ["5", true],
    ]);
    // Ticked for the taster too, then unticked for the five days: the entries follow.
    const form = courseFormSchema("physical").parse({
      ...value,
      prices: [
        { ...value.prices[0], accreditable: true },
        { ...value.prices[1], accreditable: false },
      ],
    });
    await saveCourse(course.id, toCourseInput("physical", form), admin.id);
    const rows = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, course.id)).orderBy(coursePriceOptions.position);
    expect(rows.filter((r) => r.accreditation).map((r) => r.days)).toEqual([1]);
    const user = await createUser();
    const [taster, five] = rows.filter((r) => !r.accreditation);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: five.id, accreditation: true })).toMatchObject({ ok: false, status: 400 });
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: taster.id, accreditation: true })).toMatchObject({ ok: true });
  });
});
