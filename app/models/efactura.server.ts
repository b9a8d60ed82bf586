/**
 * RO e-Factura through ANAF's API (issue 24): the company's OAuth connection, the automatic upload
 * of every document issued after connecting, the status polls, ANAF's answer ZIP kept as proof,
 * and the 5-working-day deadline warnings.
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
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { getDb, getDatabaseHandle } from "../../db/client";
import { efacturaConnection, efacturaSubmissions, invoices } from "../../db/schema";
import { getConfig } from "~/config.server";
import { todayInBucharest } from "~/lib/dates";
import { ublDocumentId } from "~/lib/efactura/ubl";
import { efacturaProofKey } from "~/lib/storage-keys";
import { deadlineText, efacturaDeadline, formatDay, workingDaysBetween } from "~/lib/working-days";
import { getInvoice, invoiceNumber, type InvoiceRow } from "~/models/invoice.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import { AnafError, createAnafClient, type AnafClient } from "~/services/efactura/anaf-client.server";
import { decryptToken, encryptToken } from "~/services/efactura/token-crypto.server";
import { efacturaXml } from "~/services/efactura/sender.server";
import { log } from "~/services/log.server";
import { enqueueMail } from "~/services/mail-outbox.server";
import { every } from "~/services/schedule.server";
import { getStorage } from "~/services/storage.server";
import { readZip } from "~/services/zip.server";

const DAY = 86_400_000;
/** Refresh the access token when it has less than this left (ANAF's lasts 90 days). */
export const REFRESH_MARGIN_MS = 7 * DAY;
/** ANAF's refresh token lasts 365 days from the sign-in with the certificate. */
export const REFRESH_TOKEN_LIFETIME_MS = 365 * DAY;
/** The settings page asks for a renewal this long before the refresh token ends. */
export const RENEW_WARNING_MS = 30 * DAY;
/** An orphaned upload not listed by ANAF after this long was never received. */
export const RECONCILE_GRACE_MS = 30 * 60_000;
/** First status poll after the upload, then doubling, at most every 30 minutes. */
export const pollDelayMs = (polls: number) => Math.min(10_000 * 2 ** polls, 30 * 60_000);
const retryDelayMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3600_000);
const JOB_LOCK_ID = 7_204_118_024;

// ─── Client ──────────────────────────────────────────────────────────────────────────────────

let clientOverride: AnafClient | null = null;

/** The ANAF client for the configuration (real ANAF or the simulator on this site), or null when off. */
export function anafClient(): AnafClient | null {
  if (clientOverride) return clientOverride;
  const { anaf } = getConfig();
  if (anaf.mode === "off") return null;
  return createAnafClient(anaf);
}

/** Tests: route the client's calls (e.g. into the app's request handler). */
export function setAnafClientForTests(client: AnafClient | null) {
  clientOverride = client;
}

// ─── Connection ──────────────────────────────────────────────────────────────────────────────

export type ConnectionState = "off" | "disconnected" | "connected" | "renew_soon" | "expired";

export interface ConnectionStatus {
  mode: "anaf" | "simulator" | "off";
  env: string;
  state: ConnectionState;
  connectedAt: Date | null;
  renewBy: Date | null;
  refreshedAt: Date | null;
  redirectUri: string;
}

type ConnectionRow = typeof efacturaConnection.$inferSelect;

async function connectionRow(): Promise<ConnectionRow | null> {
  const [row] = await getDb().select().from(efacturaConnection).where(eq(efacturaConnection.id, 1));
  return row ?? null;
}

const isConnected = (row: ConnectionRow | null): row is ConnectionRow & { refreshToken: string; connectedAt: Date } =>
  Boolean(row?.refreshToken && row.connectedAt);

export async function connectionStatus(now = new Date()): Promise<ConnectionStatus> {
  const { anaf } = getConfig();
  const row = await connectionRow();
  let state: ConnectionState = "disconnected";
  if (anaf.mode === "off") state = "off";
  else if (row?.expiredAt) state = "expired";
  else if (isConnected(row)) {
    const readable = decryptToken(row.refreshToken) !== null;
    const ends = row.refreshExpiresAt?.getTime() ?? 0;
    state = !readable || ends <= now.getTime() ? "expired" : ends - now.getTime() < RENEW_WARNING_MS ? "renew_soon" : "connected";
  }
  return {
    mode: anaf.mode,
    env: anaf.env,
    state,
    connectedAt: row?.connectedAt ?? null,
    renewBy: row?.refreshExpiresAt ?? null,
    refreshedAt: row?.refreshedAt ?? null,
    redirectUri: anaf.redirectUri,
  };
}

