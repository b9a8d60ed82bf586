/**
 * Issue 29: the owner's system checks (/admin/sistem) and the alerts they drive. Each check is
 * made bad with real rows (a failed backup, a mail stuck in the outbox, a refused payment
 * notification, a transfer order waiting for days, a full disk), and each alert goes from the
 * problem to ONE e-mail, no second one while it stays bad, and "Rezolvat" when it clears; a
 * digest once a day while something stays open. Real database.
 */
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { backupRuns, invoices, mailOutbox, orders, paymentNotifications, systemAlerts } from "../../db/schema";
import { getConfig } from "~/config.server";
import { SYSTEM_LIMITS, type SystemCheckKey } from "~/lib/system-checks";
import { addCourseToCart } from "~/models/cart.server";
import { transitionOrder } from "~/models/order-status.server";
import { markCrashLoopChecked } from "~/models/crash-loop.server";
import { runAlerts, type AlertEvent } from "~/models/system-alerts.server";
import { systemChecks, type DiskUsage } from "~/models/system-status.server";
import { outboxIdle } from "~/services/mail-outbox.server";
import { cookieFor, createCourse, createUser, placeTransferOrder } from "../helpers/factories";
import { BASE, post } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";
import { recordCrashLoop } from "../../scripts/crash-loop.mjs";

const HOUR = 3600_000;
const HALF_FULL: DiskUsage = { totalBytes: 100 * 2 ** 30, freeBytes: 50 * 2 ** 30 };
const FULL: DiskUsage = { totalBytes: 100 * 2 ** 30, freeBytes: 5 * 2 ** 30 };

let disk = HALF_FULL;
let student: { id: string };

/** The alert mails queued so far (whatever the worker did with them since), oldest first. */
async function alertMails() {
  await outboxIdle();
  return getDb()
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, getConfig().alerts.email))
    .orderBy(mailOutbox.createdAt, mailOutbox.subject);
}

/** The alert mails queued since `before` (a list from alertMails), by subject. */
async function mailsSince(before: Array<{ id: string }>) {
  const seen = new Set(before.map((m) => m.id));
  return (await alertMails()).filter((m) => !seen.has(m.id));
}

/** The outbox worker's part for the alert mails (the test's own stuck mail stays as it is). */
async function markAllSent() {
  await outboxIdle();
  await getDb().update(mailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(mailOutbox.toAddress, getConfig().alerts.email));
}

async function levelOf(key: SystemCheckKey, now = new Date()) {
  const checks = await systemChecks({ now, disk });
  return checks.find((c) => c.key === key)!;
}

// Backup runs end in the order the test makes them, a second apart (a failed run made within a
// second of a good one used to sort before it, so the problem was not seen on a fast machine).
let finished = 0;
const nextFinish = () => new Date(Date.now() + ++finished * 1000);

