/**
 * /admin/setari-cursuri's save action as the admin's form posts it: only an administrator may
 * save; a refused value keeps the settings and says why (400); a good one is stored, answered
 * with a redirect and the toast, and is what the next quote uses.
 */
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PRICE_SETTINGS } from "~/lib/pricing";
import { getPriceSettings, savePriceSettings } from "~/models/course-settings.server";
import { action, loader } from "~/routes/admin.setari-cursuri";
import { cookieFor, createUser } from "../helpers/factories";
import { get, post, run, toastOf } from "../helpers/http";

afterAll(async () => {
  await savePriceSettings(DEFAULT_PRICE_SETTINGS);
});

describe("/admin/setari-cursuri save", () => {
  it("refuses a visitor and a student, and changes nothing", async () => {
    const student = await cookieFor((await createUser()).id);
    const anonymous = await run(action, post("/admin/setari-cursuri", { accreditationSurcharge: "1,00", advancePayment: "1,00" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/autentificare/);
    const refused = await run(action, post("/admin/setari-cursuri", { accreditationSurcharge: "1,00", advancePayment: "1,00" }, { cookie: student }));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    expect(await getPriceSettings()).toEqual(DEFAULT_PRICE_SETTINGS);
  });

  it("answers a refused value with its message and keeps the settings", async () => {
    const admin = await cookieFor((await createUser({ role: "admin" })).id);
    const response = await run(action, post("/admin/setari-cursuri", { accreditationSurcharge: "abc", advancePayment: "0" }, { cookie: admin }));
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("Avansul trebuie să fie mai mare ca 0.");
    expect(await getPriceSettings()).toEqual(DEFAULT_PRICE_SETTINGS);
  });

  it("saves good values, redirects with the toast, and the page then shows them", async () => {
    const admin = await cookieFor((await createUser({ role: "admin" })).id);
    const response = await run(action, post("/admin/setari-cursuri", { accreditationSurcharge: "700,50", advancePayment: "450" }, { cookie: admin }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/setari-cursuri");
    expect(await toastOf(response)).toBe("Setările cursurilor au fost salvate.");
    expect(await getPriceSettings()).toEqual({ accreditationSurchargeBani: 70050, advancePaymentBani: 45000 });
    const page = await run(loader, get("/admin/setari-cursuri", { cookie: admin }));
    expect(((await page.json()) as { settings: unknown }).settings).toEqual({ accreditationSurcharge: "700,50", advancePayment: "450,00" });
  });
});