/** "Conectează": a fresh OAuth state (the route keeps it in a signed cookie) and ANAF's authorize URL. */
export function startConnection(): { url: string; state: string } | null {
  const client = anafClient();
  if (!client) return null;
  const state = randomBytes(24).toString("base64url");
  return { url: client.authorizeUrl(state), state };
}

export type FinishResult = { ok: true } | { ok: false; status: 400 | 503; message: string };

const sameState = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The callback: the state must be the one this browser started with (`expectedState`, from its
 * cookie); the code is exchanged for the tokens, stored encrypted. A renewal keeps the date of
 * the first connection (documents issued while it had expired are sent too).
 */
export async function finishConnection(params: URLSearchParams, expectedState: string | null, now = new Date()): Promise<FinishResult> {
  const client = anafClient();
  if (!client) return { ok: false, status: 400, message: "Conexiunea cu ANAF nu este configurată pe acest site." };
  if (!expectedState || !sameState(params.get("state") ?? "", expectedState)) {
    return { ok: false, status: 400, message: "Cererea de conectare a expirat sau nu a pornit din acest browser. Încercați din nou." };
  }
  const code = params.get("code");
  if (!code) {
    return { ok: false, status: 400, message: `ANAF nu a autorizat conexiunea${params.get("error") ? ` (${params.get("error")})` : ""}.` };
  }
  try {
    const tokens = await client.exchangeCode(code);
    const previous = await connectionRow();
    const values = {
      accessToken: encryptToken(tokens.accessToken),
      refreshToken: encryptToken(tokens.refreshToken),
      accessExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
      connectedAt: previous?.connectedAt ?? now,
      refreshedAt: null,
      expiredAt: null,
    };
    await getDb().insert(efacturaConnection).values({ id: 1, ...values }).onConflictDoUpdate({ target: efacturaConnection.id, set: values });
    return { ok: true };
  } catch (error) {
    if (error instanceof AnafError && error.kind === "unavailable") {
      return { ok: false, status: 503, message: "ANAF nu răspunde acum. Conectarea nu s-a făcut; încercați din nou peste câteva minute." };
    }
    return { ok: false, status: 400, message: "ANAF a refuzat autorizarea. Încercați din nou conectarea." };
  }
}

export async function disconnect(): Promise<void> {
  await getDb()
    .update(efacturaConnection)
    .set({ accessToken: null, refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null, connectedAt: null, refreshedAt: null, expiredAt: null })
    .where(eq(efacturaConnection.id, 1));
}

class NotConnected extends Error {}

/** A valid access token: refreshed when near its end (or when ANAF refused it: `force`). */
async function accessToken(client: AnafClient, now: Date, force = false): Promise<string> {
  const row = await connectionRow();
  if (!isConnected(row) || row.expiredAt) throw new NotConnected();
  const access = row.accessToken ? decryptToken(row.accessToken) : null;
  if (!force && access && row.accessExpiresAt && row.accessExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return access;
  const refresh = decryptToken(row.refreshToken);
  if (!refresh) {
    await getDb().update(efacturaConnection).set({ expiredAt: now }).where(eq(efacturaConnection.id, 1));
    throw new NotConnected();
  }
  try {
    const tokens = await client.refresh(refresh);
    await getDb()
      .update(efacturaConnection)
      .set({
        accessToken: encryptToken(tokens.accessToken),
        refreshToken: encryptToken(tokens.refreshToken || refresh),
        accessExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
        refreshedAt: now,
      })
      .where(eq(efacturaConnection.id, 1));
    log.info("ANAF access token refreshed");
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof AnafError && (error.kind === "invalid_grant" || error.kind === "bad_request")) {
      await getDb().update(efacturaConnection).set({ expiredAt: now }).where(eq(efacturaConnection.id, 1));
      log.warn("ANAF refused the refresh token: the connection must be renewed");
      throw new NotConnected();
    }
    throw error;
  }
}

/** Runs an authenticated call; on a 401 the token is refreshed once and the call repeated. */
async function authed<T>(client: AnafClient, now: Date, call: (token: string) => Promise<T>): Promise<T> {
  const token = await accessToken(client, now);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AnafError) || error.kind !== "unauthorized") throw error;
    return call(await accessToken(client, now, true));
  }
}

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

// ─── Deadlines ───────────────────────────────────────────────────────────────────────────────

export interface DeadlineDocument {
  id: string;
  number: string;
  issuedOn: string;
  deadline: string;
  /** Working days left (0: today is the last day; negative: late). */
  daysLeft: number;
  status: InvoiceRow["efacturaStatus"];
}