/** Each check: how to make it bad, and how to fix it (as the owner would). */
const PROBLEMS: Record<SystemCheckKey, { title: string; make: () => Promise<void>; fix: () => Promise<void> }> = {
  backup: {
    title: "Copia de siguranță",
    make: async () => {
      await getDb().insert(backupRuns).values({ startedAt: new Date(Date.now() - 60_000), finishedAt: nextFinish(), ok: false, trigger: "nightly", location: "/tmp/copii", durationMs: 5, error: "No space left on device" });
    },
    fix: async () => {
      await getDb().insert(backupRuns).values({ startedAt: new Date(), finishedAt: nextFinish(), ok: true, trigger: "manual", location: "/tmp/copii", fileName: "backup-x.anabackup", sizeBytes: 2_500_000, durationMs: 900 });
    },
  },
  mail: {
    title: "E-mailurile",
    make: async () => {
      await getDb().insert(mailOutbox).values({ toAddress: "cursant@example.com", subject: "Blocat", textBody: "x", htmlBody: "x", attempts: 4, lastError: "connect ECONNREFUSED", createdAt: new Date(Date.now() - 2 * HOUR), nextAttemptAt: new Date(Date.now() + HOUR) });
    },
    fix: async () => {
      await getDb().update(mailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(mailOutbox.subject, "Blocat"));
    },
  },
  ipn: {
    title: "Notificările de plată cu cardul",
    make: async () => {
      await getDb().insert(paymentNotifications).values({ provider: "netopia", rawBody: "env_key=x", outcome: "rejected", message: "signature mismatch", receivedAt: new Date(Date.now() - 10 * 60_000) });
    },
    fix: async () => {
      // A day later the refusal is out of the window.
      await getDb().update(paymentNotifications).set({ receivedAt: new Date(Date.now() - (SYSTEM_LIMITS.ipnWindowHours + 1) * HOUR) });
    },
  },
  payments: {
    title: "Plățile în așteptare",
    make: async () => {
      const course = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
      await addCourseToCart(student.id, { courseId: course.course.id, priceOptionId: course.options[0].id });
      const order = await placeTransferOrder(student.id);
      await getDb().update(orders).set({ createdAt: new Date(Date.now() - (SYSTEM_LIMITS.transferWaitDays * 24 + 1) * HOUR) }).where(eq(orders.id, order.id));
    },
    fix: async () => {
      // The owner confirms the transfer.
      await getDb().update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.status, "awaiting_transfer"));
    },
  },
  efactura: {
    title: "e-Factura",
    make: async () => {
      // A paid order's invoice that nobody transmitted, issued 10 days ago: past its 5 working days.
      const course = await createCourse("online", {}, [{ days: null, amountBani: 34900 }]);
      await addCourseToCart(student.id, { courseId: course.course.id, priceOptionId: course.options[0].id });
      const order = await placeTransferOrder(student.id);
      await transitionOrder(order.id, "paid", { source: "admin" });
      const issuedOn = new Date(Date.now() - 10 * 24 * HOUR).toISOString().slice(0, 10);
      await getDb().update(invoices).set({ issuedOn, efacturaStatus: "pending" }).where(eq(invoices.orderId, order.id));
    },
    fix: async () => {
      // Transmitted and validated by ANAF.
      await getDb().update(invoices).set({ efacturaStatus: "validated" });
    },
  },
  disk: {
    title: "Spațiul pe disc (folderul de date)",
    make: async () => {
      disk = FULL;
    },
    fix: async () => {
      disk = HALF_FULL;
    },
  },
  crashloop: {
    title: "Procesele serverului",
    make: async () => {
      // What the supervisor writes before it stops a crash-looping site (scripts/start.mjs).
      recordCrashLoop(getConfig().dataDir, { deaths: 5, windowSeconds: 60, reasons: ["uncaught exception: boom"] });
    },
    fix: async () => {
      // The owner's „Am verificat” on the page.
      markCrashLoopChecked();
    },
  },
};

beforeAll(async () => {
  student = await createUser({ name: "Ioana Pop" });
  // A good backup, so that only the problem each test makes is open.
  await PROBLEMS.backup.fix();
});

afterEach(async () => {
  await markAllSent();
});

