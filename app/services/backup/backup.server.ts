/**
 * Backups and restores (README: Backups and restore). A backup is one archive
 * (./archive.server) with, in this order: a `meta` record, the migrations that built the
 * schema, every table's rows from one snapshot (./database-dump.server), every uploaded file
 * (read after the snapshot: files are never changed in place, so each one the snapshot names is
 * still there, unless the hourly sweep removed an unused one meanwhile), and a manifest with each
 * table's row count and content hash. A restore checks the whole archive first, then builds the
 * schema from the archive's migrations, loads the rows in one transaction, writes the files, and
 * compares the restored tables with the manifest.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import type { DatabaseHandle, Db } from "../../../db/client";
import { LOCK_IDS } from "../../../db/locks";
import { migrationsFolder, runMigrations } from "../../../db/migrate";
import { backupRuns } from "../../../db/schema";
import { backupFileName, backupsToKeep } from "~/lib/backup-retention";
import { STORAGE_FOLDERS } from "~/lib/storage-keys";
import type { StorageBackend } from "../storage.server";
import { ArchiveError, createArchive, readArchive, type ArchiveRecord } from "./archive.server";
import { dropEverything, dumpDatabase, nonEmptyTables, tableFingerprints, tableLoader, tablesInLoadOrder, type TableFingerprint } from "./database-dump.server";
import type { BackupTarget } from "./targets.server";

/** Held (PostgreSQL advisory lock) by whichever process is taking a backup. */
export const BACKUP_LOCK_ID = LOCK_IDS.backup;

export interface BackupResult {
  fileName: string;
  location: string;
  sizeBytes: number;
  durationMs: number;
  tableRows: number;
  fileCount: number;
  fileBytes: number;
  encrypted: boolean;
  tables: TableFingerprint[];
  /** Older archives deleted by the 7/4/12 rule. */
  deleted: string[];
}

interface Manifest {
  createdAt: string;
  databaseKind: string;
  tables: TableFingerprint[];
  files: { count: number; bytes: number; missing: number };
  migrations: number;
}

