/**
 * Alerts to the owner (docs/product.md §10): when one of /admin/sistem's checks turns bad, ONE
 * e-mail (through the mail outbox, to ALERTS' address) and, when ALERT_WEBHOOK_URL is set, one
 * POST; nothing more while it stays bad; a "rezolvat" e-mail when it clears; a daily digest
 * while anything is still open. The state lives in `system_alerts`, one row per check, changed
 * in the same transaction as the mails it queues. One process of the cluster runs the job
 * (advisory lock).
 */
import { eq } from "drizzle-orm";
import { getDatabaseHandle, getDb } from "../../db/client";
import { LOCK_IDS } from "../../db/locks";
import { systemAlerts } from "../../db/schema";
import { getConfig } from "~/config.server";
import { formatDateTime } from "~/lib/dates";
import { SYSTEM_CHECK_KEYS, type SystemCheck } from "~/lib/system-checks";
import { log } from "~/log.server";
import { enqueueMail, kickOutbox } from "~/services/mail-outbox.server";
import type { MailMessage } from "~/services/mail.server";
import { every } from "~/services/schedule.server";
import { markCrashLoopChecked } from "./crash-loop.server";
import { escapeHtml, renderMail } from "./mail-templates.server";
import { systemChecks, type CheckOptions } from "./system-status.server";

export const ALERTS_LOCK_ID = LOCK_IDS.alerts;
/** A digest of what is still open goes out when the last mail about it is this old. */
export const DIGEST_AFTER_MS = 24 * 3600_000;

export type AlertEvent = { event: "problem" | "resolved" | "digest"; key: string; title: string; summary: string };

export interface AlertRun {
  opened: string[];
  resolved: string[];
  digest: boolean;
  mails: number;
}

export interface AlertOptions extends CheckOptions {
  /** Where webhook events go (tests); a POST to ALERT_WEBHOOK_URL otherwise. */
  postWebhook?: (events: AlertEvent[]) => Promise<void>;
}

/** The open alerts, oldest first (the system page lists them). */
export async function openAlerts() {
  const rows = await getDb().select().from(systemAlerts).where(eq(systemAlerts.status, "open"));
  return rows.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime());
}

/** One pass: compares the checks with the stored state, queues the mails, posts the webhook. */
export async function runAlerts(options: AlertOptions = {}): Promise<AlertRun> {
  const now = options.now ?? new Date();
  const config = getConfig();
  const checks = await systemChecks({ ...options, now });
  const bad = new Map(checks.filter((c) => c.level === "bad").map((c) => [c.key, c]));
  const titles = new Map(checks.map((c) => [c.key as string, c.title]));
  const run: AlertRun = { opened: [], resolved: [], digest: false, mails: 0 };
  const events: AlertEvent[] = [];

  await getDb().transaction(async (tx) => {
    const rows = new Map((await tx.select().from(systemAlerts).for("update")).map((r) => [r.key, r]));
    const mails: MailMessage[] = [];
    for (const check of bad.values()) {
      const row = rows.get(check.key);
      if (row?.status === "open") {
        if (row.summary !== check.summary) await tx.update(systemAlerts).set({ summary: check.summary }).where(eq(systemAlerts.key, check.key));
        continue;
      }
      const values = { status: "open" as const, summary: check.summary, openedAt: now, notifiedAt: now, resolvedAt: null };
      await tx.insert(systemAlerts).values({ key: check.key, ...values }).onConflictDoUpdate({ target: systemAlerts.key, set: values });
      mails.push(problemMail(config.alerts.email, check));
      events.push({ event: "problem", key: check.key, title: check.title, summary: check.summary });
      run.opened.push(check.key);
    }
    for (const row of rows.values()) {
      if (row.status !== "open" || bad.has(row.key as SystemCheck["key"])) continue;
      await tx.update(systemAlerts).set({ status: "resolved", resolvedAt: now }).where(eq(systemAlerts.key, row.key));
      const title = titles.get(row.key) ?? row.key;
      mails.push(resolvedMail(config.alerts.email, title, row.summary, row.openedAt));
      events.push({ event: "resolved", key: row.key, title, summary: row.summary });
      run.resolved.push(row.key);
    }
    // The daily digest: everything still open, once the last mail about any of it is a day old.
    const stillOpen = [...rows.values()].filter((r) => r.status === "open" && bad.has(r.key as SystemCheck["key"]));
    if (stillOpen.length > 0 && stillOpen.some((r) => now.getTime() - r.notifiedAt.getTime() >= DIGEST_AFTER_MS)) {
      const open = [...bad.values()];
      mails.push(digestMail(config.alerts.email, open));
      for (const check of open) events.push({ event: "digest", key: check.key, title: check.title, summary: check.summary });
      await tx.update(systemAlerts).set({ notifiedAt: now }).where(eq(systemAlerts.status, "open"));
      run.digest = true;
    }
    if (mails.length) await enqueueMail(tx, mails);
    run.mails = mails.length;
  });

  if (run.mails) kickOutbox();
  if (events.length && (options.postWebhook || config.alerts.webhookUrl)) {
    await (options.postWebhook ?? postWebhook)(events).catch((error: unknown) => log.warn("alert webhook failed", { error: String(error) }));
  }
  return run;
}

