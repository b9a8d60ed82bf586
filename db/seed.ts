/**
 * The demo catalogue, legal pages and admin account. Idempotent: everything is looked up by
 * its natural key first and only missing rows and files are created, so a second run changes
 * nothing. Runs automatically on an empty database at start-up, and by `npm run db:seed`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { and, count, eq, sql } from "drizzle-orm";
import type { Config } from "../app/config.server";
import { contentTypeForKey } from "../app/lib/storage-keys";
import type { Db, Tx } from "./client";
import { coursePriceOptions, courses, deliveryMethods, lessons, products, termsPages, users } from "./schema";
import { seedCourses, seedDeliveryMethods, seedProducts, seedTermsPages } from "./seed-data";
import { supersededTermsPages } from "./seed-legacy";

/** Fixed timestamp in seed keys so that a second run finds the same objects. */
const SEED_STAMP = 1735689600000;
const assetsFolder = fileURLToPath(new URL("../db/seed-assets/", import.meta.url));

export const seedKeys = {
  image: (folder: "courses" | "products", name: string) => `${folder}/${SEED_STAMP}_${name}.webp`,
  video: `videos/${SEED_STAMP}_lectie-demo.mp4`,
  /** The video's poster frame, found by the player next to the video (lib/player posterKeyFor). */
  poster: `videos/${SEED_STAMP}_lectie-demo-poster.webp`,
  pdf: `pdfs/${SEED_STAMP}_fisa-lectie.pdf`,
  /** Romanian captions of the demo video (WebVTT), so the demo shop shows the player's captions. */
  captions: `captions/${SEED_STAMP}_lectie-demo.vtt`,
};

/** The demo video's transcript, shown under it ("Transcriere"): the same words as its captions. */
export const SEED_TRANSCRIPT =
  "Bun venit la lecția demonstrativă a cursului online.\n\nPregătim unghia: curățăm cuticulele și pilim forma dorită.";
/** Seconds: the seeded lesson video's real length (the watch rule uses it). */
export const SEED_VIDEO_SECONDS = 5;

export interface SeedReport {
  created: { courses: number; products: number; termsPages: number; files: number; admin: boolean };
  /** Set only when the admin was created with a generated password (print it once). */
  generatedAdminPassword?: string;
}

/** Where the seed puts its files: the app's storage backend (services/storage.server.ts) fits. */
export interface SeedStorage {
  head(key: string): Promise<unknown>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
}

export interface SeedOptions {
  config: Pick<Config, "admin" | "business" | "isProduction" | "databaseUrl">;
  storage: SeedStorage;
  /** The app's password hashing (services/password.server.ts `hashPassword`), for the admin. */
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
}

function fillPlaceholders(text: string, business: Config["business"]): string {
  return text
    .replaceAll("{business}", business.name)
    .replaceAll("{address}", business.address)
    .replaceAll("{cui}", business.cui)
    .replaceAll("{regCom}", business.regCom)
    .replaceAll("{email}", business.email)
    .replaceAll("{phone}", business.phone);
}

type Sections = Array<{ title: string; description: string }>;

function filled(sections: Sections, business: Config["business"]): Sections {
  return sections.map((s) => ({ title: s.title, description: fillPlaceholders(s.description, business) }));
}

/** A legal page's current seeded sections, with this business's details filled in. */
export function seededTermsSections(pageKey: string, business: Config["business"]): Sections {
  const sections = seedTermsPages[pageKey];
  if (!sections) throw new Error(`no seeded legal page ${pageKey}`);
  return filled(sections, business);
}

const sameSections = (a: unknown, b: Sections) =>
  Array.isArray(a) &&
  a.length === b.length &&
  a.every((s: { title?: unknown; description?: unknown } | null, i) => s?.title === b[i].title && s?.description === b[i].description);

/**
 * Existing databases keep the legal texts they were seeded with (the seed never overwrites a
 * row). This step brings a page to the current seeded text ONLY when its stored sections are
 * still exactly an earlier seeded version (db/seed-legacy.ts, filled with the same business
 * details): a page an admin has edited, even by one character, is never touched. Runs at every
 * start-up and by `npm run db:migrate`; a second run changes nothing. Returns the pages replaced.
 */
