/**
 * RO e-Factura through ANAF's API (issue 24): the job that uploads every document issued after
 * connecting, polls its status and keeps ANAF's answer ZIP as proof. The OAuth connection is in
 * efactura-connection.server.ts, the deadline warnings in efactura-deadlines.server.ts, the
 * admin list's reads in efactura-views.server.ts.
 *
 * Nothing lost, nothing sent twice:
 * - an attempt is recorded (`efactura_submissions`, state `uploading`, key `<invoice>:<attempt>`)
 *   in its own transaction BEFORE the HTTP upload; a partial unique index allows one live attempt
 *   (uploading / sent / validated) per document;
 * - the job runs in one process of the cluster (PostgreSQL advisory lock), so an `uploading` row
 *   seen at the start of a run belongs to a run that died (or lost ANAF mid-call): it is
 *   reconciled through `listaMesajeFactura` (a message whose answer ZIP holds this document's
 *   number is this upload) before anything is uploaded again; only when ANAF still lists nothing
 *   after RECONCILE_GRACE_MS is the attempt closed as "not received" and a new one made.
 */
import { and, asc, eq, gte, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { getDb, getDatabaseHandle } from "../../db/client";
import { LOCK_IDS } from "../../db/locks";
import { efacturaSubmissions, invoices } from "../../db/schema";
import { ublDocumentId } from "~/lib/efactura/ubl";
import { efacturaProofKey } from "~/lib/storage-keys";
import { type InvoiceRow } from "~/models/invoice.server";
import { getInvoice, invoiceNumber } from "~/models/invoice-reads.server";
import { anafClient, authed, connectionRow, isConnected, NotConnected } from "~/models/efactura-connection.server";
import { warnDeadlines } from "~/models/efactura-deadlines.server";
import { AnafError, type AnafClient } from "~/services/efactura/anaf-client.server";
import { efacturaXml } from "~/services/efactura/sender.server";
import { log } from "~/log.server";
import { every } from "~/services/schedule.server";
import { getStorage } from "~/services/storage.server";
import { readZip } from "~/services/zip.server";

const DAY = 86_400_000;
/** An orphaned upload not listed by ANAF after this long was never received. */
export const RECONCILE_GRACE_MS = 30 * 60_000;
/** First status poll after the upload, then doubling, at most every 30 minutes. */
export const pollDelayMs = (polls: number) => Math.min(10_000 * 2 ** polls, 30 * 60_000);
const retryDelayMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3600_000);
const JOB_LOCK_ID = LOCK_IDS.efactura;

// ─── The job ─────────────────────────────────────────────────────────────────────────────────

export interface EfacturaRun {
  uploaded: number;
  polled: number;
  validated: number;
  rejected: number;
  reconciled: number;
  warned: number;
}

export interface RunOptions {
  now?: Date;
  /** Tests: the process "dies" right after ANAF accepted an upload, before the index is recorded. */
  crashAfterUpload?: boolean;
  limit?: number;
  /** Upload only these documents (test hooks: parallel e2e journeys must not send each other's). */
  only?: string[];
}

const digitsOf = (cui: string) => cui.replace(/^RO/i, "").replace(/\D/g, "");
const standardOf = (invoice: Pick<InvoiceRow, "kind">) => (invoice.kind === "credit" ? ("CN" as const) : ("UBL" as const));
const isB2c = (invoice: Pick<InvoiceRow, "buyer">) => invoice.buyer.type !== "company";

let queue: Promise<unknown> = Promise.resolve();

/**
 * One pass: reconcile orphans, poll answers, upload new documents, warn about deadlines. Passes
 * in one process run one after the other (the worker's timer, a test hook); across processes the
 * worker holds an advisory lock.
 */
export function runEfactura(options: RunOptions = {}): Promise<EfacturaRun> {
  const next = queue.then(() => runOnce(options));
  queue = next.catch(() => {});
  return next;
}