async function migrationFiles(): Promise<string[]> {
  const journal = JSON.parse(await fsp.readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  return ["meta/_journal.json", ...journal.entries.map((entry) => `${entry.tag}.sql`)];
}

export interface BackupOptions {
  handle: DatabaseHandle;
  storage: StorageBackend;
  target: BackupTarget;
  key?: Buffer;
  trigger: "nightly" | "manual";
  now?: () => Date;
  /** Called between the database dump and the files (tests: prove the snapshot's consistency). */
  afterDatabase?: () => Promise<void>;
}

/**
 * Takes a backup into the target, applies the retention rule and records the run (also a failed
 * one, then rethrows). Callers make sure only one runs at a time (runBackupExclusive).
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = Date.now();
  const { handle, storage, target, key } = options;
  const fileName = backupFileName(startedAt);
  await fsp.mkdir(target.workDir, { recursive: true, mode: 0o700 });
  const tempFile = path.join(target.workDir, `.${fileName}.${process.pid}.${randomBytes(4).toString("hex")}.part`);
  let archive: Awaited<ReturnType<typeof createArchive>> | undefined;
  try {
    archive = await createArchive(tempFile, key);
    const writer = archive;
    await writer.add({ type: "meta", format: 1, createdAt: startedAt.toISOString(), databaseKind: handle.kind }, Buffer.from("{}"));
    const migrations = await migrationFiles();
    for (const name of migrations) {
      await writer.add({ type: "migration", name }, await fsp.readFile(path.join(migrationsFolder, name)));
    }
    let tableRows = 0;
    const tables = await dumpDatabase(handle.db, {
      async rows(table, count, body) {
        tableRows += count;
        await writer.add({ type: "rows", name: table, rows: count }, body);
      },
    });
    await options.afterDatabase?.();
    const files = { count: 0, bytes: 0, missing: 0 };
    for (const folder of STORAGE_FOLDERS) {
      for (const fileKey of await storage.list(folder)) {
        const head = await storage.head(fileKey);
        const stream = head ? await storage.read(fileKey) : null;
        if (!head || !stream) {
          files.missing++;
          continue;
        }
        await writer.addStream({ type: "file", key: fileKey, contentType: head.contentType }, stream, head.size);
        files.count++;
        files.bytes += head.size;
      }
    }
    const manifest: Manifest = { createdAt: startedAt.toISOString(), databaseKind: handle.kind, tables, files, migrations: migrations.length - 1 };
    await writer.add({ type: "manifest" }, Buffer.from(JSON.stringify(manifest)));
    const sizeBytes = await writer.finish();
    archive = undefined;
    await target.store(tempFile, fileName);

    const stored = await target.list();
    const keep = backupsToKeep(stored.map((item) => item.name));
    const deleted: string[] = [];
    for (const item of stored) {
      if (keep.has(item.name) || item.name === fileName) continue;
      await target.remove(item.name);
      deleted.push(item.name);
    }
    const result: BackupResult = {
      fileName,
      location: target.location,
      sizeBytes,
      durationMs: Date.now() - started,
      tableRows,
      fileCount: files.count,
      fileBytes: files.bytes,
      encrypted: Boolean(key),
      tables,
      deleted,
    };
    await handle.db.insert(backupRuns).values({
      startedAt,
      // On the caller's clock (the schedule's `now`), like startedAt.
      finishedAt: new Date(startedAt.getTime() + result.durationMs),
      ok: true,
      trigger: options.trigger,
      location: target.location,
      fileName,
      sizeBytes,
      durationMs: result.durationMs,
      tableRows,
      fileCount: files.count,
      encrypted: Boolean(key),
    });
    return result;
  } catch (error) {
    await archive?.abort();
    await fsp.rm(tempFile, { force: true });
    const message = error instanceof Error ? error.message.split("\nparams:")[0].slice(0, 500) : String(error);
    await handle.db
      .insert(backupRuns)
      .values({ startedAt, finishedAt: new Date(startedAt.getTime() + Date.now() - started), ok: false, trigger: options.trigger, location: target.location, durationMs: Date.now() - started, encrypted: Boolean(key), error: message })
      .catch(() => {});
    throw error;
  }
}

let inProcess: Promise<BackupResult | null> | undefined;

/**
 * One backup at a time: in this process (a second caller joins the running one) and across
 * processes (PostgreSQL advisory lock; another process's backup → `null`).
 */
export function runBackupExclusive(options: BackupOptions): Promise<BackupResult | null> {
  if (inProcess) return inProcess;
  const run = options.handle
    .tryWithLock(BACKUP_LOCK_ID, () => createBackup(options))
    .finally(() => {
      inProcess = undefined;
    });
  inProcess = run;
  return run;
}

/** The last successful and the last attempted backup (system page, alerts, schedule). */
export async function lastBackups(db: Db) {
  const [success] = await db.select().from(backupRuns).where(eq(backupRuns.ok, true)).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [attempt] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  return { success: success ?? null, attempt: attempt ?? null };
}

// ─── Restore ─────────────────────────────────────────────────────────────────────────────────

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  handle: DatabaseHandle;
  storage: StorageBackend;
  key?: Buffer;
  /** Replace a database or storage that already holds data. */
  force?: boolean;
  onProgress?: (message: string) => void;
}

export interface RestoreResult {
  createdAt: string;
  tables: TableFingerprint[];
  tableRows: number;
  fileCount: number;
  fileBytes: number;
  checkMs: number;
  restoreMs: number;
}

/** Reads the whole archive and checks every checksum; returns the manifest. Restores nothing. */
export async function verifyArchive(file: string, key?: Buffer): Promise<Manifest> {
  let manifest: Manifest | undefined;
  for await (const record of readArchive(file, key)) {
    if (record.header.type === "manifest") manifest = JSON.parse(await bodyText(record)) as Manifest;
  }
  if (!manifest) throw new ArchiveError("The archive is incomplete: its manifest is missing.");
  return manifest;
}