export async function upgradeSeededTermsPages(db: Db, business: Config["business"]): Promise<string[]> {
  const upgraded: string[] = [];
  for (const [pageKey, versions] of Object.entries(supersededTermsPages)) {
    const [row] = await db.select({ sections: termsPages.sections }).from(termsPages).where(eq(termsPages.pageKey, pageKey)).limit(1);
    if (!row) continue;
    if (!versions.some((old) => sameSections(row.sections, filled(old, business)))) continue;
    const current = seededTermsSections(pageKey, business);
    // Compare-and-set: an admin save between the read and this write wins.
    const changed = await db
      .update(termsPages)
      .set({ sections: current, updatedAt: new Date() })
      .where(and(eq(termsPages.pageKey, pageKey), sql`${termsPages.sections} = ${JSON.stringify(row.sections)}::jsonb`))
      .returning({ id: termsPages.id });
    if (changed.length) upgraded.push(pageKey);
  }
  return upgraded;
}

/** A password meeting every docs/product.md §5 rule: lower, upper, digit, special, 20 characters. */
function generatePassword(): string {
  return `${randomBytes(12).toString("base64url")}aA1!`;
}

async function ensureFile(storage: SeedStorage, key: string, file: string): Promise<boolean> {
  if (await storage.head(key)) return false;
  await storage.put(key, fs.readFileSync(`${assetsFolder}${file}`), contentTypeForKey(key));
  return true;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/**
 * Fills an empty (or partly seeded) database with the demo catalogue: files first (rows only
 * point at files that exist), then in one transaction courses, products, legal pages, delivery
 * methods and the admin. Idempotent: only what is missing is added.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  const { config, storage } = options;
  const now = options.now ?? new Date();
  const report: SeedReport = {
    created: { courses: 0, products: 0, termsPages: 0, files: 0, admin: false },
  };
  report.created.files = await storeSeedFiles(storage);
  await db.transaction(async (tx) => {
    report.created.courses = await insertSeedCourses(tx, now);
    report.created.products = await insertSeedProducts(tx);
    report.created.termsPages = await insertSeedTermsPages(tx, config.business);
    await insertSeedDeliveryMethods(tx, config.business);
    const admin = await ensureAdmin(tx, config, options.hashPassword);
    report.created.admin = admin.created;
    if (admin.generatedPassword) report.generatedAdminPassword = admin.generatedPassword;
  });
  return report;
}

/** The demo video, poster, captions, lesson PDF and every course and product image (three sizes each). */
async function storeSeedFiles(storage: SeedStorage): Promise<number> {
  const files: Array<[string, string]> = [
    [seedKeys.video, "lectie-demo.mp4"],
    [seedKeys.poster, "lectie-demo-poster.webp"],
    [seedKeys.pdf, "fisa-lectie.pdf"],
    [seedKeys.captions, "lectie-demo.vtt"],
  ];
  for (const course of seedCourses) {
    files.push([seedKeys.image("courses", course.image), `${course.image}.webp`]);
    files.push([seedKeys.image("courses", `${course.image}-480`), `${course.image}-480.webp`]);
    files.push([seedKeys.image("courses", `${course.image}-720`), `${course.image}-720.webp`]);
  }
  for (const product of seedProducts) {
    files.push([seedKeys.image("products", product.image), `${product.image}.webp`]);
    files.push([seedKeys.image("products", `${product.image}-480`), `${product.image}-480.webp`]);
    files.push([seedKeys.image("products", `${product.image}-720`), `${product.image}-720.webp`]);
  }
  let stored = 0;
  for (const [key, file] of files) {
    if (await ensureFile(storage, key, file)) stored++;
  }
  return stored;
}

/** Courses missing by (kind, title), with their price options and lessons. */
async function insertSeedCourses(tx: Tx, now: Date): Promise<number> {
  let inserted = 0;
  for (const course of seedCourses) {
    const existing = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.kind, course.kind), eq(courses.title, course.title)))
      .limit(1);
    if (existing.length > 0) continue;

    const nextSessionOn =
      course.nextSessionInDays === undefined
        ? null
        : new Date(now.getTime() + course.nextSessionInDays * 86_400_000).toISOString().slice(0, 10);
    const [row] = await tx
      .insert(courses)
      .values({
        kind: course.kind,
        title: course.title,
        secondTitle: course.secondTitle,
        thirdTitle: course.thirdTitle,
        category: course.category,
        imageKey: seedKeys.image("courses", course.image),
        price2Bani: course.price2Bani ?? null,
        durationDays: course.durationDays,
        nextSessionOn,
        content: course.content,
        isPublished: true,
        position: course.position,
      })
      .returning({ id: courses.id });
    await tx.insert(coursePriceOptions).values(
      course.prices.map((price, position) => ({
        courseId: row.id,
        days: price.days,
        amountBani: price.amountBani,
        accreditation: price.accreditation ?? false,
        advancePayment: price.advancePayment ?? false,
        position,
      })),
    );
    if (course.lessons?.length) {
      await tx.insert(lessons).values(
        course.lessons.map((lesson) => ({
          courseId: row.id,
          chapterId: lesson.chapterId,
          lessonId: lesson.lessonId,
          title: lesson.title,
          explanation: lesson.explanation,
          videoKey: seedKeys.video,
          videoDurationSeconds: SEED_VIDEO_SECONDS,
          pdfKey: lesson.withPdf ? seedKeys.pdf : null,
          captionsKey: seedKeys.captions,
          transcript: SEED_TRANSCRIPT,
          isPublished: true,
        })),
      );
    }
    inserted++;
  }
  return inserted;
}

