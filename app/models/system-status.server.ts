/**
 * The owner's system checks (docs/product.md §10): last backup, mail outbox, refused payment
 * notifications, payments waiting too long, e-Factura deadlines, the data folder's disk, a crash
 * loop the supervisor recorded. Read by
 * /admin/sistem and by the alert job (system-alerts.server.ts). Counts and times only: no
 * personal data leaves here (the alerts mail it).
 */
import fs from "node:fs";
import { and, count, desc, eq, gte, inArray, lt, min, notExists, sql } from "drizzle-orm";
import { getDatabaseHandle, getDb } from "../../db/client";
import { backupRuns, invoices, mailOutbox, orders, paymentNotifications, users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { formatDateTime } from "~/lib/dates";
import { SYSTEM_LIMITS, formatBytes, formatDuration, type SystemCheck, type SystemRuntime, type WorkerView } from "~/lib/system-checks";
import { deadlineText } from "~/lib/working-days";
import { clusterWorkers, processVersion, type SupervisorChannel } from "~/services/cluster-workers.server";
import { scrubPersonalData } from "~/lib/scrub";
import { readCrashLoop } from "./crash-loop.server";
import { documentsAtRisk } from "./efactura-deadlines.server";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface DiskUsage {
  totalBytes: number;
  freeBytes: number;
}

export interface CheckOptions {
  now?: Date;
  /** The disk figures (tests); read from DATA_DIR otherwise. */
  disk?: DiskUsage | null;
}

/** All checks, in SYSTEM_CHECK_KEYS order. */
export async function systemChecks(options: CheckOptions = {}): Promise<SystemCheck[]> {
  const now = options.now ?? new Date();
  const disk = options.disk === undefined ? await dataDiskUsage() : options.disk;
  return [await backupCheck(now), await mailCheck(now), await ipnCheck(now), await paymentsCheck(now), await efacturaCheck(now), diskCheck(disk), crashLoopCheck()];
}

async function backupCheck(now: Date): Promise<SystemCheck> {
  const db = getDb();
  const [success] = await db.select().from(backupRuns).where(eq(backupRuns.ok, true)).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const [attempt] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1);
  const config = getConfig();
  const base = { key: "backup" as const, title: "Copia de siguranță" };
  const facts = [
    { label: "Ultima copie reușită", value: success ? `${formatDateTime(success.finishedAt)} (acum ${formatDuration(now.getTime() - success.finishedAt.getTime())})` : "niciuna" },
    ...(success ? [{ label: "Mărime", value: formatBytes(success.sizeBytes ?? 0) }, { label: "Unde", value: success.location }] : []),
    { label: "Copia de noapte", value: config.backup.nightly ? `după ora ${config.backup.hour}:00 (ora României)` : "oprită (BACKUP_NIGHTLY=0)" },
  ];
  const tooOld = `Nicio copie reușită în ultimele ${SYSTEM_LIMITS.backupMaxAgeHours} de ore.`;
  if (attempt && !attempt.ok) {
    facts.push({ label: "Ultima încercare", value: `${formatDateTime(attempt.finishedAt)}: ${attempt.error ?? "eșuată"}` });
    return { ...base, level: "bad", summary: "Ultima copie de siguranță a eșuat.", facts, advice: "Verificați spațiul liber și setările BACKUP_* (README, „Backups and restore”), apoi rulați „npm run backup” pe server." };
  }
  if (success && now.getTime() - success.finishedAt.getTime() <= SYSTEM_LIMITS.backupMaxAgeHours * HOUR) {
    return { ...base, level: "ok", summary: "Copia de siguranță este la zi.", facts, advice: null };
  }
  if (!success) {
    // A new site has none until its first night: bad only once it has run longer than the limit.
    const [first] = await db.select({ at: min(users.createdAt) }).from(users);
    const since = first?.at ?? now;
    if (now.getTime() - since.getTime() <= SYSTEM_LIMITS.backupMaxAgeHours * HOUR) {
      return { ...base, level: "warn", summary: "Nu există încă nicio copie de siguranță; prima se face în noaptea aceasta.", facts, advice: "Puteți face una acum cu „npm run backup” pe server." };
    }
  }
  return { ...base, level: "bad", summary: tooOld, facts, advice: "Rulați „npm run backup” pe server; dacă nu reușește, mesajul lui spune de ce. Verificați și că BACKUP_NIGHTLY nu este oprit." };
}

