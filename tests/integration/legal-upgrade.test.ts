/**
 * Existing databases keep the legal texts they were seeded with; at start-up
 * `upgradeSeededTermsPages` replaces a page with the current seeded text only when it is still
 * exactly an earlier seeded version (filled with the same business details). An admin's edit,
 * even of one character, and a page created by an admin are never touched; a second run changes
 * nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { termsPages } from "../../db/schema";
import { seededTermsSections, upgradeSeededTermsPages } from "../../db/seed";
import { supersededTermsPages, type SeedSections } from "../../db/seed-legacy";
import { getConfig } from "~/config.server";

const business = () => getConfig().business;

/** An earlier seeded version as the seed stored it: placeholders filled. */
function asSeeded(sections: SeedSections): SeedSections {
  const b = business();
  return sections.map((s) => ({
    title: s.title,
    description: s.description.replaceAll("{business}", b.name).replaceAll("{address}", b.address).replaceAll("{cui}", b.cui).replaceAll("{regCom}", b.regCom).replaceAll("{email}", b.email).replaceAll("{phone}", b.phone),
  }));
}

async function put(pageKey: string, sections: SeedSections) {
  await getDb().insert(termsPages).values({ pageKey, sections }).onConflictDoUpdate({ target: termsPages.pageKey, set: { sections } });
}

async function sectionsOf(pageKey: string) {
  const [row] = await getDb().select({ sections: termsPages.sections, updatedAt: termsPages.updatedAt }).from(termsPages).where(eq(termsPages.pageKey, pageKey));
  return row;
}

describe("upgrading the seeded legal pages of an existing database", () => {
  it("replaces pages still exactly as an earlier seed wrote them, keeps an admin's edits, and is idempotent", async () => {
    // The privacy policy and the cookie policy as the first seed wrote them …
    await put("confidentialitate", asSeeded(supersededTermsPages.confidentialitate[0]));
    await put("cookie", asSeeded(supersededTermsPages.cookie[1]));
    // … /retur as the seed wrote it, then edited by an admin (one word changed in one section) …
    const edited = asSeeded(supersededTermsPages["politica-returnare"][1]);
    edited[2] = { ...edited[2], description: edited[2].description.replace("ojă", "ojă semipermanentă") };
    await put("politica-returnare", edited);
    // … and /termeni, which has no earlier version: never looked at.
    const terms = [{ title: "1. Despre noi", description: "Textul administratorului." }];
    await put("termeni", terms);
    const editedBefore = await sectionsOf("politica-returnare");

    const upgraded = await upgradeSeededTermsPages(getDb(), business());
    expect(upgraded.sort()).toEqual(["confidentialitate", "cookie"]);
    expect((await sectionsOf("confidentialitate")).sections).toEqual(seededTermsSections("confidentialitate", business()));
    expect((await sectionsOf("cookie")).sections).toEqual(seededTermsSections("cookie", business()));
    expect(JSON.stringify((await sectionsOf("confidentialitate")).sections)).toContain("(ANSPDCP), B-dul G-ral. Gheorghe Magheru");

    // The admin's edit is kept exactly, with its date.
    const editedAfter = await sectionsOf("politica-returnare");
    expect(editedAfter.sections).toEqual(edited);
    expect(editedAfter.updatedAt.getTime()).toBe(editedBefore.updatedAt.getTime());
    expect((await sectionsOf("termeni")).sections).toEqual(terms);

    // A second run finds nothing to do.
    expect(await upgradeSeededTermsPages(getDb(), business())).toEqual([]);
  });

  it("replaces the oldest seeded /retur too, and leaves a text seeded for other business details alone", async () => {
    await put("politica-returnare", asSeeded(supersededTermsPages["politica-returnare"][0]));
    const otherBusiness = { ...business(), email: "alta@adresa.example" };
    const oldCookie = supersededTermsPages.cookie[0].map((s) => ({ ...s, description: s.description.replaceAll("{email}", otherBusiness.email) }));
    await put("cookie", [...oldCookie.slice(0, 2), { title: "Altă secțiune", description: "Adăugată de administrator." }]);

    expect(await upgradeSeededTermsPages(getDb(), business())).toEqual(["politica-returnare"]);
    expect((await sectionsOf("politica-returnare")).sections).toEqual(seededTermsSections("politica-returnare", business()));
    expect((await sectionsOf("cookie")).sections).toHaveLength(3);
  });

  it("replaces issue 19's privacy policy (news consent withdrawn only by e-mail) and /retur (early start confirmed by e-mail)", async () => {
    await put("confidentialitate", asSeeded(supersededTermsPages.confidentialitate[1]));
    await put("politica-returnare", asSeeded(supersededTermsPages["politica-returnare"][2]));
    expect((await upgradeSeededTermsPages(getDb(), business())).sort()).toEqual(["confidentialitate", "politica-returnare"]);
    expect(JSON.stringify((await sectionsOf("confidentialitate")).sections)).toContain("din Contul meu → Datele mele („Noutăți pe e-mail”)");
    expect(JSON.stringify((await sectionsOf("politica-returnare")).sections)).toContain("la finalizarea comenzii bifezi solicitarea expresă");
  });
});