/** Products missing by title. */
async function insertSeedProducts(tx: Tx): Promise<number> {
  let inserted = 0;
  for (const product of seedProducts) {
    const existing = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.title, product.title))
      .limit(1);
    if (existing.length > 0) continue;
    await tx.insert(products).values({
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      imageKey: seedKeys.image("products", product.image),
      priceBani: product.priceBani,
      price2Bani: product.price2Bani ?? null,
      isPublished: true,
      position: product.position,
    });
    inserted++;
  }
  return inserted;
}

/** Legal pages missing by key, with the business's details filled in. */
async function insertSeedTermsPages(tx: Tx, business: Config["business"]): Promise<number> {
  let inserted = 0;
  for (const [pageKey, sections] of Object.entries(seedTermsPages)) {
    const rows = await tx
      .insert(termsPages)
      .values({
        pageKey,
        sections: filled(sections, business),
      })
      .onConflictDoNothing({ target: termsPages.pageKey })
      .returning({ id: termsPages.id });
    inserted += rows.length;
  }
  return inserted;
}

/** Delivery methods: only into an empty table (the admin's methods are never touched). */
async function insertSeedDeliveryMethods(tx: Tx, business: Config["business"]): Promise<void> {
  const [methods] = await tx.select({ n: count() }).from(deliveryMethods);
  if (methods.n > 0) return;
  await tx.insert(deliveryMethods).values(
    seedDeliveryMethods.map((m, position) => ({
      ...m,
      description: fillPlaceholders(m.description, business),
      position,
    })),
  );
}

/**
 * The admin of ADMIN_EMAIL, when missing. A real deployment (production on PostgreSQL) must
 * choose its admin password; the demo default generates one (returned, to print once).
 */
async function ensureAdmin(
  tx: Tx,
  config: SeedOptions["config"],
  hashPassword: SeedOptions["hashPassword"],
): Promise<{ created: boolean; generatedPassword?: string }> {
  const admin = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${config.admin.email}`)
    .limit(1);
  if (admin.length > 0) return { created: false };
  const realDeployment = config.isProduction && Boolean(config.databaseUrl);
  if (!config.admin.password && realDeployment) return { created: false };
  const password = config.admin.password ?? generatePassword();
  await tx.insert(users).values({
    email: config.admin.email,
    passwordHash: await hashPassword(password),
    name: "Administrator",
    role: "admin",
  });
  return { created: true, generatedPassword: config.admin.password ? undefined : password };
}
