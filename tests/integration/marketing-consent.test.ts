/**
 * GDPR art. 7(3): the news-by-e-mail consent given with one tick at registration is withdrawn
 * just as easily, in /cont → Datele mele, with one form post (no JavaScript), and given again the
 * same way; the privacy policy says where. Another user's consent is untouched.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { seededTermsSections } from "../../db/seed";
import { cookieFor, createUser } from "../helpers/factories";
import { get, post, run, toastOf } from "../helpers/http";
import { getConfig } from "~/config.server";
import { action, loader } from "~/routes/cont";

const optInOf = async (id: string) => (await getDb().select({ v: users.marketingOptIn }).from(users).where(eq(users.id, id)))[0].v;

describe("news by e-mail in /cont", () => {
  it("is withdrawn and given again with one post each; the page shows the current choice", async () => {
    const user = await createUser();
    const other = await createUser();
    await getDb().update(users).set({ marketingOptIn: true }).where(eq(users.id, user.id));
    await getDb().update(users).set({ marketingOptIn: true }).where(eq(users.id, other.id));
    const cookie = await cookieFor(user.id);

    const shown = async () => ((await (await run(loader, get("/cont", { cookie }))).json()) as { marketing: boolean }).marketing;
    expect(await shown()).toBe(true);

    // The button of the opted-in user posts marketing="" (withdraw).
    const off = await run(action, post("/cont", { intent: "marketing", marketing: "" }, { cookie }));
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/cont#datele-mele");
    expect(await toastOf(off)).toBe("Nu îți mai trimitem noutăți pe e-mail.");
    expect(await optInOf(user.id)).toBe(false);
    expect(await optInOf(other.id)).toBe(true);
    expect(await shown()).toBe(false);

    const on = await run(action, post("/cont", { intent: "marketing", marketing: "on" }, { cookie }));
    expect(await toastOf(on)).toBe("Te-ai abonat la noutăți pe e-mail.");
    expect(await optInOf(user.id)).toBe(true);
  });

  it("a guest's post changes nothing and goes to the login", async () => {
    const response = await run(action, post("/cont", { intent: "marketing", marketing: "on" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/autentificare/);
  });

  it("the privacy policy says where the consent is withdrawn", () => {
    const text = JSON.stringify(seededTermsSections("confidentialitate", getConfig().business));
    expect(text).toContain("din Contul meu → Datele mele („Noutăți pe e-mail”)");
    expect(text).not.toContain("îl retragi cu un e-mail");
  });
});
