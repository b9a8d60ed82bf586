/**
 * The site's own backups: the configured target and key, the nightly schedule (one process
 * takes it, under the backup advisory lock), and backups asked for by `npm run backup` while the
 * site runs on the embedded database (the command cannot open a PGlite folder the site owns, so
 * it asks the running site through /internal/backup, authenticated with backupCommandToken).
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { getDatabaseHandle } from "../../../db/client";
import { getConfig, type Config } from "~/config.server";
import { backupDue } from "~/lib/backup-retention";
import { log } from "~/log.server";
import { every } from "../schedule.server";
import { getStorage } from "../storage.server";
import { parseBackupKey } from "./archive.server";
import { lastBackups, runBackupExclusive, type BackupOptions, type BackupResult } from "./backup.server";
import { backupTarget } from "./targets.server";

export function configuredBackup(config: Config = getConfig()) {
  return {
    target: backupTarget(config.backup),
    key: config.backup.key ? parseBackupKey(config.backup.key) : undefined,
  };
}

/** The token `npm run backup` shows the running site: only who can read its secret has it. */
export function backupCommandToken(config: Config = getConfig()): string {
  return createHmac("sha256", config.sessionSecret).update("academy backup command v1").digest("base64url");
}

export function isBackupCommandToken(header: string | null, config: Config = getConfig()): boolean {
  const given = Buffer.from((header ?? "").replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(backupCommandToken(config));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function options(trigger: BackupOptions["trigger"]): BackupOptions {
  const handle = getDatabaseHandle();
  if (!handle) throw new Error("The database is not open yet");
  return { handle, storage: getStorage(), ...configuredBackup(), trigger };
}

type Job = { state: "running" } | { state: "done"; result: BackupResult | null } | { state: "failed"; error: string };
const jobs = new Map<string, Job>();

/** Starts a backup in the background (or joins the one running); the id is polled with backupJob. */
export function startBackupJob(): string {
  const id = randomUUID();
  jobs.set(id, { state: "running" });
  runBackupExclusive(options("manual")).then(
    (result) => jobs.set(id, { state: "done", result }),
    (error: unknown) => jobs.set(id, { state: "failed", error: error instanceof Error ? error.message : String(error) }),
  );
  // Forget finished jobs after an hour.
  setTimeout(() => jobs.delete(id), 3600_000).unref();
  return id;
}

export function backupJob(id: string): Job | undefined {
  return jobs.get(id);
}

/** One nightly check: takes the backup when due (BACKUP_HOUR, Romanian time). */
export async function nightlyBackupTick(now = new Date()): Promise<BackupResult | null> {
  const config = getConfig();
  const handle = getDatabaseHandle();
  if (!config.backup.nightly || !handle) return null;
  const last = await lastBackups(handle.db);
  const state = { successAt: last.success?.finishedAt ?? null, attemptAt: last.attempt?.finishedAt ?? null };
  if (!backupDue(now, config.backup.hour, state)) return null;
  const result = await runBackupExclusive({ ...options("nightly"), now: () => now });
  if (result) log.info("backup taken", { file: result.fileName, bytes: result.sizeBytes, ms: result.durationMs, deleted: result.deleted.length });
  return result;
}

/** Checks every 10 minutes (first 3 minutes after start) whether tonight's backup is due. */
export function startNightlyBackups(intervalMs = 10 * 60_000): () => void {
  return every("nightly backup", intervalMs, 3 * 60_000, async () => {
    await nightlyBackupTick();
  });
}
