/**
 * The owner's system checks (docs/product.md §10): what each check watches, when it turns bad,
 * and the view type /admin/sistem renders. Pure values; the figures come from
 * models/system-status.server.ts, the alert mails from models/system-alerts.server.ts.
 */

/** When a check turns bad. One place: the page, the alerts and the tests read these. */
export const SYSTEM_LIMITS = {
  /** The last good backup is older than this (the nightly one plus two hours of slack). */
  backupMaxAgeHours: 26,
  /** A mail still not sent this long after it was queued. */
  mailStuckMinutes: 30,
  /** Refused payment notifications (IPN) in this many past hours keep the check bad. */
  ipnWindowHours: 24,
  /** A bank-transfer order waiting for its payment longer than this. */
  transferWaitDays: 3,
  /** A card order without any notification from the processor after this long (shown, not alerted). */
  cardWaitHours: 2,
  /** e-Factura: a document this many working days (or fewer) before its deadline. */
  efacturaDaysLeft: 1,
  /** The disk holding DATA_DIR is fuller than this (percent). */
  diskMaxPercent: 85,
} as const;

/** The checks that can alert the owner, in the order the page shows them. */
export const SYSTEM_CHECK_KEYS = ["backup", "mail", "ipn", "payments", "efactura", "disk", "crashloop"] as const;
export type SystemCheckKey = (typeof SYSTEM_CHECK_KEYS)[number];

/** ok: nothing to do; warn: worth a look, no alert; bad: a problem (alerted). */
export type CheckLevel = "ok" | "warn" | "bad";

export interface SystemCheck {
  key: SystemCheckKey;
  title: string;
  level: CheckLevel;
  /** What the figures say, one sentence. */
  summary: string;
  /** Figures as label → value, shown as a list. */
  facts: Array<{ label: string; value: string }>;
  /** What to do when it is not ok. */
  advice: string | null;
}

export interface SystemRuntime {
  version: string;
  pid: number;
  uptime: string;
  node: string;
  database: "PGlite" | "PostgreSQL";
}

/** One process of the cluster as /admin/sistem lists it. */
export interface WorkerView {
  pid: number;
  /** "serving", the warm "spare", or "starting" (loading, not yet listening). */
  role: "serving" | "spare" | "starting";
  startedAt: string;
  uptime: string;
  version: string;
  /** The process that answered this page. */
  current: boolean;
}

export const WORKER_ROLE_LABELS: Record<WorkerView["role"], string> = { serving: "servește", spare: "de rezervă", starting: "pornește" };

export const LEVEL_LABELS: Record<CheckLevel, string> = { ok: "În regulă", warn: "De urmărit", bad: "Problemă" };

/** "3 zile 4 h", "2 h 05 min", "12 min": a duration for people. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? "zi" : "zile"} ${hours} h`;
  if (hours > 0) return `${hours} h ${String(rest).padStart(2, "0")} min`;
  return `${rest} min`;
}

/** "1,5 GB", "820 MB", "12 KB": a size for people (Romanian decimal comma). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 || value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(".", ",");
  return `${text} ${units[unit]}`;
}