describe("system checks", () => {
  it("are all in order on a healthy site", async () => {
    const checks = await systemChecks({ disk: HALF_FULL });
    expect(checks.map((c) => [c.key, c.level])).toEqual([
      ["backup", "ok"],
      ["mail", "ok"],
      ["ipn", "ok"],
      ["payments", "ok"],
      ["efactura", "ok"],
      ["disk", "ok"],
      ["crashloop", "ok"],
    ]);
  });

  it("a new site without any backup yet is only a warning; a failed backup is a problem that says what to do", async () => {
    await getDb().delete(backupRuns);
    const fresh = await levelOf("backup");
    expect(fresh.level).toBe("warn");
    const later = await levelOf("backup", new Date(Date.now() + (SYSTEM_LIMITS.backupMaxAgeHours + 1) * HOUR));
    expect(later.level).toBe("bad");
    await PROBLEMS.backup.make();
    const failed = await levelOf("backup");
    expect(failed).toMatchObject({ level: "bad", summary: "Ultima copie de siguranță a eșuat." });
    expect(failed.facts.map((f) => f.value).join(" ")).toContain("No space left on device");
    expect(failed.advice).toContain("npm run backup");
    await PROBLEMS.backup.fix();
    expect((await levelOf("backup")).level).toBe("ok");
    // 26 hours later without a new one it is a problem again.
    expect((await levelOf("backup", new Date(Date.now() + (SYSTEM_LIMITS.backupMaxAgeHours + 1) * HOUR))).level).toBe("bad");
  });

  it("the page shows the checks to the admin, without JavaScript", async () => {
    const handle = await remixHandler();
    const admin = await createUser({ role: "admin" });
    await PROBLEMS.payments.make();
    const response = await handle(new Request(`${BASE}/admin/sistem`, { headers: { Cookie: await cookieFor(admin.id) } }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Starea sistemului");
    expect(html).toContain("O comandă așteaptă transferul bancar de peste 3 zile.");
    expect(html).toContain("Ce este de făcut:");
    expect(html).not.toContain('src="/build/'); // no script: the page is read-only
    await PROBLEMS.payments.fix();
    const guest = await handle(new Request(`${BASE}/admin/sistem`));
    expect(guest.status).toBe(302);
    const student2 = await createUser();
    const refused = await handle(new Request(`${BASE}/admin/sistem`, { headers: { Cookie: await cookieFor(student2.id) } }));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
  });
});

describe("alerts", () => {
  it.each(Object.entries(PROBLEMS))("%s: problem → one e-mail and one webhook call, still bad → nothing, cleared → „Rezolvat”", async (key, problem) => {
    const events: AlertEvent[] = [];
    const postWebhook = async (list: AlertEvent[]) => void events.push(...list);
    const before = await alertMails();

    await problem.make();
    const first = await runAlerts({ disk, postWebhook });
    expect(first.opened).toEqual([key]);
    let mails = await mailsSince(before);
    expect(mails.map((m) => m.subject)).toEqual([`Problemă pe site: ${problem.title}`]);
    expect(mails[0].text).toContain("Ce este de făcut:");
    expect(events).toEqual([expect.objectContaining({ event: "problem", key })]);
    await markAllSent();

    const again = await runAlerts({ disk, postWebhook });
    expect(again).toEqual({ opened: [], resolved: [], digest: false, mails: 0 });
    expect(await mailsSince(before)).toHaveLength(1);

    await problem.fix();
    const cleared = await runAlerts({ disk, postWebhook });
    expect(cleared.resolved).toEqual([key]);
    mails = await mailsSince(before);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Problemă pe site: ${problem.title}`, `Rezolvat: ${problem.title}`]);
    expect(events.map((e) => e.event)).toEqual(["problem", "resolved"]);
    const [row] = await getDb().select().from(systemAlerts).where(eq(systemAlerts.key, key));
    expect(row.status).toBe("resolved");

    // Quiet again afterwards.
    expect((await runAlerts({ disk, postWebhook })).mails).toBe(0);
  });

  it("sends a daily digest while problems stay open, then nothing more that day", async () => {
    await PROBLEMS.payments.make();
    await PROBLEMS.ipn.make();
    const first = await runAlerts({ disk });
    expect(first.opened.sort()).toEqual(["ipn", "payments"]);
    await markAllSent();
    const before = await alertMails();

    const sameDay = await runAlerts({ disk, now: new Date(Date.now() + 12 * HOUR) });
    expect(sameDay.mails).toBe(0);
    // A day later (the backup taken that night, the refusal still inside its window).
    const nextDay = new Date(Date.now() + 24 * HOUR + 10 * 60_000);
    await getDb().insert(backupRuns).values({ startedAt: new Date(nextDay.getTime() - 2 * HOUR), finishedAt: new Date(nextDay.getTime() - 2 * HOUR), ok: true, trigger: "nightly", location: "/tmp/copii", fileName: "backup-y.anabackup", sizeBytes: 2_600_000, durationMs: 950 });
    await getDb().update(paymentNotifications).set({ receivedAt: new Date(nextDay.getTime() - HOUR) });
    const digest = await runAlerts({ disk, now: nextDay });
    expect(digest).toMatchObject({ opened: [], resolved: [], digest: true, mails: 1 });
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.subject)).toEqual(["Încă nerezolvate: 2 probleme pe site"]);
    expect(mails[0].text).toContain("Notificările de plată cu cardul");
    expect(mails[0].text).toContain("Plățile în așteptare");
    await markAllSent();
    expect((await runAlerts({ disk, now: new Date(nextDay.getTime() + 10 * 60_000) })).mails).toBe(0);

    await PROBLEMS.payments.fix();
    await PROBLEMS.ipn.fix();
    const cleared = await runAlerts({ disk, now: new Date(nextDay.getTime() + 20 * 60_000) });
    expect(cleared.resolved.sort()).toEqual(["ipn", "payments"]);
    const open = await getDb().select().from(systemAlerts).where(inArray(systemAlerts.status, ["open"]));
    expect(open).toEqual([]);
  });
});

describe("crash loop (recorded by the supervisor, scripts/start.mjs)", () => {
  it("the record → one e-mail saying what to do, without personal data → „Am verificat” on the page (no JavaScript) → „Rezolvat”", async () => {
    const handle = await remixHandler();
    const admin = await createUser({ role: "admin" });
    const cookie = await cookieFor(admin.id);
    const before = await alertMails();
    const at = new Date(Date.now() - 10 * 60_000);
    recordCrashLoop(getConfig().dataDir, {
      at,
      deaths: 5,
      windowSeconds: 60,
      reasons: ["exit code 1", "uncaught exception: TypeError: no account for ioana.pop@example.com (phone 0721 234 567)"],
    });

    const first = await runAlerts({ disk });
    expect(first.opened).toEqual(["crashloop"]);
    const [mail] = await mailsSince(before);
    expect(mail.subject).toBe("Problemă pe site: Procesele serverului");
    expect(mail.text).toContain("Site-ul s-a oprit singur");
    expect(mail.text).toContain("procesele lui au căzut de 5 ori în 60 de secunde");
    expect(mail.text).toContain("Ce este de făcut: Site-ul a fost pornit din nou");
    expect(mail.text).toContain("apăsați „Am verificat”");
    expect(mail.text).toContain("no account for <e-mail> (phone #)");
    expect(mail.text).not.toContain("ioana.pop@example.com");
    expect(mail.text).not.toContain("234");
    await markAllSent();

    // Another crash loop before the owner looked: no second e-mail, the page counts both.
    recordCrashLoop(getConfig().dataDir, { deaths: 6, windowSeconds: 60, reasons: ["killed by SIGKILL"] });
    expect((await runAlerts({ disk })).mails).toBe(0);
    const page = await (await handle(new Request(`${BASE}/admin/sistem`, { headers: { Cookie: cookie } }))).text();
    expect(page).toMatch(/Procesele serverului(<!-- -->)? <span class="status status--pending">Problemă<\/span>/);
    expect(page).toContain("Opriri de la ultima verificare");
    expect(page).toMatch(/<form method="post" action="\/admin\/sistem"[^>]*><button type="submit" name="intent" value="crash-loop-checked"/);

    // The owner presses „Am verificat”: a plain form POST; the alert resolves at once.
    const pressed = await handle(post("/admin/sistem", { intent: "crash-loop-checked" }, { cookie }));
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("Location")).toBe("/admin/sistem");
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.subject)).toEqual(["Problemă pe site: Procesele serverului", "Rezolvat: Procesele serverului"]);
    const [row] = await getDb().select().from(systemAlerts).where(eq(systemAlerts.key, "crashloop"));
    expect(row.status).toBe("resolved");
    const after = await (await handle(new Request(`${BASE}/admin/sistem`, { headers: { Cookie: cookie } }))).text();
    expect(after).toMatch(/Procesele serverului(<!-- -->)? <span class="status status--confirmed">În regulă<\/span>/);
    expect(after).toContain("Verificată");
    expect(after).not.toContain('value="crash-loop-checked"');

    // A student cannot press it; pressing it again changes nothing.
    const student2 = await createUser();
    const refused = await handle(post("/admin/sistem", { intent: "crash-loop-checked" }, { cookie: await cookieFor(student2.id) }));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    await handle(post("/admin/sistem", { intent: "crash-loop-checked" }, { cookie }));
    expect(await mailsSince(before)).toHaveLength(2);

    // The next crash loop after the check opens a new alert (one e-mail again).
    recordCrashLoop(getConfig().dataDir, { deaths: 5, windowSeconds: 60, reasons: ["exit code 1"] });
    expect((await runAlerts({ disk })).opened).toEqual(["crashloop"]);
    markCrashLoopChecked();
    expect((await runAlerts({ disk })).resolved).toEqual(["crashloop"]);
  });
});