async function runOnce(options: RunOptions): Promise<EfacturaRun> {
  const now = options.now ?? new Date();
  const run: EfacturaRun = { uploaded: 0, polled: 0, validated: 0, rejected: 0, reconciled: 0, warned: 0 };
  const client = anafClient();
  const row = await connectionRow();
  if (client && isConnected(row) && !row.expiredAt) {
    try {
      await reconcileOrphans(client, now, run);
      await pollAnswers(client, now, run);
      await uploadDue(client, row.connectedAt, now, run, options);
    } catch (error) {
      if (!(error instanceof NotConnected)) throw error;
    }
  }
  run.warned = await warnDeadlines(now);
  return run;
}

async function reconcileOrphans(client: AnafClient, now: Date, run: EfacturaRun) {
  const orphans = await getDb().select().from(efacturaSubmissions).where(eq(efacturaSubmissions.state, "uploading")).orderBy(asc(efacturaSubmissions.startedAt));
  for (const orphan of orphans) {
    const invoice = await getInvoice(orphan.invoiceId);
    if (!invoice) continue;
    const cif = digitsOf(invoice.issuer.cui);
    const days = Math.ceil((now.getTime() - orphan.startedAt.getTime()) / DAY) + 1;
    const messages = await authed(client, now, (t) => client.messages(t, { cif, days }));
    const known = new Set(
      (await getDb().select({ index: efacturaSubmissions.uploadIndex }).from(efacturaSubmissions).where(sql`${efacturaSubmissions.uploadIndex} is not null`)).map((r) => r.index),
    );
    const since = orphan.startedAt.getTime() - 5 * 60_000;
    let match: { uploadIndex: string; createdAt: Date } | null = null;
    for (const message of messages) {
      if (known.has(message.uploadIndex) || message.createdAt.getTime() < since) continue;
      const zip = await authed(client, now, (t) => client.download(t, message.id));
      if (answerNames(zip, message.uploadIndex).documentId === ublDocumentId(invoice)) {
        match = message;
        break;
      }
    }
    if (match) {
      await getDb().transaction(async (tx) => {
        await tx
          .update(efacturaSubmissions)
          .set({ state: "sent", uploadIndex: match.uploadIndex, uploadedAt: match.createdAt, nextAt: now, lastError: null })
          .where(and(eq(efacturaSubmissions.id, orphan.id), eq(efacturaSubmissions.state, "uploading")));
        await tx
          .update(invoices)
          .set({ efacturaStatus: "uploaded", efacturaIndex: match.uploadIndex, efacturaAt: match.createdAt })
          .where(eq(invoices.id, invoice.id));
      });
      run.reconciled++;
      log.info("e-Factura: an interrupted upload was found at ANAF", { invoice: invoiceNumber(invoice), index: match.uploadIndex });
    } else if (now.getTime() - orphan.startedAt.getTime() > RECONCILE_GRACE_MS) {
      await getDb()
        .update(efacturaSubmissions)
        .set({ state: "failed", lastError: "ANAF nu a primit documentul (verificat în lista de mesaje).", nextAt: now })
        .where(and(eq(efacturaSubmissions.id, orphan.id), eq(efacturaSubmissions.state, "uploading")));
    }
  }
}

const answerParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", removeNSPrefix: true, isArray: (n) => n === "Error" });

/** What ANAF's answer ZIP holds: the document's number (accepted) or the errors (rejected). */
export function answerNames(zip: Buffer, uploadIndex: string): { documentId: string | null; errors: string[] } {
  const files = readZip(zip);
  const main = files.find((f) => f.name === `${uploadIndex}.xml`) ?? files.find((f) => !f.name.startsWith("semnatura") && f.name.endsWith(".xml"));
  if (!main) return { documentId: null, errors: [] };
  const parsed = answerParser.parse(main.data.toString("utf8")) as Record<string, Record<string, unknown>>;
  const doc = parsed.Invoice ?? parsed.CreditNote;
  if (doc) return { documentId: String(doc.ID ?? ""), errors: [] };
  const errors = ((parsed.header?.Error ?? []) as Array<{ errorMessage?: string }>).map((e) => String(e.errorMessage ?? "")).filter(Boolean);
  return { documentId: null, errors };
}

