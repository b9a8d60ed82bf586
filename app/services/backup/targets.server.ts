/**
 * Where archives are kept: a folder (BACKUP_DIR, default DATA_DIR/backups) or an S3 bucket
 * (BACKUP_S3_*). An archive is first written to a local work folder, then stored whole.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { backupTimeFromName } from "~/lib/backup-retention";
import { createS3Client, type S3Settings } from "../storage/s3.server";

export interface StoredBackup {
  name: string;
  size: number;
}

export interface BackupTarget {
  /** Shown to the owner: the folder, or s3://bucket/prefix. */
  location: string;
  /** A local folder for the archive being written (and for archives fetched to restore). */
  workDir: string;
  store(tempFile: string, name: string): Promise<void>;
  /** Backups only (names made by backupFileName), newest first. */
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
  /** A local path to read the archive from (downloaded into workDir for S3). */
  fetch(name: string): Promise<{ file: string; cleanup(): Promise<void> }>;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

export function folderTarget(dir: string): BackupTarget {
  return {
    location: dir,
    workDir: dir,
    async store(tempFile, name) {
      await fsp.rename(tempFile, path.join(dir, name));
    },
    async list() {
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const found: StoredBackup[] = [];
      for (const name of names) {
        if (!backupTimeFromName(name)) continue;
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) found.push({ name, size: stat.size });
      }
      return found.sort(newestFirst);
    },
    async remove(name) {
      await fsp.rm(path.join(dir, name), { force: true });
    },
    async fetch(name) {
      return { file: path.join(dir, name), cleanup: async () => {} };
    },
  };
}

export interface BackupS3Settings extends S3Settings {
  prefix: string;
}

export function s3Target(settings: BackupS3Settings, workDir: string): BackupTarget {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  return {
    location: `s3://${Bucket}/${prefix}`,
    workDir,
    async store(tempFile, name) {
      try {
        const size = (await fsp.stat(tempFile)).size;
        // One PUT takes up to 5 GB, far more than a shop's database and uploads compress to.
        await client.send(
          new PutObjectCommand({ Bucket, Key: `${prefix}${name}`, Body: fs.createReadStream(tempFile), ContentLength: size, ContentType: "application/octet-stream" }),
        );
      } finally {
        await fsp.rm(tempFile, { force: true });
      }
    },
    async list() {
      const found: StoredBackup[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          const name = item.Key?.slice(prefix.length) ?? "";
          if (backupTimeFromName(name)) found.push({ name, size: item.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort(newestFirst);
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${prefix}${name}` }));
    },
    async fetch(name) {
      await fsp.mkdir(workDir, { recursive: true });
      const file = path.join(workDir, `.fetch-${process.pid}-${name}`);
      const result = await client.send(new GetObjectCommand({ Bucket, Key: `${prefix}${name}` }));
      await pipeline(result.Body as Readable, fs.createWriteStream(file, { mode: 0o600 }));
      return { file, cleanup: () => fsp.rm(file, { force: true }) };
    },
  };
}

export interface BackupSettings {
  dir: string;
  s3?: BackupS3Settings;
}

/** The configured target: the bucket when BACKUP_S3_BUCKET is set, otherwise the folder. */
export function backupTarget(settings: BackupSettings): BackupTarget {
  return settings.s3 ? s3Target(settings.s3, settings.dir) : folderTarget(settings.dir);
}
