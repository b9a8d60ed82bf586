import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import * as schema from "../../db/schema";
import { seed, seedKeys } from "../../db/seed";
import { getConfig } from "~/config.server";
import { getStorage } from "~/services/storage.server";
import { hashPassword } from "~/services/password.server";

async function snapshot() {
  const db = getDb();
  const tables = {
    users: schema.users, courses: schema.courses, options: schema.coursePriceOptions, lessons: schema.lessons,
    products: schema.products, terms: schema.termsPages,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row.n;
  }
  const courses = await db.select().from(schema.courses).orderBy(schema.courses.id);
  const terms = await db.select().from(schema.termsPages).orderBy(schema.termsPages.id);
  const users = await db.select().from(schema.users);
  return { counts, courses, terms, users };
}

describe("seed", () => {
  it("creates the demo catalogue, and a second run changes nothing", async () => {
    const config = { ...getConfig(), admin: { email: "admin@example.com", password: undefined } };
    const first = await seed(getDb(), { config, storage: getStorage(), hashPassword });
    expect(first.created.courses).toBeGreaterThanOrEqual(5);
    expect(first.created.products).toBeGreaterThanOrEqual(3);
    expect(first.created.termsPages).toBe(6);
    expect(first.created.admin).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/[a-z]/);

    const before = await snapshot();
    const kinds = before.courses.map((c) => c.kind);
    expect(kinds.filter((k) => k === "physical").length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((k) => k === "online").length).toBeGreaterThanOrEqual(2);
    expect(before.terms.map((t) => t.pageKey).sort()).toEqual(
      ["confidentialitate", "cookie", "politica-inscriere", "politica-plata", "politica-returnare", "termeni"],
    );
    // A free online course exists, and the basic course has an advance option.
    const options = await getDb().select().from(schema.coursePriceOptions);
    expect(options.some((o) => o.amountBani === 0)).toBe(true);
    expect(options.some((o) => o.advancePayment)).toBe(true);
    // The media the lessons point at are in storage.
    expect(await getStorage().head(seedKeys.video)).not.toBeNull();
    expect(await getStorage().head(seedKeys.pdf)).not.toBeNull();
    expect(await getStorage().head(seedKeys.captions)).not.toBeNull();
    // The demo lessons show the player's captions and transcript (issue 30 item 11).
    const seededLessons = await getDb().select().from(schema.lessons);
    expect(seededLessons.length).toBeGreaterThan(0);
    expect(seededLessons.every((l) => l.captionsKey === seedKeys.captions && l.transcript.includes("lecția demonstrativă"))).toBe(true);

    const second = await seed(getDb(), { config, storage: getStorage(), hashPassword });
    expect(second.created).toEqual({ courses: 0, products: 0, termsPages: 0, files: 0, admin: false });
    expect(second.generatedAdminPassword).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});
