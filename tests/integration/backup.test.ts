/**
 * Backups (issue 29): an archive round-trips into a fresh database and data folder; a damaged
 * or tampered archive, a wrong key and a non-empty target are refused with a clear message; the
 * 7/4/12 rule deletes old archives; an S3 bucket works as the target (s3rver on loopback).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, getDatabaseHandle, type DatabaseHandle } from "../../db/client";
import { backupRuns } from "../../db/schema";
import { addProductToCart } from "~/models/cart.server";
import { ArchiveError, parseBackupKey } from "~/services/backup/archive.server";
import { createBackup, lastBackups, restoreArchive, verifyArchive } from "~/services/backup/backup.server";
import { folderTarget, s3Target } from "~/services/backup/targets.server";
import { backupFileName } from "~/lib/backup-retention";
import { createLocalBackend } from "~/services/storage/local.server";
import { dropEverything, queryRows } from "~/services/backup/database-dump.server";
import { createTestDatabase, serverUrl, type TestDatabase } from "../helpers/db";
import { choosePickup, createProduct, createUser, placeTransferOrder } from "../helpers/factories";

const KEY = parseBackupKey("a".repeat(64));
let work: string;
const storage = () => createLocalBackend(path.join(work, "uploads"));
const fresh: TestDatabase[] = [];

/** An empty database (no tables: a restore builds the schema from the archive) and folder. */
async function freshTarget() {
  let handle: DatabaseHandle;
  if (serverUrl()) {
    const database = await createTestDatabase("postgres");
    fresh.push(database);
    await dropEverything(database.handle.db);
    handle = database.handle;
  } else {
    handle = await connect({});
    fresh.push({ handle, name: "pglite", dispose: () => handle.close() });
  }
  return { database: { handle }, storage: createLocalBackend(await fsp.mkdtemp(path.join(work, "restored-"))) };
}

beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), "backup-test-"));
  const user = await createUser({ name: "Ioana Backup" });
  const product = await createProduct({ title: "Gel UV 15 ml", stock: 10 });
  await addProductToCart(user.id, product.id, 2);
  await choosePickup(user.id);
  await placeTransferOrder(user.id);
  await storage().put("courses/1_coperta.webp", Buffer.from("coperta"), "image/webp");
  await storage().put("pdfs/2_fisa.pdf", randomBytes(300_000), "application/pdf");
});

afterAll(async () => {
  for (const database of fresh) await database.dispose();
  await fsp.rm(work, { recursive: true, force: true });
});

