/**
 * Issue 19 item 2, last part: the admin editors warn — without blocking the save — when a
 * struck-through reference price is not the lowest price of the last 30 days (price history):
 * in the toast of the save and on the editor page itself, for products and for courses.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { priceChanges, products } from "../../db/schema";
import { saveCourse } from "~/models/course-admin.server";
import { saveProduct } from "~/models/product.server";
import { cookieFor, createUser } from "../helpers/factories";
import { BASE, get, run, toastOf } from "../helpers/http";
import { agePriceChanges, onlineCourseInput, productInput } from "../helpers/price-history";

/** The product the reduction test creates through the form, and the course of the course test. */
const REDUCED = { title: "Ulei cu reducere corectă", description: "" };
const UNPUBLISHED = { title: "Curs cu preț de referință", isPublished: false };

let admin: { id: string; cookie: string };
beforeAll(async () => {
  const row = await createUser({ role: "admin" });
  admin = { id: row.id, cookie: await cookieFor(row.id) };
});

async function postProduct(path: string, id: string, fields: Record<string, string>) {
  const { action } = await import("~/routes/admin.produse.$id._index");
  const form = new FormData();
  for (const [name, value] of Object.entries({ isPublished: "da", description: "", subtitle: "", stock: "", imageKey: "", ...fields })) form.set(name, value);
  return run(action, new Request(`${BASE}${path}`, { method: "POST", body: form, headers: { Cookie: admin.cookie, Origin: BASE } }), { id });
}

async function productEditorWarning(id: number): Promise<string | null> {
  const { loader } = await import("~/routes/admin.produse.$id._index");
  const response = await run(loader, get(`/admin/produse/${id}`, { cookie: admin.cookie }), { id: String(id) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { priceWarning: string | null }).priceWarning;
}

describe("the product editor", () => {
  it("saves a 'reduction' from a price never applied, and warns in the toast and on the editor", async () => {
    const response = await postProduct("/admin/produse/nou", "nou", { title: "Gel nou cu preț tăiat", price: "249,00", price2: "499,00" });
    expect(response.status).toBe(302);
    const warning = "Prețul de referință 499,00 RON nu este cel mai mic preț din ultimele 30 de zile (249,00 RON); conform legii, reducerea se raportează la acesta.";
    expect(await toastOf(response)).toContain(warning);
    // Not blocking: the product is saved with both prices.
    const [saved] = await getDb().select().from(products).where(eq(products.title, "Gel nou cu preț tăiat"));
    expect(saved).toMatchObject({ priceBani: 24900, price2Bani: 49900 });
    expect(await productEditorWarning(saved.id)).toBe(warning);
  });

  it("says nothing for a true reduction from the 30-day lowest, or without a struck-through price", async () => {
    const created = await postProduct("/admin/produse/nou", "nou", { title: "Ulei cu reducere corectă", price: "499,00", price2: "" });
    expect(await toastOf(created)).not.toContain("Prețul de referință");
    const [saved] = await getDb().select().from(products).where(eq(products.title, "Ulei cu reducere corectă"));
    expect(await productEditorWarning(saved.id)).toBeNull();
    await agePriceChanges("productId", saved.id, 40);

    const reduced = await postProduct(`/admin/produse/${saved.id}`, String(saved.id), { title: "Ulei cu reducere corectă", price: "249,00", price2: "499,00" });
    expect(reduced.status).toBe(302);
    expect(await toastOf(reduced)).not.toContain("Prețul de referință");
    expect(await productEditorWarning(saved.id)).toBeNull();

    // The promotion ends (back to 399), and 10 days later the same "499 → 249" is announced
    // again: the 249 of the last promotion is the 30-day lowest, so the struck-through 499 is warned.
    await saveProduct(saved.id, productInput(39900, null, REDUCED), admin.id);
    await agePriceChanges("productId", saved.id, 10);
    await saveProduct(saved.id, productInput(24900, 49900, REDUCED), admin.id);
    expect(await productEditorWarning(saved.id)).toContain("Prețul de referință 499,00 RON nu este cel mai mic preț din ultimele 30 de zile (249,00 RON)");
  });
});

async function courseEditorWarning(id: number): Promise<string | null> {
  const { loader } = await import("~/routes/admin.cursuri-online.$id._index");
  const response = await run(loader, get(`/admin/cursuri-online/${id}`, { cookie: admin.cookie }), { id: String(id) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { priceWarning: string | null }).priceWarning;
}

describe("the course editor", () => {
  it("warns on an unpublished course whose struck-through price is not the 30-day lowest, and not once it is", async () => {
    const created = await saveCourse(null, onlineCourseInput([{ id: null, amountBani: 29900 }], 59900, UNPUBLISHED), admin.id);
    if (!created.ok) throw new Error("not saved");
    expect(await courseEditorWarning(created.id)).toBe(
      "Prețul de referință 599,00 RON nu este cel mai mic preț din ultimele 30 de zile (299,00 RON); conform legii, reducerea se raportează la acesta.",
    );

    const [option] = await getDb().select().from(priceChanges).where(eq(priceChanges.courseId, created.id));
    await saveCourse(created.id, onlineCourseInput([{ id: option.priceOptionId, amountBani: 59900 }], null, UNPUBLISHED), admin.id);
    await agePriceChanges("courseId", created.id, 35);
    await saveCourse(created.id, onlineCourseInput([{ id: option.priceOptionId, amountBani: 29900 }], 59900, UNPUBLISHED), admin.id);
    expect(await courseEditorWarning(created.id)).toBeNull();
  });
});
