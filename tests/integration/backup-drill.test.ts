/**
 * The restore drill (issue 29): a realistic shop (buyers, orders in every state with their
 * invoices, enrolments and lesson progress, uploaded covers, PDFs and videos) is backed up
 * while reads and checkouts run, restored into a fresh database and folder, and compared:
 * - under load, the restore equals the backup's snapshot (restoreArchive compares every table
 *   with the manifest) and the snapshot is consistent: every unit of the load's product is
 *   either still in stock or in exactly one restored order line;
 * - after the load, a second backup restored elsewhere equals the live database table by table
 *   (row count and a content hash computed here, independently of the backup code) and file by
 *   file (SHA-256).
 * PGlite by default, PostgreSQL when DATABASE_URL is set.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb, type Executor } from "../../db/client";
import { enrollments, lessons, orders, products } from "../../db/schema";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { completeLesson, recordLessonServed } from "~/models/lesson.server";
import { placeOrder } from "~/models/order-checkout.server";
import { transitionOrder } from "~/models/order-status.server";
import { createBackup, restoreArchive } from "~/services/backup/backup.server";
import { queryRows, tablesInLoadOrder } from "~/services/backup/database-dump.server";
import { folderTarget } from "~/services/backup/targets.server";
import { createLocalBackend } from "~/services/storage/local.server";
import { choosePickup, createCourse, createProduct, createUser, placeTransferOrder } from "../helpers/factories";
import { emptyRestoreTarget } from "../helpers/restore-target";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
const LOAD_STOCK = 1000;
let work: string;
let uploadsDir: string;
let source: ReturnType<typeof createLocalBackend>;
let loadProductId: number;

async function seedShop() {
  const files = {
    cover: "courses/1764000000000_coperta.webp",
    product: "products/1764000000001_gel.webp",
    video: "videos/1764000000002_lectie.mp4",
    pdf: "pdfs/1764000000003_fisa.pdf",
  };
  await source.put(files.cover, await fsp.readFile(path.join(fixtures, "coperta.webp")), "image/webp");
  await source.put(files.product, await fsp.readFile(path.join(fixtures, "coperta.webp")), "image/webp");
  await source.put(files.video, await fsp.readFile(path.join(fixtures, "lectie.mp4")), "video/mp4");
  await source.put(files.pdf, await fsp.readFile(path.join(fixtures, "fisa.pdf")), "application/pdf");
  // A larger upload, so the archive streams more than one buffer per file.
  await source.put("videos/1764000000004_curs-complet.mp4", Buffer.alloc(3 * 1024 * 1024, 7), "video/mp4");

  const { course: online, options: onlineOptions } = await createCourse("online", { title: "Manichiură rusească online", imageKey: files.cover });
  const lessonRows = await getDb()
    .insert(lessons)
    .values([
      { courseId: online.id, chapterId: 0, lessonId: 1, title: "Bun venit", videoKey: files.video, videoDurationSeconds: 60, isPublished: true },
      { courseId: online.id, chapterId: 0, lessonId: 2, title: "Pregătire", videoKey: files.video, pdfKey: files.pdf, videoDurationSeconds: 60, isPublished: true },
    ])
    .returning();
  const { course: physical, options: physicalOptions } = await createCourse("physical", { title: "Curs de bază Constanța" }, [{ days: 3, amountBani: 120000 }]);
  const gel = await createProduct({ title: "Gel UV 15 ml", stock: 50, imageKey: files.product });
  const load = await createProduct({ title: "Pilă 180/240", priceBani: 990, stock: LOAD_STOCK });
  loadProductId = load.id;

  const buyer = async (name: string) => {
    const user = await createUser({ name });
    await choosePickup(user.id);
    return user;
  };
  const cardOrder = async (userId: string) => {
    const cart = await getCart(userId);
    const placed = await placeOrder(
      userId,
      { paymentMethod: "card", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, earlyStart: true, cartVersion: cart.version },
      { cardAvailable: true },
    );
    if (!placed.ok) throw new Error(placed.message);
    return placed.order;
  };

  for (let i = 0; i < 3; i++) {
    // paid online course, with lesson progress (one lesson watched and completed)
    const student = await buyer(`Cursantă ${i}`);
    await addCourseToCart(student.id, { courseId: online.id, priceOptionId: onlineOptions[0].id });
    const paid = await placeTransferOrder(student.id);
    expect((await transitionOrder(paid.id, "paid", { source: "admin" })).ok).toBe(true);
    const [enrollment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, student.id));
    const served = new Date(Date.now() - 10 * 60_000);
    await recordLessonServed(enrollment.id, lessonRows[0].id, served);
    expect((await completeLesson({ userId: student.id, courseId: online.id, lessonKey: "0-1" })).ok).toBe(true);
    await recordLessonServed(enrollment.id, lessonRows[1].id);

    // awaiting transfer: physical course + products
    const waiting = await buyer(`Clientă transfer ${i}`);
    await addCourseToCart(waiting.id, { courseId: physical.id, priceOptionId: physicalOptions[0].id });
    await addProductToCart(waiting.id, gel.id, 2);
    await placeTransferOrder(waiting.id);

    // card: awaiting payment, failed, paid then refunded; transfer cancelled
    const card = await buyer(`Clientă card ${i}`);
    await addProductToCart(card.id, gel.id, 1);
    await cardOrder(card.id);
    await addProductToCart(card.id, gel.id, 1);
    const failed = await cardOrder(card.id);
    expect((await transitionOrder(failed.id, "failed", { source: "system" })).ok).toBe(true);
    await addProductToCart(card.id, gel.id, 1);
    const refunded = await cardOrder(card.id);
    expect((await transitionOrder(refunded.id, "paid", { source: "ipn" })).ok).toBe(true);
    expect((await transitionOrder(refunded.id, "refunded", { source: "admin" })).ok).toBe(true);
    await addProductToCart(card.id, gel.id, 1);
    const cancelled = await placeTransferOrder(card.id);
    expect((await transitionOrder(cancelled.id, "cancelled", { source: "admin" })).ok).toBe(true);
  }
}

/** PGlite answers in microtasks: a loop of queries alone would never let a timer or I/O run. */
const yieldToTimers = () => new Promise((resolve) => setImmediate(resolve));