// A restore builds a whole database (PGlite in WebAssembly is slow to start on a busy machine).
describe("backup and restore", { timeout: 180_000 }, () => {
  it("restores the rows and the files into an empty database and folder, and logs the run", async () => {
    const handle = getDatabaseHandle()!;
    const result = await createBackup({ handle, storage: storage(), target: folderTarget(path.join(work, "backups")), trigger: "manual" });
    expect(result.fileCount).toBe(2);
    expect(result.tables.find((t) => t.name === "orders")?.rows).toBe(1);
    expect(fs.existsSync(path.join(work, "backups", result.fileName))).toBe(true);
    const last = await lastBackups(handle.db);
    expect(last.success).toMatchObject({ ok: true, fileName: result.fileName, sizeBytes: result.sizeBytes, trigger: "manual" });

    const target = await freshTarget();
    const restored = await restoreArchive(path.join(work, "backups", result.fileName), { handle: target.database.handle, storage: target.storage });
    expect(restored.tables).toEqual(result.tables);
    expect(restored.fileCount).toBe(2);
    const pdf = await target.storage.readRange("pdfs/2_fisa.pdf", 0, 400_000);
    expect(Buffer.from(pdf!).equals(Buffer.from((await storage().readRange("pdfs/2_fisa.pdf", 0, 400_000))!))).toBe(true);
    // A new order on the restored database continues the numbering.
    const [order] = await queryRows<{ number: number }>(
      target.database.handle.db,
      sql`select nextval(pg_get_serial_sequence('orders', 'number'))::int as number`,
    );
    expect(order.number).toBe(1002);

    // A second restore over it is refused without --force, and replaces everything with it.
    await expect(restoreArchive(path.join(work, "backups", result.fileName), { handle: target.database.handle, storage: target.storage })).rejects.toThrow(
      /Refusing to restore: the database has data .*--force/,
    );
    const again = await restoreArchive(path.join(work, "backups", result.fileName), { handle: target.database.handle, storage: target.storage, force: true });
    expect(again.tables).toEqual(result.tables);
  });

  it("refuses a damaged archive before touching the target", async () => {
    const handle = getDatabaseHandle()!;
    const result = await createBackup({ handle, storage: storage(), target: folderTarget(path.join(work, "damaged")), trigger: "manual" });
    const file = path.join(work, "damaged", result.fileName);
    const bytes = await fsp.readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await fsp.writeFile(file, bytes);
    await expect(verifyArchive(file)).rejects.toThrow("The archive is damaged: its checksum does not match");
    const target = await freshTarget();
    await expect(restoreArchive(file, { handle: target.database.handle, storage: target.storage })).rejects.toBeInstanceOf(ArchiveError);
    await fsp.writeFile(file, bytes.subarray(0, bytes.length - 50));
    await expect(verifyArchive(file)).rejects.toThrow("The archive is damaged or incomplete");
    await fsp.writeFile(file, "not a backup");
    await expect(verifyArchive(file)).rejects.toThrow("is not a backup archive of this site");
  });

  it("encrypts with BACKUP_KEY: no readable text in the file, a wrong or missing key is named, a tampered byte fails the tag", async () => {
    const handle = getDatabaseHandle()!;
    const result = await createBackup({ handle, storage: storage(), target: folderTarget(path.join(work, "encrypted")), key: KEY, trigger: "manual" });
    expect(result.encrypted).toBe(true);
    const file = path.join(work, "encrypted", result.fileName);
    expect((await verifyArchive(file, KEY)).tables).toEqual(result.tables);
    await expect(verifyArchive(file)).rejects.toThrow("This archive is encrypted: set BACKUP_KEY");
    await expect(verifyArchive(file, parseBackupKey("b".repeat(64)))).rejects.toThrow("BACKUP_KEY is not the key this archive was encrypted with");

    // Someone who rewrites a byte and the file checksum still fails the GCM tag.
    const bytes = await fsp.readFile(file);
    const newline = bytes.indexOf(10);
    bytes[newline + 40] ^= 0x01;
    const { createHash } = await import("node:crypto");
    const trailerStart = bytes.length - 114;
    const digest = createHash("sha256").update(bytes.subarray(0, trailerStart)).digest("hex");
    bytes.write(digest, trailerStart + "\nEND sha256=".length, "latin1");
    await fsp.writeFile(file, bytes);
    await expect(verifyArchive(file, KEY)).rejects.toThrow(/damaged|altered/);
  });

  it("keeps 7 daily + 4 weekly + 12 monthly archives and deletes the rest after a backup", async () => {
    const dir = path.join(work, "retention");
    await fsp.mkdir(dir, { recursive: true });
    const now = Date.UTC(2026, 10, 25, 1);
    for (let day = 1; day <= 60; day++) await fsp.writeFile(path.join(dir, backupFileName(new Date(now - day * 86_400_000))), "x");
    await fsp.writeFile(path.join(dir, "notes.txt"), "the owner's own file");
    const handle = getDatabaseHandle()!;
    const result = await createBackup({ handle, storage: storage(), target: folderTarget(dir), trigger: "nightly", now: () => new Date(now) });
    const left = (await fsp.readdir(dir)).sort();
    expect(left).toContain("notes.txt");
    expect(left).toContain(result.fileName);
    // 7 days (today + 6), Sundays 22/11 (kept as a day), 15/11, 8/11, month ends 31/10 and 30/09.
    expect(left.length).toBe(1 + 7 + 2 + 2);
    expect(result.deleted.length).toBe(60 - 6 - 2 - 2);
  });

  it("a failed backup is recorded with its reason and leaves no partial file", async () => {
    const handle = getDatabaseHandle()!;
    const dir = path.join(work, "failing");
    const broken = { ...storage(), list: async () => Promise.reject(new Error("storage unreachable")) };
    await expect(createBackup({ handle, storage: broken, target: folderTarget(dir), trigger: "nightly" })).rejects.toThrow("storage unreachable");
    expect(await fsp.readdir(dir)).toEqual([]);
    const last = await lastBackups(handle.db);
    expect(last.attempt).toMatchObject({ ok: false, error: "storage unreachable", trigger: "nightly" });
    await handle.db.delete(backupRuns);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("backups in an S3 bucket (s3rver on loopback)", { timeout: 180_000 }, () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;

  beforeAll(async () => {
    directory = await fsp.mkdtemp(path.join(os.tmpdir(), "s3rver-backup-"));
    const port = await freePort();
    server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: "copii", configs: [] }] });
    await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server?.close();
    await fsp.rm(directory, { recursive: true, force: true });
  });

  it("stores, lists, fetches and restores an encrypted archive from the bucket", async () => {
    const target = s3Target(
      { bucket: "copii", prefix: "site/", region: "us-east-1", endpoint, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true },
      path.join(work, "s3-work"),
    );
    const result = await createBackup({ handle: getDatabaseHandle()!, storage: storage(), target, key: KEY, trigger: "manual" });
    expect(result.location).toBe("s3://copii/site/");
    expect(await target.list()).toEqual([{ name: result.fileName, size: result.sizeBytes }]);
    expect(await fsp.readdir(path.join(work, "s3-work"))).toEqual([]);
    const fetched = await target.fetch(result.fileName);
    const restoreInto = await freshTarget();
    const restored = await restoreArchive(fetched.file, { handle: restoreInto.database.handle, storage: restoreInto.storage, key: KEY });
    await fetched.cleanup();
    expect(restored.tables).toEqual(result.tables);
  });
});