/** Documents not yet accepted by ANAF (de transmis / respinsă, not corrected) with their deadline. */
export async function documentsAtRisk(now = new Date(), withinDays = 2): Promise<DeadlineDocument[]> {
  const today = todayInBucharest(now);
  const since = new Date(now.getTime() - 90 * DAY).toISOString().slice(0, 10);
  const rows = await getDb()
    .select({ id: invoices.id, series: invoices.series, number: invoices.number, issuedOn: invoices.issuedOn, status: invoices.efacturaStatus, warnedAt: invoices.efacturaWarnedAt })
    .from(invoices)
    .where(
      and(
        inArray(invoices.efacturaStatus, ["pending", "rejected"]),
        gte(invoices.issuedOn, since),
        // A rejected document corrected by a credit note and a new document is settled.
        sql`not exists (select 1 from ${invoices} fix where fix.idempotency_key = ${invoices.id}::text || ':reissue')`,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
  return rows
    .map((r) => {
      const deadline = efacturaDeadline(r.issuedOn);
      return { id: r.id, number: `${r.series} ${r.number}`, issuedOn: r.issuedOn, deadline, daysLeft: workingDaysBetween(today, deadline), status: r.status };
    })
    .filter((d) => d.daysLeft <= withinDays);
}

/** One e-mail to the business for the documents whose deadline is the next working day or sooner, once per document. */
async function warnDeadlines(now: Date): Promise<number> {
  const atRisk = await documentsAtRisk(now, 1);
  if (atRisk.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .update(invoices)
      .set({ efacturaWarnedAt: now })
      .where(and(inArray(invoices.id, atRisk.map((d) => d.id)), isNull(invoices.efacturaWarnedAt)))
      .returning({ id: invoices.id });
    const ids = new Set(claimed.map((c) => c.id));
    const list = atRisk.filter((d) => ids.has(d.id));
    if (list.length === 0) return 0;
    await enqueueMail(tx, deadlineMail(list));
    return list.length;
  });
}

function deadlineMail(list: DeadlineDocument[]) {
  const { business, publicUrl } = getConfig();
  const lines = list.map((d) => `${d.number} din ${formatDay(d.issuedOn)} – ${d.status === "rejected" ? "respinsă de ANAF" : "netransmisă"} – ${deadlineText(d)}`);
  const subject = list.length === 1 ? `e-Factura: ${list[0].number} trebuie transmisă la ANAF` : `e-Factura: ${list.length} documente trebuie transmise la ANAF`;
  return renderMail(business.email, subject, {
    title: "Termenul de transmitere în e-Factura se apropie",
    bodyHtml:
      `<p style="margin:0 0 14px">Aceste documente trebuie să ajungă în SPV în 5 zile lucrătoare de la emitere:</p><ul>` +
      lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("") +
      `</ul><p style="margin:0 0 14px">Transmiteți-le (sau corectați-le, dacă ANAF le-a respins) din pagina Facturi.</p>`,
    bodyText: `Aceste documente trebuie să ajungă în SPV în 5 zile lucrătoare de la emitere:\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nTransmiteți-le (sau corectați-le, dacă ANAF le-a respins) din pagina Facturi.`,
    action: { label: "Deschide facturile", url: `${publicUrl}/admin/facturi` },
  });
}

// ─── Views ───────────────────────────────────────────────────────────────────────────────────

/** The latest attempt of each document (state, polls, last error) for /admin/facturi. */
export async function latestSubmissions(invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, typeof efacturaSubmissions.$inferSelect>();
  const rows = await getDb()
    .select()
    .from(efacturaSubmissions)
    .where(inArray(efacturaSubmissions.invoiceId, invoiceIds))
    .orderBy(asc(efacturaSubmissions.invoiceId), desc(efacturaSubmissions.attempt));
  const map = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!map.has(row.invoiceId)) map.set(row.invoiceId, row);
  return map;
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

/** For each rejected document corrected by reissueRejected: the credit note's and the new document's numbers. */
export async function correctionsOf(invoiceIds: string[]): Promise<Map<string, { credit: string | null; replacement: string }>> {
  const map = new Map<string, { credit: string | null; replacement: string }>();
  if (invoiceIds.length === 0) return map;
  const keys = invoiceIds.flatMap((id) => [`${id}:storno`, `${id}:reissue`]);
  const rows = await getDb().select({ key: invoices.idempotencyKey, series: invoices.series, number: invoices.number }).from(invoices).where(inArray(invoices.idempotencyKey, keys));
  const byKey = new Map(rows.map((r) => [r.key, `${r.series} ${r.number}`]));
  for (const id of invoiceIds) {
    const replacement = byKey.get(`${id}:reissue`);
    if (replacement) map.set(id, { credit: byKey.get(`${id}:storno`) ?? null, replacement });
  }
  return map;
}