async function pollAnswers(client: AnafClient, now: Date, run: EfacturaRun) {
  const due = await getDb()
    .select()
    .from(efacturaSubmissions)
    .where(and(eq(efacturaSubmissions.state, "sent"), or(isNull(efacturaSubmissions.nextAt), lte(efacturaSubmissions.nextAt, now))))
    .orderBy(asc(efacturaSubmissions.nextAt))
    .limit(100);
  for (const submission of due) {
    const index = submission.uploadIndex!;
    let status;
    try {
      status = await authed(client, now, (t) => client.status(t, index));
    } catch (error) {
      if (!(error instanceof AnafError)) throw error;
      await getDb()
        .update(efacturaSubmissions)
        .set({ lastError: error.message, nextAt: new Date(now.getTime() + pollDelayMs(submission.polls)) })
        .where(eq(efacturaSubmissions.id, submission.id));
      continue;
    }
    run.polled++;
    const polls = submission.polls + 1;
    if (status.state === "processing") {
      await getDb()
        .update(efacturaSubmissions)
        .set({ polls, lastError: null, nextAt: new Date(now.getTime() + pollDelayMs(polls)) })
        .where(eq(efacturaSubmissions.id, submission.id));
      continue;
    }
    let proofKey: string | null = null;
    let errors: string[] = status.state === "invalid" ? status.errors : [];
    const downloadId = status.state === "invalid" ? null : status.downloadId;
    if (downloadId) {
      const zip = await authed(client, now, (t) => client.download(t, downloadId));
      proofKey = efacturaProofKey(index, now.getTime());
      await getStorage().put(proofKey, zip, "application/zip", zip.length);
      if (status.state === "nok") errors = answerNames(zip, index).errors;
    }
    const validated = status.state === "ok";
    if (!validated && errors.length === 0) errors = ["ANAF a respins documentul fără a preciza eroarea."];
    await getDb().transaction(async (tx) => {
      await tx
        .update(efacturaSubmissions)
        .set({ state: validated ? "validated" : "rejected", polls, downloadId, errors, answeredAt: now, nextAt: null, lastError: null })
        .where(eq(efacturaSubmissions.id, submission.id));
      await tx
        .update(invoices)
        .set({ efacturaStatus: validated ? "validated" : "rejected", efacturaErrors: validated ? null : errors, efacturaProofKey: proofKey })
        .where(eq(invoices.id, submission.invoiceId));
    });
    if (validated) run.validated++;
    else run.rejected++;
  }
}

async function uploadDue(client: AnafClient, connectedAt: Date, now: Date, run: EfacturaRun, options: RunOptions) {
  // Documents issued since the connection, still "de transmis", with no live attempt and no
  // failed attempt waiting for its retry time.
  const live = getDb()
    .select({ id: efacturaSubmissions.invoiceId })
    .from(efacturaSubmissions)
    .where(
      or(
        inArray(efacturaSubmissions.state, ["uploading", "sent", "validated", "rejected"]),
        and(eq(efacturaSubmissions.state, "failed"), sql`${efacturaSubmissions.nextAt} > ${now.toISOString()}`),
      ),
    );
  const due = await getDb()
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.efacturaStatus, "pending"),
        gte(invoices.issuedAt, connectedAt),
        sql`${invoices.id} not in ${live}`,
        options.only ? inArray(invoices.id, options.only.length ? options.only : ["00000000-0000-0000-0000-000000000000"]) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
    .limit(options.limit ?? 50);
  for (const { id } of due) await uploadOne(client, id, now, run, options);
}

