/**
 * Issue 19 item 2 in the JSON catalogue: wherever a course or product carries a struck-through
 * `price2`, the answer also gives `lowestPrice30Days`, the lowest price of the 30 days before the
 * reduction from the price history (the number the HTML pages state), in the same text format;
 * null without a struck-through price. Every answer is valid against the OpenAPI document, which
 * documents the field.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { priceChanges } from "../../db/schema";
import { saveCourse } from "~/models/course-admin.server";
import { saveProduct } from "~/models/product.server";
import { openApiDocument } from "~/routes/+shared/api/openapi.server";
import { api, matchesDocument } from "../helpers/api";
import { createCourse, createProduct, createUser } from "../helpers/factories";
import { agePriceChanges, onlineCourseInput, productInput } from "../helpers/price-history";

async function get(template: string, path: string) {
  const response = await api(path);
  expect(response.status, response.text).toBe(200);
  expect(matchesDocument(template, "GET", 200, response.json)).toEqual({ ok: true });
  return response.json as unknown;
}

type Priced = { _id: number; price2: string | null; lowestPrice30Days: string | null };

let reducedProductId: number;
let plainProductId: number;
let onlineId: number;
let physicalId: number;

beforeAll(async () => {
  const admin = await createUser({ role: "admin" });
  // Product: 499 for two months, 399 twenty days before the reduction, then 249 shown against 499.
  const saved = (await saveProduct(null, productInput(49900, null), admin.id))!;
  await agePriceChanges("productId", saved.id, 60);
  await saveProduct(saved.id, productInput(39900, null), admin.id);
  await agePriceChanges("productId", saved.id, 20);
  await saveProduct(saved.id, productInput(24900, 49900), admin.id);
  reducedProductId = saved.id;
  plainProductId = (await createProduct({ priceBani: 1990, price2Bani: null })).id;

  // Online course: 599 for 45 days, then 299 shown against 599.
  const created = await saveCourse(null, onlineCourseInput([{ id: null, amountBani: 59900 }], null), admin.id);
  if (!created.ok) throw new Error("not saved");
  await agePriceChanges("courseId", created.id, 45);
  const [option] = await getDb().select().from(priceChanges).where(eq(priceChanges.courseId, created.id));
  await saveCourse(created.id, onlineCourseInput([{ id: option.priceOptionId, amountBani: 29900 }], 59900), admin.id);
  onlineId = created.id;

  // Physical course with an advance option: the reference is the "de la" price, never the 500 lei advance.
  const physical = await createCourse("physical", { price2Bani: 300000 }, [
    { days: 5, amountBani: 200000 },
    { days: 5, amountBani: 265000, accreditation: true },
    { days: 5, amountBani: 50000, advancePayment: true },
  ]);
  physicalId = physical.course.id;
});

describe("the JSON catalogue's 30-day lowest price", () => {
  it("products: in the list and the detail, next to price2; null without price2", async () => {
    const list = (await get("/produse", "/produse")) as Priced[];
    expect(list.find((p) => p._id === reducedProductId)).toMatchObject({ price: "249,00", price2: "499,00", lowestPrice30Days: "399,00" });
    expect(list.find((p) => p._id === plainProductId)).toMatchObject({ price2: null, lowestPrice30Days: null });
    expect(await get("/produse/{id}", `/produse/${reducedProductId}`)).toMatchObject({ price2: "499,00", lowestPrice30Days: "399,00" });
  });

  it("online courses: in the list and the detail (and its data copy)", async () => {
    const list = (await get("/cursuri-online", "/cursuri-online")) as Priced[];
    expect(list.find((c) => c._id === onlineId)).toMatchObject({ price2: "599,00", lowestPrice30Days: "599,00" });
    const detail = (await get("/cursuri-online/{id}", `/cursuri-online/${onlineId}`)) as Priced & { data: Priced };
    expect(detail).toMatchObject({ price2: "599,00", lowestPrice30Days: "599,00" });
    expect(detail.data).toMatchObject({ lowestPrice30Days: "599,00" });
  });

  it("physical courses: the reference is the lowest base price, not the advance", async () => {
    const list = (await get("/cursuri", "/cursuri")) as Priced[];
    expect(list.find((c) => c._id === physicalId)).toMatchObject({ price2: "3.000,00", lowestPrice30Days: "2.000,00" });
    expect(await get("/cursuri/{id}", `/cursuri/${physicalId}`)).toMatchObject({ lowestPrice30Days: "2.000,00" });
  });

  it("is documented in the OpenAPI document", () => {
    const doc = JSON.stringify(openApiDocument("/api"));
    expect(doc).toContain("lowestPrice30Days");
    expect(doc).toContain("Cel mai mic preț din ultimele 30 de zile");
  });
});