async function mailCheck(now: Date): Promise<SystemCheck> {
  const db = getDb();
  const [waiting] = await db
    .select({ n: count(), oldest: min(mailOutbox.createdAt), failing: sql<number>`count(*) filter (where ${mailOutbox.lastError} is not null)`.mapWith(Number) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ["pending", "claimed", "sending"]));
  const [failed] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "failed"));
  const [lastError] = await db
    .select({ error: mailOutbox.lastError })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["pending", "claimed", "sending"]), sql`${mailOutbox.lastError} is not null`))
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1);
  const age = waiting.oldest ? now.getTime() - waiting.oldest.getTime() : 0;
  const facts = [
    { label: "În așteptare", value: String(waiting.n) },
    { label: "Cu erori la trimitere", value: String(waiting.failing + failed.n) },
    { label: "Cel mai vechi neexpediat", value: waiting.oldest ? `${formatDateTime(waiting.oldest)} (acum ${formatDuration(age)})` : "—" },
    ...(lastError?.error ? [{ label: "Ultima eroare", value: lastError.error.slice(0, 200) }] : []),
  ];
  const base = { key: "mail" as const, title: "E-mailurile" };
  const stuck = waiting.oldest !== null && age > SYSTEM_LIMITS.mailStuckMinutes * 60_000;
  if (stuck || failed.n > 0) {
    return {
      ...base,
      level: "bad",
      summary: stuck ? `Un e-mail așteaptă de peste ${SYSTEM_LIMITS.mailStuckMinutes} de minute să plece.` : "Unele e-mailuri nu au putut fi trimise.",
      facts,
      advice: "Verificați SMTP_URL și contul de e-mail (parolă, limită de trimitere). Mesajele rămân în coadă și pleacă singure când trimiterea merge din nou.",
    };
  }
  if (waiting.failing > 0) return { ...base, level: "warn", summary: "Trimiterea unor e-mailuri se reîncearcă.", facts, advice: "Dacă durează, verificați SMTP_URL." };
  return { ...base, level: "ok", summary: "E-mailurile pleacă.", facts, advice: null };
}