async function uploadOne(client: AnafClient, invoiceId: string, now: Date, run: EfacturaRun, options: RunOptions) {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) return;
  const b2c = isB2c(invoice);
  // 1. The attempt, committed before anything leaves the site.
  const attempt = await getDb().transaction(async (tx) => {
    // The invoice row locked: an index entered by hand meanwhile (setEfacturaStatus) either
    // committed first (then nothing is sent) or waits and then sees this attempt.
    const [current] = await tx.select({ status: invoices.efacturaStatus }).from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (current?.status !== "pending") return null;
    const [{ last }] = await tx.select({ last: max(efacturaSubmissions.attempt) }).from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, invoiceId));
    const n = (last ?? 0) + 1;
    const [row] = await tx
      .insert(efacturaSubmissions)
      .values({ invoiceId, attempt: n, key: `${invoiceId}:${n}`, state: "uploading", b2c, startedAt: now })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
  if (!attempt) return; // another live attempt exists
  // 2. The upload.
  let result;
  try {
    result = await authed(client, now, (t) =>
      client.upload(t, { xml: efacturaXml(invoice), cif: digitsOf(invoice.issuer.cui), b2c, standard: standardOf(invoice) }),
    );
  } catch (error) {
    if (error instanceof NotConnected || (error instanceof AnafError && error.kind !== "unavailable")) {
      // A definite refusal (400/401): nothing was stored at ANAF; retried later.
      const failures = attempt.attempt;
      await getDb()
        .update(efacturaSubmissions)
        .set({
          state: "failed",
          lastError: error instanceof NotConnected ? "Conexiunea cu ANAF trebuie reînnoită." : error.message,
          nextAt: error instanceof NotConnected ? now : new Date(now.getTime() + retryDelayMs(failures)),
        })
        .where(eq(efacturaSubmissions.id, attempt.id));
      if (error instanceof NotConnected) throw error;
      return;
    }
    // Unknown whether ANAF stored it (timeout, 5xx, connection lost): stays "uploading" and is
    // reconciled through the message list at the next run.
    await getDb()
      .update(efacturaSubmissions)
      .set({ lastError: error instanceof Error ? error.message : String(error) })
      .where(eq(efacturaSubmissions.id, attempt.id));
    return;
  }
  if (options.crashAfterUpload) throw new Error("simulated crash after the upload");
  // 3. The answer, recorded.
  await getDb().transaction(async (tx) => {
    if (result.ok) {
      await tx
        .update(efacturaSubmissions)
        .set({ state: "sent", uploadIndex: result.index, uploadedAt: now, nextAt: new Date(now.getTime() + pollDelayMs(0)), lastError: null })
        .where(eq(efacturaSubmissions.id, attempt.id));
      await tx.update(invoices).set({ efacturaStatus: "uploaded", efacturaIndex: result.index, efacturaAt: now }).where(eq(invoices.id, invoiceId));
    } else {
      await tx
        .update(efacturaSubmissions)
        .set({ state: "rejected", errors: result.errors, answeredAt: now, lastError: null })
        .where(eq(efacturaSubmissions.id, attempt.id));
      await tx.update(invoices).set({ efacturaStatus: "rejected", efacturaErrors: result.errors }).where(eq(invoices.id, invoiceId));
    }
  });
  if (result.ok) run.uploaded++;
  else run.rejected++;
}

// ─── Background worker ───────────────────────────────────────────────────────────────────────

/** Every 15 s (first run 20 s after start), in one process of the cluster (advisory lock). */
export function startEfacturaWorker(intervalMs = 15_000): () => void {
  return every("e-factura", intervalMs, 20_000, async () => {
    const handle = getDatabaseHandle();
    if (!handle) return;
    const result = await handle.tryWithLock(JOB_LOCK_ID, () => runEfactura());
    if (result && (result.uploaded || result.validated || result.rejected || result.reconciled || result.warned)) log.info("e-Factura run", { ...result });
  });
}
