/**
 * `npm run backup`, `npm run backup -- --list` and `npm run restore ARCHIVE [--force]`
 * (README: Backups and restore).
 *
 * backup: with DATABASE_URL, this command reads the database itself (several processes may use
 * PostgreSQL at once; the backup lock keeps it from running alongside the nightly one). On the
 * embedded database it asks the running site to take the backup (a PGlite folder has one owner)
 * and waits for it; when the site is stopped it opens the folder itself.
 * restore: into an empty database and data folder (the site stopped when embedded); checks every
 * checksum before writing anything; --force replaces existing data.
 */
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../app/config.server";
import { ArchiveError } from "../app/services/backup/archive.server";
import { fileExists, restoreArchive, RestoreRefused, runBackupExclusive, type BackupResult } from "../app/services/backup/backup.server";
import { backupCommandToken, configuredBackup } from "../app/services/backup/run.server";
import { getStorage } from "../app/services/storage.server";
import { connect, setDatabaseHandle } from "../db/client";

const args = process.argv.slice(2);
const command = args[0];
const config = getConfig();
const pgliteDir = path.join(config.dataDir, "pglite");

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The pid holding the embedded database, when that process is alive. */
function siteHoldingPglite(): number | null {
  try {
    const pid = Number(fs.readFileSync(`${pgliteDir}.lock`, "utf8"));
    if (!pid || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? -1 : null;
  }
}

function printBackup(result: BackupResult) {
  console.log(`Backup written: ${result.fileName}`);
  console.log(`  where:    ${result.location}`);
  console.log(`  size:     ${mb(result.sizeBytes)}${result.encrypted ? " (encrypted)" : ""}`);
  console.log(`  contents: ${result.tableRows} rows in ${result.tables.length} tables, ${result.fileCount} files (${mb(result.fileBytes)})`);
  console.log(`  took:     ${seconds(result.durationMs)}`);
  if (result.deleted.length) console.log(`  removed ${result.deleted.length} older backup(s) (keeping 7 daily, 4 weekly, 12 monthly)`);
}

async function backupThroughSite(): Promise<void> {
  const base = `http://${config.host && config.host !== "0.0.0.0" && config.host !== "::" ? config.host : "127.0.0.1"}:${config.port}`;
  const headers = { Authorization: `Bearer ${backupCommandToken(config)}` };
  console.log(`The site is running on the embedded database: asking it (${base}) to take the backup…`);
  const started = await fetch(`${base}/internal/backup`, { method: "POST", headers }).catch((error: unknown) =>
    fail(`Cannot reach the running site at ${base} (${error instanceof Error ? error.message : error}). Check PORT/HOST, or stop the site and run the backup again.`),
  );
  if (started.status !== 202) fail(`The site refused the backup request (HTTP ${started.status}). Run this command with the same settings (DATA_DIR, SESSION_SECRET) as the site.`);
  const { id } = (await started.json()) as { id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await fetch(`${base}/internal/backup?id=${encodeURIComponent(id)}`, { headers });
    const job = (await answer.json()) as { state: string; result?: BackupResult | null; error?: string };
    if (job.state === "running") continue;
    if (job.state === "failed") fail(`Backup failed: ${job.error}`);
    if (job.result) printBackup(job.result);
    return;
  }
}

async function openDatabase() {
  const handle = await connect({ url: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : pgliteDir });
  setDatabaseHandle(handle);
  return handle;
}

async function backup() {
  if (!config.databaseUrl && siteHoldingPglite()) return backupThroughSite();
  const handle = await openDatabase();
  try {
    const result = await runBackupExclusive({ handle, storage: getStorage(), ...configuredBackup(config), trigger: "manual" });
    if (!result) fail("Another process is taking a backup right now; try again in a few minutes.");
    printBackup(result);
  } finally {
    await handle.close();
  }
}

async function list() {
  const { target } = configuredBackup(config);
  const stored = await target.list();
  console.log(`Backups in ${target.location}:`);
  for (const item of stored) console.log(`  ${item.name}  ${mb(item.size)}`);
  if (!stored.length) console.log("  (none yet)");
}

async function restore() {
  const name = args.find((arg, index) => index > 0 && !arg.startsWith("--"));
  const force = args.includes("--force");
  if (!name) fail("Usage: npm run restore -- ARCHIVE [--force]   (a file path, or a name shown by npm run backup -- --list)", 2);
  if (!config.databaseUrl && siteHoldingPglite()) fail("Stop the site first: the embedded database is in use (restore needs it to itself).");
  const { target, key } = configuredBackup(config);
  const local = fileExists(name) ? { file: path.resolve(name), cleanup: async () => {} } : await target.fetch(path.basename(name)).catch(() => null);
  if (!local || !fileExists(local.file)) fail(`No archive ${name} (neither a file nor a backup in ${target.location}).`);
  const handle = await openDatabase();
  try {
    console.log(`Restoring ${name} into ${config.databaseUrl ? "DATABASE_URL" : pgliteDir} and ${config.storage.s3 ? `bucket ${config.storage.s3.bucket}` : config.storage.uploadsDir}`);
    const result = await restoreArchive(local.file, { handle, storage: getStorage(), key, force, onProgress: (step) => console.log(`  ${step}`) });
    console.log(`Restored the backup of ${result.createdAt}: ${result.tableRows} rows in ${result.tables.length} tables, ${result.fileCount} files (${mb(result.fileBytes)}).`);
    console.log(`  checksums checked in ${seconds(result.checkMs)}, restored in ${seconds(result.restoreMs)}; every table matches the archive.`);
    console.log("Start the site with npm start.");
  } catch (error) {
    if (error instanceof ArchiveError || error instanceof RestoreRefused) fail(error.message);
    throw error;
  } finally {
    await handle.close();
    await local.cleanup();
  }
}

try {
  if (command === "backup" && args.includes("--list")) await list();
  else if (command === "backup") await backup();
  else if (command === "restore") await restore();
  else fail("Usage: tsx scripts/backup-cli.ts backup [--list] | restore ARCHIVE [--force]", 2);
} catch (error) {
  fail(`${command} failed: ${error instanceof ArchiveError ? error.message : error instanceof Error ? error.message.split("\nparams:")[0] : error}`);
}