async function ipnCheck(now: Date): Promise<SystemCheck> {
  const since = new Date(now.getTime() - SYSTEM_LIMITS.ipnWindowHours * HOUR);
  const [refused] = await getDb()
    .select({ n: count(), last: sql<Date | null>`max(${paymentNotifications.receivedAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(paymentNotifications)
    .where(and(inArray(paymentNotifications.outcome, ["rejected", "error"]), gte(paymentNotifications.receivedAt, since)));
  const facts = [
    { label: `Refuzate în ultimele ${SYSTEM_LIMITS.ipnWindowHours} de ore`, value: String(refused.n) },
    { label: "Ultima refuzată", value: refused.last ? formatDateTime(refused.last) : "—" },
  ];
  const base = { key: "ipn" as const, title: "Notificările de plată cu cardul" };
  if (refused.n > 0) {
    return {
      ...base,
      level: "bad",
      summary: `${refused.n === 1 ? "O notificare" : `${refused.n} notificări`} de plată de la procesator ${refused.n === 1 ? "a fost refuzată" : "au fost refuzate"}.`,
      facts,
      advice: "Verificați cheile NETOPIA_* (certificat, cheie privată, semnătură) și comparați plățile din contul NETOPIA cu comenzile; o plată reușită neconfirmată se confirmă din pagina comenzii.",
    };
  }
  return { ...base, level: "ok", summary: "Nicio notificare refuzată.", facts, advice: null };
}

async function paymentsCheck(now: Date): Promise<SystemCheck> {
  const db = getDb();
  const transferBefore = new Date(now.getTime() - SYSTEM_LIMITS.transferWaitDays * DAY);
  const [transfers] = await db
    .select({ n: count(), oldest: min(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_transfer"), lt(orders.createdAt, transferBefore)));
  const cardBefore = new Date(now.getTime() - SYSTEM_LIMITS.cardWaitHours * HOUR);
  const [cards] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.status, "awaiting_payment"),
        lt(orders.createdAt, cardBefore),
        notExists(db.select({ one: sql`1` }).from(paymentNotifications).where(eq(paymentNotifications.orderId, orders.id))),
      ),
    );
  const facts = [
    { label: `Transferuri bancare așteptate de peste ${SYSTEM_LIMITS.transferWaitDays} zile`, value: String(transfers.n) },
    ...(transfers.oldest ? [{ label: "Cea mai veche", value: `${formatDateTime(transfers.oldest)} (acum ${formatDuration(now.getTime() - transfers.oldest.getTime())})` }] : []),
    { label: `Plăți cu cardul fără niciun răspuns de la procesator de peste ${SYSTEM_LIMITS.cardWaitHours} ore`, value: String(cards.n) },
  ];
  const base = { key: "payments" as const, title: "Plățile în așteptare" };
  if (transfers.n > 0) {
    return {
      ...base,
      level: "bad",
      summary: `${transfers.n === 1 ? "O comandă așteaptă" : `${transfers.n} comenzi așteaptă`} transferul bancar de peste ${SYSTEM_LIMITS.transferWaitDays} zile.`,
      facts,
      advice: "Verificați extrasul de cont: confirmați plata din pagina comenzii (Comenzi → În așteptare) sau anulați comanda dacă banii nu au venit.",
    };
  }
  if (cards.n > 0) {
    return { ...base, level: "warn", summary: "Unele plăți cu cardul nu au primit niciun răspuns de la procesator.", facts, advice: "De obicei clientul a abandonat plata. Dacă vedeți plata în contul NETOPIA, confirmați-o din pagina comenzii." };
  }
  return { ...base, level: "ok", summary: "Nicio plată nu așteaptă prea mult.", facts, advice: null };
}

async function efacturaCheck(now: Date): Promise<SystemCheck> {
  const [counts] = await getDb()
    .select({
      pending: sql<number>`count(*) filter (where ${invoices.efacturaStatus} = 'pending')`.mapWith(Number),
      uploaded: sql<number>`count(*) filter (where ${invoices.efacturaStatus} = 'uploaded')`.mapWith(Number),
    })
    .from(invoices);
  const atRisk = await documentsAtRisk(now, 5);
  const rejected = atRisk.filter((d) => d.status === "rejected");
  const urgent = atRisk.filter((d) => d.status !== "rejected" && d.daysLeft <= SYSTEM_LIMITS.efacturaDaysLeft);
  const facts = [
    { label: "De transmis", value: String(counts.pending) },
    { label: "Trimise, fără răspuns încă", value: String(counts.uploaded) },
    { label: "Respinse de ANAF, necorectate", value: String(rejected.length) },
    ...[...rejected, ...urgent].slice(0, 5).map((d) => ({ label: d.number, value: `${d.status === "rejected" ? "respinsă" : "netransmisă"} – ${deadlineText(d)}` })),
  ];
  const base = { key: "efactura" as const, title: "e-Factura" };
  if (rejected.length > 0 || urgent.length > 0) {
    return {
      ...base,
      level: "bad",
      summary: rejected.length > 0 ? "ANAF a respins documente care nu au fost încă corectate." : "Documente netransmise au termenul de 5 zile lucrătoare aproape.",
      facts,
      advice: "Deschideți Facturi: transmiteți documentele (verificați conexiunea cu ANAF) sau corectați-le pe cele respinse.",
    };
  }
  return { ...base, level: "ok", summary: "Niciun document aproape de termen.", facts, advice: null };
}

function diskCheck(disk: DiskUsage | null): SystemCheck {
  const base = { key: "disk" as const, title: "Spațiul pe disc (folderul de date)" };
  const folder = { label: "Folder", value: getConfig().dataDir };
  if (!disk || disk.totalBytes <= 0) return { ...base, level: "warn", summary: "Spațiul liber nu a putut fi citit.", facts: [folder], advice: null };
  const usedPercent = Math.round(((disk.totalBytes - disk.freeBytes) / disk.totalBytes) * 100);
  const facts = [folder, { label: "Ocupat", value: `${usedPercent} %` }, { label: "Liber", value: `${formatBytes(disk.freeBytes)} din ${formatBytes(disk.totalBytes)}` }];
  if (usedPercent > SYSTEM_LIMITS.diskMaxPercent) {
    return { ...base, level: "bad", summary: `Discul este ocupat peste ${SYSTEM_LIMITS.diskMaxPercent} %.`, facts, advice: "Eliberați spațiu sau măriți discul; copiile de siguranță vechi se pot muta în altă parte (BACKUP_DIR sau BACKUP_S3_BUCKET)." };
  }
  return { ...base, level: "ok", summary: "Spațiu suficient.", facts, advice: null };
}

/**
 * The supervisor stopped the site because its processes kept dying (scripts/start.mjs, recorded
 * in DATA_DIR/crash-loop.json): a problem until the owner marks it as checked on the page.
 */
function crashLoopCheck(): SystemCheck {
  const base = { key: "crashloop" as const, title: "Procesele serverului" };
  const loop = readCrashLoop();
  if (!loop) return { ...base, level: "ok", summary: "Site-ul nu s-a oprit niciodată din cauza căderilor repetate.", facts: [], advice: null };
  const facts = [
    { label: "Ultima oprire", value: `${formatDateTime(loop.at)}: ${loop.deaths} căderi în ${loop.windowSeconds} de secunde` },
    ...(loop.reasons.length ? [{ label: "Motivele ultimelor căderi", value: loop.reasons.map((r) => scrubPersonalData(r, 160)).join(" · ") }] : []),
  ];
  if (loop.checkedAt) {
    facts.push({ label: "Verificată", value: formatDateTime(loop.checkedAt) });
    return { ...base, level: "ok", summary: "Nicio oprire nouă din cauza căderilor repetate.", facts, advice: null };
  }
  if (loop.times > 1) facts.push({ label: "Opriri de la ultima verificare", value: String(loop.times) });
  return {
    ...base,
    level: "bad",
    summary: `Site-ul s-a oprit singur la ${formatDateTime(loop.at)}: procesele lui au căzut de ${loop.deaths} ori în ${loop.windowSeconds} de secunde.`,
    facts,
    advice:
      "Site-ul a fost pornit din nou, dar cauza poate reveni. Citiți motivele de mai sus și jurnalul serverului (de obicei o actualizare nereușită sau o setare greșită: DATABASE_URL, spațiul pe disc, memoria); după ce ați remediat cauza, apăsați „Am verificat” în pagina Sistem.",
  };
}

/** The disk holding DATA_DIR (free: what this process may still write). */
export async function dataDiskUsage(): Promise<DiskUsage | null> {
  try {
    const stats = await fs.promises.statfs(getConfig().dataDir);
    return { totalBytes: stats.blocks * stats.bsize, freeBytes: stats.bavail * stats.bsize };
  } catch {
    return null;
  }
}

/** This process: the site's version (package.json), how long it has run, the database kind. */
export function systemRuntime(): SystemRuntime {
  return {
    version: processVersion,
    pid: process.pid,
    uptime: formatDuration(process.uptime() * 1000),
    node: process.version,
    database: getDatabaseHandle()?.kind === "postgres" ? "PostgreSQL" : "PGlite",
  };
}

/** Every process of the cluster (asked of the supervisor), serving ones first: start, uptime, version. */
export async function systemWorkers(now = new Date(), channel?: SupervisorChannel | null): Promise<WorkerView[]> {
  const workers = await clusterWorkers(channel);
  return workers.map((w) => {
    const known = !Number.isNaN(w.startedAt.getTime());
    return {
      pid: w.pid,
      role: w.role,
      startedAt: known ? formatDateTime(w.startedAt) : "—",
      uptime: known ? formatDuration(now.getTime() - w.startedAt.getTime()) : "—",
      version: w.version,
      current: w.pid === process.pid,
    };
  });
}
