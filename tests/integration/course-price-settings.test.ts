/**
 * Issue 20 item 13: the accreditation surcharge and the advance are admin settings (defaults:
 * docs/product.md §9's 650 RON and 500 RON) that the cart and the checkout read on the server; a change
 * applies to the next quote and drops the in-memory catalogue (the detail pages show them).
 * The editor's "offers" boxes become the flagged entries; online options keep the order entered.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb } from "../../db/client";
import { coursePriceOptions, priceChanges } from "../../db/schema";
import { DEFAULT_PRICE_SETTINGS } from "~/lib/pricing";
import { courseFormSchema, courseToFormValue, toCourseInput, type CourseForm } from "~/lib/validation/admin-course";
import { addCourseToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { courseDetail } from "~/models/catalogue.server";
import { getCourseForAdmin, saveCourse } from "~/models/course-admin.server";
import { getPriceSettings, savePriceSettings } from "~/models/course-settings.server";
import { placeOrder } from "~/models/order-checkout.server";
import { CHECKOUT_MESSAGES } from "~/lib/validation/checkout";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { createCourse, createUser } from "../helpers/factories";

const physicalPrices = [
  { days: 5, amountBani: 200000 },
  { days: 5, amountBani: 265000, accreditation: true },
  { days: 5, amountBani: 50000, advancePayment: true },
];

beforeAll(async () => {
  await startCatalogueCache(getDatabaseHandle()!);
});

afterAll(async () => {
  await savePriceSettings(DEFAULT_PRICE_SETTINGS);
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

function parse(kind: "physical" | "online", value: Record<string, unknown>): CourseForm {
  const result = courseFormSchema(kind).safeParse(value);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("course price settings", () => {
  it("start at docs/product.md's values", async () => {
    expect(await getPriceSettings()).toEqual({ accreditationSurchargeBani: 65000, advancePaymentBani: 50000 });
  });

  it("a changed surcharge and advance change the next cart total and the checkout, and the detail page's numbers", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    expect(await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true })).toMatchObject({ ok: true });
    const before = await getCart(user.id);
    expect(before.lines[0]).toMatchObject({ dueNowBani: 265000, fullBani: 265000 });
    expect((await courseDetail("physical", course.id, null))!.priceSettings.accreditationSurchargeBani).toBe(65000);

    await savePriceSettings({ accreditationSurchargeBani: 80000, advancePaymentBani: 30000 });
    const after = await getCart(user.id);
    expect(after.lines[0]).toMatchObject({ dueNowBani: 280000, fullBani: 280000 });
    expect(after.totals.dueNowBani).toBe(280000);
    // A new amount is a new checkout (the idempotency key changes with it).
    expect(after.version).not.toBe(before.version);
    // The cached detail page was dropped: it shows the new settings.
    expect((await courseDetail("physical", course.id, null))!.priceSettings).toEqual({ accreditationSurchargeBani: 80000, advancePaymentBani: 30000 });

    // The advance follows its setting too, up to the order.
    await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true, advancePayment: true });
    const cart = await getCart(user.id);
    const result = await placeOrder(
      user.id,
      { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version },
      { cardAvailable: false },
    );
    expect(result.ok && result.order).toMatchObject({ totalBani: 30000, fullTotalBani: 280000 });
    await savePriceSettings(DEFAULT_PRICE_SETTINGS);
  });

  it("the cart page reads the settings from memory, the checkout from the row: a cart shown with old settings is refused as stale, never charged", async () => {
    const user = await createUser();
    const { course, options } = await createCourse("physical", {}, physicalPrices);
    await addCourseToCart(user.id, { courseId: course.id, priceOptionId: options[0].id, accreditation: true });
    await savePriceSettings({ accreditationSurchargeBani: 80000, advancePaymentBani: 30000 });
    // The window between an admin's save in another process and this one's invalidation: the
    // cache still holds the old settings.
    await processCatalogueCache()!.get("course-price-settings", async () => DEFAULT_PRICE_SETTINGS);
    const shown = await getCart(user.id);
    expect(shown.lines[0]).toMatchObject({ dueNowBani: 265000 });
    const input = { paymentMethod: "bank_transfer" as const, acceptTerms: true, digitalConsent: true, withdrawalWaiver: true };
    const refused = await placeOrder(user.id, { ...input, cartVersion: shown.version }, { cardAvailable: false });
    expect(refused).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.staleCart });

    // The invalidation arrives (here: another save bumps the version again).
    await savePriceSettings({ accreditationSurchargeBani: 80000, advancePaymentBani: 30000 });
    const fresh = await getCart(user.id);
    expect(fresh.lines[0]).toMatchObject({ dueNowBani: 280000 });
    const placed = await placeOrder(user.id, { ...input, cartVersion: fresh.version }, { cardAvailable: false });
    expect(placed.ok && placed.order).toMatchObject({ totalBani: 280000 });
    await savePriceSettings(DEFAULT_PRICE_SETTINGS);
  });

  it("the editor's ticks become the accreditation (per period) and advance entries (the settings' amounts), kept on the next save", async () => {
    const admin = await createUser({ role: "admin" });
    const form = parse("physical", {
      title: "Curs cu opțiuni",
      prices: [{ value: "2.000,00", days: "5", accreditable: true }, { value: "3.000,00", days: "10", accreditable: true }],
      offersAdvance: true,
    });
    const saved = await saveCourse(null, toCourseInput("physical", form), admin.id);
    if (!saved.ok) throw new Error("not saved");
    const rows = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, saved.id)).orderBy(coursePriceOptions.position);
    expect(rows.map((r) => [r.days, r.amountBani, r.accreditation, r.advancePayment])).toEqual([
      [5, 200000, false, false],
      [10, 300000, false, false],
      [5, 65000, true, false],
      [10, 65000, true, false],
      [null, 50000, false, true],
    ]);
    // Only the periods are prices with a history.
    const history = await getDb().select().from(priceChanges).where(eq(priceChanges.courseId, saved.id));
    expect(history).toHaveLength(2);

    // Back in the editor: two period rows, each ticked, and the advance box; saved again, the same rows.
    const course = (await getCourseForAdmin("physical", saved.id))!;
    const value = courseToFormValue(course);
    expect(value.prices.map((p) => p.value)).toEqual(["2.000,00", "3.000,00"]);
    expect(value.prices.map((p) => p.accreditable)).toEqual([true, true]);
    expect(value).toMatchObject({ offersAdvance: true });
    await saveCourse(saved.id, toCourseInput("physical", parse("physical", value)), admin.id);
    const again = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, saved.id)).orderBy(coursePriceOptions.position);
    expect(again.map((r) => r.id)).toEqual(rows.map((r) => r.id));

    // Unticked: the course no longer offers them.
    await saveCourse(saved.id, toCourseInput("physical", parse("physical", { ...value, prices: value.prices.map((p) => ({ ...p, accreditable: false })), offersAdvance: false })), admin.id);
    const plain = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, saved.id));
    expect(plain.every((r) => !r.accreditation && !r.advancePayment)).toBe(true);
    expect(plain).toHaveLength(2);
  });

  it("online price options keep the order entered, on save, in the editor and on the detail page", async () => {
    const admin = await createUser({ role: "admin" });
    const prices = [
      { value: "349,00", days: "nelimitat", accreditation: true },
      { value: "149,00", days: "30" },
      { value: "249,00", days: "90" },
    ];
    const saved = await saveCourse(null, toCourseInput("online", parse("online", { title: "Curs online ordonat", isPublished: "da", prices })), admin.id);
    if (!saved.ok) throw new Error("not saved");
    const value = courseToFormValue((await getCourseForAdmin("online", saved.id))!);
    expect(value.prices.map((p) => p.value)).toEqual(["349,00", "149,00", "249,00"]);
    const detail = (await courseDetail("online", saved.id, null))!;
    expect(detail.choices.map((c) => c.amountBani)).toEqual([34900, 14900, 24900]);

    // Reordered in the editor ("↑" on the last): saved in that order.
    const reordered = [value.prices[0], value.prices[2], value.prices[1]];
    await saveCourse(saved.id, toCourseInput("online", parse("online", { ...value, prices: reordered })), admin.id);
    // The save's NOTIFY reaches the cache asynchronously (catalogue-cache.test covers that path):
    // read the stored version now instead of racing it.
    await processCatalogueCache()!.verify();
    expect((await courseDetail("online", saved.id, null))!.choices.map((c) => c.amountBani)).toEqual([34900, 24900, 14900]);
  });
});