describe("the site takes backups itself", { timeout: 180_000 }, () => {
  it("npm run backup reaches the running site through /internal/backup with its token; anyone else gets 404", async () => {
    const route = await import("~/routes/internal.backup");
    const { backupCommandToken } = await import("~/services/backup/run.server");
    const call = (init: RequestInit & { url?: string } = {}) => new Request(init.url ?? "http://localhost/internal/backup", init);
    const refused = await route.action({ request: call({ method: "POST", headers: { Authorization: "Bearer wrong" } }), params: {}, context: {} });
    expect(refused.status).toBe(404);
    const headers = { Authorization: `Bearer ${backupCommandToken()}` };
    const started = await route.action({ request: call({ method: "POST", headers }), params: {}, context: {} });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    let job: { state: string; result?: { fileName: string; location: string } };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await route.loader({ request: call({ url: `http://localhost/internal/backup?id=${id}`, headers }), params: {}, context: {} });
      job = (await answer.json()) as typeof job;
    } while (job.state === "running");
    expect(job.state).toBe("done");
    expect(fs.existsSync(path.join(job.result!.location, job.result!.fileName))).toBe(true);
    expect(job.result!.location).toBe(path.join(process.env.DATA_DIR!, "backups"));
  });

  it("the nightly check takes one backup after 03:00 and none again that night", async () => {
    const { nightlyBackupTick } = await import("~/services/backup/run.server");
    const handle = getDatabaseHandle()!;
    await handle.db.delete(backupRuns);
    const night = new Date("2031-02-10T01:30:00Z"); // 03:30 in Romania
    const first = await nightlyBackupTick(night);
    expect(first?.fileName).toBe(backupFileName(night));
    expect(await nightlyBackupTick(new Date("2031-02-10T01:40:00Z"))).toBeNull();
    expect(await nightlyBackupTick(new Date("2031-02-10T23:50:00Z"))).toBeNull(); // 01:50 the next night: before 03:00
    expect((await lastBackups(handle.db)).success).toMatchObject({ trigger: "nightly", fileName: first!.fileName });
  });
});