async function bodyText(record: ArchiveRecord): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of record.body()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

async function storedKeys(storage: StorageBackend): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of STORAGE_FOLDERS) keys.push(...(await storage.list(folder)));
  return keys;
}

export async function restoreArchive(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const { handle, storage, key, force } = options;
  const progress = options.onProgress ?? (() => {});
  const checkStart = Date.now();
  progress("Checking the archive's checksums…");
  const manifest = await verifyArchive(file, key);
  const checkMs = Date.now() - checkStart;

  const filled = await nonEmptyTables(handle.db);
  const existingFiles = await storedKeys(storage);
  if ((filled.length || existingFiles.length) && !force) {
    const what = [
      filled.length ? `the database has data (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""})` : "",
      existingFiles.length ? `the file storage holds ${existingFiles.length} file(s)` : "",
    ].filter(Boolean);
    throw new RestoreRefused(`Refusing to restore: ${what.join(" and ")}. Restore into an empty database and data folder, or add --force to replace everything.`);
  }

  const restoreStart = Date.now();
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), "restore-"));
  try {
    if (force) {
      progress("Removing the current data…");
      await dropEverything(handle.db);
      for (const fileKey of existingFiles) await storage.delete(fileKey);
    }
    const records = readArchive(file, key);
    let next = await records.next();
    const take = async () => {
      next = await records.next();
    };
    // meta, then migrations
    while (!next.done && next.value.header.type === "meta") await take();
    const migrationsDir = path.join(workDir, "migrations");
    await fsp.mkdir(path.join(migrationsDir, "meta"), { recursive: true });
    while (!next.done && next.value.header.type === "migration") {
      const name = String(next.value.header.name);
      if (!/^(meta\/_journal\.json|[\w.-]+\.sql)$/.test(name)) throw new ArchiveError(`The archive holds an unexpected migration name: ${name}`);
      await fsp.writeFile(path.join(migrationsDir, name), await bodyText(next.value));
      await take();
    }
    progress("Creating the tables…");
    await runMigrations(handle, migrationsDir);

    progress("Loading the rows…");
    let tableRows = 0;
    await handle.db.transaction(async (tx) => {
      const loader = tableLoader(tx);
      while (!next.done && next.value.header.type === "rows") {
        const record = next.value;
        const chunks: Buffer[] = [];
        for await (const chunk of record.body()) chunks.push(Buffer.from(chunk));
        tableRows += await loader.load(String(record.header.name), Buffer.concat(chunks));
        await take();
      }
      await loader.finish();
    });

    progress("Writing the files…");
    let fileCount = 0;
    let fileBytes = 0;
    while (!next.done && next.value.header.type === "file") {
      const record = next.value;
      await storage.put(String(record.header.key), Readable.from(record.body()), String(record.header.contentType), record.header.size);
      fileCount++;
      fileBytes += record.header.size;
      await take();
    }
    while (!next.done) await take();

    progress("Comparing the restored tables with the archive…");
    const tables = await handle.db.transaction(async (tx) => tableFingerprints(tx, await tablesInLoadOrder(tx)));
    const expected = new Map(manifest.tables.map((table) => [table.name, table]));
    const differences = tables.filter((table) => {
      const want = expected.get(table.name);
      return want ? want.rows !== table.rows || want.hash !== table.hash : table.rows !== 0;
    });
    const missingTables = manifest.tables.filter((table) => !tables.some((t) => t.name === table.name));
    if (differences.length || missingTables.length || fileCount !== manifest.files.count) {
      throw new Error(
        `The restored data differs from the archive: ${[...differences, ...missingTables].map((t) => t.name).join(", ") || `${fileCount}/${manifest.files.count} files`}`,
      );
    }
    return { createdAt: manifest.createdAt, tables, tableRows, fileCount, fileBytes, checkMs, restoreMs: Date.now() - restoreStart };
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** Whether a file exists (the restore command takes a path or an archive's name). */
export function fileExists(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