async function postWebhook(events: AlertEvent[]): Promise<void> {
  const { webhookUrl } = getConfig().alerts;
  if (!webhookUrl) return;
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ site: getConfig().publicUrl, events, text: events.map((e) => `${webhookLabel(e.event)}: ${e.title} – ${e.summary}`).join("\n") }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

const webhookLabel = (event: AlertEvent["event"]) => ({ problem: "Problemă", resolved: "Rezolvat", digest: "Încă deschis" })[event];

function systemPageAction() {
  return { label: "Deschide pagina Sistem", url: `${getConfig().publicUrl}/admin/sistem` };
}

function problemMail(to: string, check: SystemCheck): MailMessage {
  const facts = check.facts.map((f) => `${f.label}: ${f.value}`);
  const lines = [check.summary, ...facts, ...(check.advice ? [`Ce este de făcut: ${check.advice}`] : [])];
  return renderMail(to, `Problemă pe site: ${check.title}`, {
    title: `Problemă: ${check.title}`,
    bodyHtml: lines.map((l) => `<p style="margin:0 0 14px">${escapeHtml(l)}</p>`).join("\n") + `<p style="margin:0 0 14px">Nu mai primiți alt e-mail despre aceasta până nu se rezolvă (cel mult un rezumat pe zi).</p>`,
    bodyText: `${lines.join("\n\n")}\n\nNu mai primiți alt e-mail despre aceasta până nu se rezolvă (cel mult un rezumat pe zi).`,
    action: systemPageAction(),
  });
}

function resolvedMail(to: string, title: string, summary: string, openedAt: Date): MailMessage {
  const lines = [`Problema s-a rezolvat: ${summary}`, `Era deschisă din ${formatDateTime(openedAt)}.`];
  return renderMail(to, `Rezolvat: ${title}`, {
    title: `Rezolvat: ${title}`,
    bodyHtml: lines.map((l) => `<p style="margin:0 0 14px">${escapeHtml(l)}</p>`).join("\n"),
    bodyText: lines.join("\n\n"),
    action: systemPageAction(),
  });
}

function digestMail(to: string, open: SystemCheck[]): MailMessage {
  const ordered = [...open].sort((a, b) => SYSTEM_CHECK_KEYS.indexOf(a.key) - SYSTEM_CHECK_KEYS.indexOf(b.key));
  const lines = ordered.map((c) => `${c.title}: ${c.summary}${c.advice ? ` Ce este de făcut: ${c.advice}` : ""}`);
  const subject = open.length === 1 ? `Încă nerezolvat: ${open[0].title}` : `Încă nerezolvate: ${open.length} probleme pe site`;
  return renderMail(to, subject, {
    title: "Probleme încă deschise",
    bodyHtml: `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
    bodyText: lines.map((l) => `- ${l}`).join("\n"),
    action: systemPageAction(),
  });
}

/**
 * The owner checked the last crash loop (/admin/sistem, „Am verificat”): its check is in order
 * again, and the alert run that follows at once mails „Rezolvat” (instead of within 5 minutes).
 */
export async function crashLoopChecked(options: AlertOptions = {}): Promise<boolean> {
  if (!markCrashLoopChecked(options.now)) return false;
  const handle = getDatabaseHandle();
  if (handle && getConfig().alerts.enabled) {
    await handle.tryWithLock(ALERTS_LOCK_ID, () => runAlerts(options)).catch((error: unknown) => log.warn("alerts after the crash-loop check failed", { error: String(error) }));
  }
  return true;
}

/** Every 5 minutes (first run 4 minutes after start), in one process of the cluster. */
export function startAlerts(intervalMs = 5 * 60_000): () => void {
  return every("alerts", intervalMs, 4 * 60_000, async () => {
    const handle = getDatabaseHandle();
    if (!handle || !getConfig().alerts.enabled) return;
    const result = await handle.tryWithLock(ALERTS_LOCK_ID, () => runAlerts());
    if (result && (result.opened.length || result.resolved.length || result.digest)) log.info("alerts", { opened: result.opened.join(","), resolved: result.resolved.join(","), digest: result.digest });
  });
}
