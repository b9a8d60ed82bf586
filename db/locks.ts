/**
 * PostgreSQL advisory lock ids (`DatabaseHandle.tryWithLock`, `withStartupLock`): one per job that
 * must run in a single process of the cluster. Kept in one place so that no two jobs share a
 * lock: a shared id makes one job skip its run whenever the other holds the lock (retention and
 * the session reminders once did). tests/unit/locks.test.ts checks they differ.
 */
export const LOCK_IDS = {
  /** Migrations and the first seed, at start-up (db/client.ts). */
  startup: 7_204_118_001,
  /** The e-Factura upload and status worker (models/efactura.server.ts). */
  efactura: 7_204_118_024,
  /** Backups, nightly or asked for (services/backup/backup.server.ts). */
  backup: 7_204_118_029,
  /** The system alerts check (models/system-alerts.server.ts). */
  alerts: 7_204_118_030,
  /** Retention: expired sessions, rate-limit windows, reset links, anonymised orders. */
  retention: 7_204_118_031,
  /** Reminders before an in-person session (models/session-reminders.server.ts). */
  sessionReminders: 7_204_118_032,
  /** Missing picture variants made for existing catalogue images (models/media.server.ts). */
  imageVariants: 7_204_118_033,
} as const;
