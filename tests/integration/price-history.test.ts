/**
 * Price history (issue 19): every price write of a course option or a product, through the admin
 * models, records who, when, old and new in the same transaction; a reduced price shown next to a
 * struck-through one states the lowest price of the 30 days before it, and the cached catalogue
 * shows the new statement right after the write (same catalogue version bump).
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb } from "../../db/client";
import { priceChanges } from "../../db/schema";
import { saveCourse } from "~/models/course-admin.server";
import { getPublishedCourse } from "~/models/course.server";
import { getPublishedProduct, saveProduct } from "~/models/product.server";
import { processCatalogueCache, setProcessCatalogueCache, startCatalogueCache } from "~/services/catalogue-cache.server";
import { createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { agePriceChanges, onlineCourseInput, productInput } from "../helpers/price-history";
import { remixHandler } from "../helpers/remix-app";

let handle: (request: Request) => Promise<Response>;
beforeAll(async () => {
  await startCatalogueCache(getDatabaseHandle()!);
  handle = await remixHandler();
});
afterAll(async () => {
  await processCatalogueCache()?.stop();
  setProcessCatalogueCache(undefined);
});

const product = (priceBani: number, price2Bani: number | null) => productInput(priceBani, price2Bani, { title: "Ulei cuticule" });
const course = (prices: Array<{ id: number | null; amountBani: number }>, price2Bani: number | null) =>
  onlineCourseInput(prices, price2Bani, { title: "Curs cu reducere" });

async function historyOf(column: "productId" | "courseId", id: number) {
  const rows = await getDb().select().from(priceChanges).where(eq(priceChanges[column], id)).orderBy(asc(priceChanges.id));
  return rows.map((r) => ({ option: r.priceOptionId, oldBani: r.oldBani, newBani: r.newBani, by: r.changedBy, at: r.changedAt instanceof Date }));
}

async function page(path: string) {
  return (await handle(new Request(`${BASE}${path}`))).text();
}
const statement = (html: string) => /Cel mai mic preț din ultimele 30 de zile: (?:<!-- -->)?([\d.,]+ RON)/.exec(html)?.[1] ?? null;

describe("product prices", () => {
  it("records creation and each change (who, old, new), not an unchanged save, and states the 30-day lowest", async () => {
    const admin = await createUser({ role: "admin" });
    const saved = (await saveProduct(null, product(49900, null), admin.id))!;
    await agePriceChanges("productId", saved.id, 60);
    await saveProduct(saved.id, product(39900, null), admin.id);
    await agePriceChanges("productId", saved.id, 20);
    await saveProduct(saved.id, product(45900, null), admin.id);
    await saveProduct(saved.id, product(45900, null), admin.id);
    // No statement without a struck-through price.
    expect(statement(await page(`/produse/produs/${saved.id}`))).toBeNull();

    await saveProduct(saved.id, product(24900, 49900), admin.id);
    expect(await historyOf("productId", saved.id)).toEqual([
      { option: null, oldBani: null, newBani: 49900, by: admin.id, at: true },
      { option: null, oldBani: 49900, newBani: 39900, by: admin.id, at: true },
      { option: null, oldBani: 39900, newBani: 45900, by: admin.id, at: true },
      { option: null, oldBani: 45900, newBani: 24900, by: admin.id, at: true },
    ]);
    // 399 was applied 20 days before the reduction: it is the reference, not 499. On PostgreSQL
    // the process hears of its own write one NOTIFY later: wait for that state, not for time.
    await expect.poll(async () => (await getPublishedProduct(saved.id))?.lowest30Bani).toBe(39900);
    await expect.poll(async () => statement(await page(`/produse/produs/${saved.id}`))).toBe("399,00 RON");
    expect(statement(await page("/produse"))).toBe("399,00 RON");
  });
});

describe("course option prices", () => {
  it("records each option's price writes in saveCourse and states the course's 30-day lowest", async () => {
    const admin = await createUser({ role: "admin" });
    const created = await saveCourse(null, course([{ id: null, amountBani: 59900 }], null), admin.id);
    if (!created.ok) throw new Error("not saved");
    const [first] = await historyOf("courseId", created.id);
    expect(first).toMatchObject({ oldBani: null, newBani: 59900, by: admin.id });
    const optionId = first.option!;
    await agePriceChanges("courseId", created.id, 45);

    // The cached page before the reduction …
    expect(statement(await page(`/cursuri-online/curs/${created.id}`))).toBeNull();
    await saveCourse(created.id, course([{ id: optionId, amountBani: 29900 }], 59900), admin.id);
    expect(await historyOf("courseId", created.id)).toEqual([
      { option: optionId, oldBani: null, newBani: 59900, by: admin.id, at: true },
      { option: optionId, oldBani: 59900, newBani: 29900, by: admin.id, at: true },
    ]);
    // … and right after it, through the same cache.
    await expect.poll(async () => (await getPublishedCourse("online", created.id))?.lowest30Bani).toBe(59900);
    await expect.poll(async () => statement(await page(`/cursuri-online/curs/${created.id}`))).toBe("599,00 RON");
  });
});