/** Reads and checkouts, as many as fit until `stop()` is called; returns how many ran. */
function startLoad() {
  let running = true;
  const counts = { checkouts: 0, reads: 0 };
  const checkouts = (async () => {
    while (running) {
      const user = await createUser({ name: "Cumpărătoare în timpul copiei" });
      await choosePickup(user.id);
      await addProductToCart(user.id, loadProductId, 1);
      await placeTransferOrder(user.id);
      counts.checkouts++;
      await yieldToTimers();
    }
  })();
  const reads = (async () => {
    while (running) {
      await getDb().select().from(orders).limit(20);
      await getDb().select().from(products).where(eq(products.isPublished, true));
      counts.reads++;
      await yieldToTimers();
    }
  })();
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all([checkouts, reads]);
      return counts;
    },
  };
}

/** Row count and a content hash per table, computed here (jsonb text, sorted), not by the backup code. */
async function drillFingerprints(db: Executor): Promise<Map<string, { rows: number; hash: string }>> {
  const result = new Map<string, { rows: number; hash: string }>();
  for (const name of await tablesInLoadOrder(db)) {
    const [row] = await queryRows<{ rows: number; hash: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text), '')) as hash from ${sql.raw(`"${name}"`)} t`,
    );
    result.set(name, { rows: Number(row.rows), hash: row.hash });
  }
  return result;
}

async function fileHashes(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const folder of await fsp.readdir(dir).catch(() => [] as string[])) {
    for (const name of await fsp.readdir(path.join(dir, folder))) {
      const hash = createHash("sha256").update(await fsp.readFile(path.join(dir, folder, name))).digest("hex");
      hashes.set(`${folder}/${name}`, hash);
    }
  }
  return hashes;
}

const loadUnits = async (db: Executor) => {
  const [row] = await queryRows<{ stock: number; sold: number; orders: number }>(
    db,
    sql`select (select stock from products where id = ${loadProductId})::int as stock,
               (select coalesce(sum(quantity), 0) from order_lines where product_id = ${loadProductId})::int as sold,
               (select count(*) from orders)::int as orders`,
  );
  return row;
};

beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "backup-drill-"));
  uploadsDir = path.join(work, "uploads");
  source = createLocalBackend(uploadsDir);
  await seedShop();
});

afterAll(async () => {
  await fsp.rm(work, { recursive: true, force: true });
});

describe("restore drill", { timeout: 400_000 }, () => {
  it("a backup taken during reads and checkouts restores to one consistent moment", async () => {
    const handle = getDatabaseHandle()!;
    const before = await loadUnits(handle.db);
    const load = startLoad();
    // Let the load get going before the snapshot.
    while (load.counts.checkouts < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const backup = await createBackup({ handle, storage: source, target: folderTarget(path.join(work, "backups")), trigger: "manual" });
    const counts = await load.stop();
    const after = await loadUnits(handle.db);

    const target = await emptyRestoreTarget();
    try {
      // restoreArchive throws unless every restored table equals the snapshot in the manifest.
      const restored = await restoreArchive(path.join(work, "backups", backup.fileName), { handle: target.handle, storage: target.storage });
      expect(restored.tables).toEqual(backup.tables);
      const snapshot = await loadUnits(target.handle.db);
      expect(snapshot.orders).toBeGreaterThanOrEqual(before.orders);
      expect(snapshot.orders).toBeLessThanOrEqual(after.orders);
      // No half-written checkout: every unit is in stock or in an order line, in the snapshot too.
      expect(snapshot.stock + snapshot.sold).toBe(LOAD_STOCK);
      expect(after.stock + after.sold).toBe(LOAD_STOCK);
      console.log(
        `[drill] under load: ${counts.checkouts} checkouts and ${counts.reads} read rounds ran during the backup; ` +
          `the snapshot holds ${snapshot.orders} orders (${before.orders} before, ${after.orders} after); ` +
          `backup ${(backup.sizeBytes / 1024).toFixed(0)} KB in ${backup.durationMs} ms, restore ${restored.restoreMs} ms`,
      );
    } finally {
      await target.dispose();
    }
  });

  it("a backup after the load restores every table and file exactly (compared independently)", async () => {
    const handle = getDatabaseHandle()!;
    const backup = await createBackup({ handle, storage: source, target: folderTarget(path.join(work, "backups")), trigger: "manual" });
    const target = await emptyRestoreTarget();
    try {
      const restored = await restoreArchive(path.join(work, "backups", backup.fileName), { handle: target.handle, storage: target.storage });
      const live = await drillFingerprints(handle.db);
      const copy = await drillFingerprints(target.handle.db);
      // backup_runs: the live site logs this very backup after its snapshot, by design.
      live.delete("backup_runs");
      copy.delete("backup_runs");
      const lines = [...live].map(([name, want]) => {
        const got = copy.get(name);
        const same = got?.rows === want.rows && got?.hash === want.hash;
        return `${same ? "ok  " : "DIFF"} ${name.padEnd(24)} ${String(want.rows).padStart(5)} rows  ${want.hash}${same ? "" : `  restored: ${got?.rows} ${got?.hash}`}`;
      });
      const liveFiles = await fileHashes(uploadsDir);
      const copyFiles = await fileHashes(target.uploadsDir);
      for (const [key, hash] of liveFiles) {
        lines.push(`${copyFiles.get(key) === hash ? "ok  " : "DIFF"} file ${key.padEnd(40)} ${hash.slice(0, 16)}…`);
      }
      console.log(`[drill] ${live.size} tables, ${liveFiles.size} files compared (restore ${restored.restoreMs} ms):\n${lines.join("\n")}`);
      expect(lines.filter((line) => line.startsWith("DIFF"))).toEqual([]);
      expect([...copy.keys()].sort()).toEqual([...live.keys()].sort());
      expect([...copyFiles.keys()].sort()).toEqual([...liveFiles.keys()].sort());
      // The shop really has every order state, invoices and lesson progress to compare.
      const states = await queryRows<{ status: string }>(target.handle.db, sql`select distinct status from orders order by status`);
      expect(states.map((row) => row.status)).toEqual(["awaiting_payment", "awaiting_transfer", "cancelled", "failed", "paid", "refunded"]);
      expect(copy.get("invoices")!.rows).toBeGreaterThanOrEqual(6);
      expect(copy.get("lesson_progress")!.rows).toBe(6);
      expect(fs.existsSync(path.join(target.uploadsDir, "videos", "1764000000004_curs-complet.mp4"))).toBe(true);
      const completed = await queryRows<{ n: number }>(
        target.handle.db,
        sql`select count(*)::int as n from lesson_progress where completed_at is not null`,
      );
      expect(completed[0].n).toBe(3);
    } finally {
      await target.dispose();
    }
  });
});
