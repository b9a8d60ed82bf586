/**
 * The whole ANAF life of a document against the built-in ANAF simulator (issue 24): connect
 * through the OAuth pages, automatic B2C/B2B upload, status polls with backoff, the answer ZIP
 * kept as proof, a rejection shown in plain Romanian and fixed with a credit note + new invoice,
 * token refresh (before expiry and after a 401), a crash between the upload and recording the
 * index (reconciled, never uploaded twice), an outage (500), a slow ANAF, a revoked connection,
 * and the deadline warning e-mail. The site's ANAF client talks HTTP to the simulator's routes.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { efacturaConnection, efacturaSubmissions, invoices, mailOutbox, orders } from "../../db/schema";
import { getConfig } from "~/config.server";
import { addWorkingDays } from "~/lib/working-days";
import { addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { answerNames, runEfactura } from "~/models/efactura.server";
import { connectionStatus } from "~/models/efactura-connection.server";
import { documentsAtRisk } from "~/models/efactura-deadlines.server";
import { action as orderAdminAction } from "~/routes/admin.comenzi.$id";
import { loader as callbackLoader } from "~/routes/admin.anaf.callback";
import { loader as adminFileLoader } from "~/routes/admin.facturi.$file";
import { action as invoicesAction, loader as invoicesLoader } from "~/routes/admin.facturi._index";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.setari-facturare";
import { action as authorizeAction, loader as authorizeLoader } from "~/routes/simulator.anaf.oauth.authorize";
import { action as tokenAction } from "~/routes/simulator.anaf.oauth.token";
import { action as restAction, loader as restLoader } from "~/routes/simulator.anaf.rest.$op";
import { expireAccessTokens, resetSimulator, revokeConnection, setSwitches, simulatorSnapshot } from "~/services/efactura/anaf-simulator.server";
import { decryptToken } from "~/services/efactura/token-crypto.server";
import { choosePickup, cookieFor, createProduct, createUser, placeTransferOrder } from "../helpers/factories";
import { BASE, cookiesFrom, get, post, run, toastOf } from "../helpers/http";

/**
 * The site's fetch, answered by the simulator's route modules (what the HTTP server would do). The
 * site's ANAF client is the configured one (simulator mode: PUBLIC_URL/simulator/anaf/…); this
 * stands in for the network under it, as the VAT-lookup tests do for the stand-in.
 */
async function simulatorFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  if (path === "/simulator/anaf/oauth/token") return run(tokenAction, request);
  const op = /^\/simulator\/anaf\/rest\/([A-Za-z0-9]+)$/.exec(path)?.[1];
  if (op) return run(request.method === "POST" ? restAction : restLoader, request, { op });
  throw new Error(`unexpected fetch ${request.url}`);
}

const SWITCHES_OFF = { reject: false, slow: false, fail500: false };
let adminCookie = "";
const figures: Array<{ number: string; polls: number; ms: number }> = [];

async function issueInvoice(buyer: "person" | "company"): Promise<typeof invoices.$inferSelect> {
  const user = await createUser(
    buyer === "company" ? { buyerType: "company", companyName: "Salon Bella S.R.L.", companyCui: "RO18547290", companyRegCom: "J13/555/2020" } : {},
  );
  const product = await createProduct({ priceBani: 12100 });
  await addProductToCart(user.id, product.id);
  if ((await getCart(user.id)).lines.length) await choosePickup(user.id);
  const order = await placeTransferOrder(user.id);
  const confirmed = await run(orderAdminAction, post(`/admin/comenzi/${order.id}`, { intent: "confirm" }, { cookie: adminCookie }), { id: order.id });
  expect(confirmed.status).toBe(302);
  const [invoice] = await getDb().select().from(invoices).where(eq(invoices.orderId, order.id));
  return invoice;
}

const invoiceRow = async (id: string) => (await getDb().select().from(invoices).where(eq(invoices.id, id)))[0];
const submissionsOf = (id: string) => getDb().select().from(efacturaSubmissions).where(eq(efacturaSubmissions.invoiceId, id)).orderBy(efacturaSubmissions.attempt);
const uploadsOf = (documentId: string) => simulatorSnapshot().uploads.filter((u) => u.documentId === documentId);
const later = (ms: number) => new Date(Date.now() + ms);

/** Runs the job at each poll's due time until the document has ANAF's answer; the polls it took. */
async function untilAnswered(id: string, max = 10): Promise<number> {
  for (let i = 0; i < max; i++) {
    const status = (await invoiceRow(id)).efacturaStatus;
    const last = (await submissionsOf(id)).at(-1);
    if (status === "validated" || status === "rejected") return last!.polls;
    await runEfactura({ now: last?.nextAt ? new Date(Math.max(Date.now(), last.nextAt.getTime())) : new Date() });
  }
  throw new Error("no answer from the simulator");
}

async function invoicesPage() {
  const response = await run(invoicesLoader, get("/admin/facturi", { cookie: adminCookie }));
  return (await response.json()) as { invoices: Array<{ id: string; efacturaStatus: string; errors: Array<{ explanation: string | null; original: string }>; correction: unknown; automatic: boolean }> };
}

beforeAll(async () => {
  resetSimulator();
  vi.stubGlobal("fetch", simulatorFetch);
  const admin = await createUser({ role: "admin" });
  adminCookie = await cookieFor(admin.id);
});

afterAll(() => {
  vi.unstubAllGlobals();
  console.info("e-Factura figures against the simulator:", JSON.stringify(figures));
});

describe("ANAF e-Factura through the simulator", () => {
  it("connects through the OAuth pages: state checked, tokens stored encrypted, the page says connected", async () => {
    expect(getConfig().anaf.mode).toBe("simulator");
    const started = await run(settingsAction, post("/admin/setari-facturare", { intent: "anaf-connect" }, { cookie: adminCookie }));
    expect(started.status).toBe(303);
    const authorizeUrl = new URL(started.headers.get("Location")!);
    expect(authorizeUrl.pathname).toBe("/simulator/anaf/oauth/authorize");
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${BASE}/admin/anaf/callback`);

    const page = await run(authorizeLoader, get(`${authorizeUrl.pathname}${authorizeUrl.search}`, { cookie: adminCookie }));
    expect(page.status).toBe(200);
    const authorized = await run(authorizeAction, post(authorizeUrl.pathname, { intent: "authorize", query: authorizeUrl.searchParams.toString() }, { cookie: adminCookie }));
    expect(authorized.status).toBe(303);
    const callback = new URL(authorized.headers.get("Location")!);
    expect(callback.pathname).toBe("/admin/anaf/callback");
    const withState = cookiesFrom(started, adminCookie);

    // Without the browser's state cookie (another browser, or a forged link) it is refused.
    const refused = await run(callbackLoader, get(`${callback.pathname}${callback.search}`, { cookie: adminCookie }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Cererea de conectare a expirat sau nu a pornit din acest browser. Încercați din nou.");
    const forged = new URLSearchParams(callback.search);
    forged.set("state", "not-the-state");
    expect((await run(callbackLoader, get(`/admin/anaf/callback?${forged}`, { cookie: withState }))).status).toBe(400);
    const done = await run(callbackLoader, get(`${callback.pathname}${callback.search}`, { cookie: withState }));
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toBe("Firma este conectată la ANAF e-Factura.");
    // The state cookie is cleared; a replayed code is refused by ANAF.
    expect(done.headers.getSetCookie().some((c) => c.startsWith("anaf_oauth_state=;"))).toBe(true);
    expect((await run(callbackLoader, get(`${callback.pathname}${callback.search}`, { cookie: withState }))).status).toBe(400);

    const [row] = await getDb().select().from(efacturaConnection);
    expect(row.accessToken).toMatch(/^v1\./);
    expect(decryptToken(row.accessToken!)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(row.accessToken).not.toContain(decryptToken(row.accessToken!)!);
    expect((await connectionStatus()).state).toBe("connected");
    const settings = (await (await run(settingsLoader, get("/admin/setari-facturare", { cookie: adminCookie }))).json()) as { connection: { state: string } };
    expect(settings.connection.state).toBe("connected");
  });

  it("a private buyer's invoice goes by the B2C upload, is polled until 'validată' and ANAF's ZIP is kept as proof", async () => {
    const started = Date.now();
    const invoice = await issueInvoice("person");
    const first = await runEfactura();
    expect(first.uploaded).toBe(1);
    const sent = await invoiceRow(invoice.id);
    expect(sent.efacturaStatus).toBe("uploaded");
    expect(sent.efacturaIndex).toMatch(/^\d+$/);
    const [upload] = uploadsOf(`${invoice.series}${invoice.number}`);
    expect(upload).toMatchObject({ b2c: true, standard: "UBL", cif: "41234564", index: sent.efacturaIndex });

    const polls = await untilAnswered(invoice.id);
    const validated = await invoiceRow(invoice.id);
    expect(validated.efacturaStatus).toBe("validated");
    figures.push({ number: `${invoice.series} ${invoice.number}`, polls, ms: Date.now() - started });

    const proof = await run(adminFileLoader, get(`/admin/facturi/${invoice.id}.zip`, { cookie: adminCookie }), { file: `${invoice.id}.zip` });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("Content-Type")).toBe("application/zip");
    const zip = Buffer.from(await proof.arrayBuffer());
    expect(answerNames(zip, validated.efacturaIndex!).documentId).toBe(`${invoice.series}${invoice.number}`);
    const page = await invoicesPage();
    expect(page.invoices.find((i) => i.id === invoice.id)?.efacturaStatus).toBe("validated");
  });

  it("a company's invoice goes by the B2B upload", async () => {
    const started = Date.now();
    const invoice = await issueInvoice("company");
    await runEfactura();
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toMatchObject([{ b2c: false, standard: "UBL" }]);
    const polls = await untilAnswered(invoice.id);
    expect((await invoiceRow(invoice.id)).efacturaStatus).toBe("validated");
    figures.push({ number: `${invoice.series} ${invoice.number}`, polls, ms: Date.now() - started });
  });

  it("rejected: ANAF's errors shown in plain Romanian; the fix is a credit note + a new invoice, both sent and validated", async () => {
    setSwitches({ ...SWITCHES_OFF, reject: true });
    const invoice = await issueInvoice("person");
    await runEfactura();
    await untilAnswered(invoice.id);
    setSwitches(SWITCHES_OFF);
    const rejected = await invoiceRow(invoice.id);
    expect(rejected.efacturaStatus).toBe("rejected");
    expect(rejected.efacturaErrors?.some((e) => e.includes("BR-CO-25"))).toBe(true);
    expect(rejected.efacturaProofKey).toBeTruthy();
    const row = (await invoicesPage()).invoices.find((i) => i.id === invoice.id)!;
    expect(row.errors.map((e) => e.explanation)).toContain("Factura are un rest de plată, dar nu are nici data scadenței, nici termenii de plată.");

    // The manual index cannot overwrite what ANAF answered.
    const manual = await run(invoicesAction, post("/admin/facturi", { invoiceId: invoice.id, uploadIndex: "123" }, { cookie: adminCookie }));
    expect(await toastOf(manual)).toContain("nu se schimbă manual");

    const fixed = await run(invoicesAction, post("/admin/facturi", { invoiceId: invoice.id, intent: "reissue" }, { cookie: adminCookie }));
    expect(await toastOf(fixed)).toMatch(/^Am emis stornarea ANA \d+ și documentul nou ANA \d+\.$/);
    // A second click issues nothing more.
    await run(invoicesAction, post("/admin/facturi", { invoiceId: invoice.id, intent: "reissue" }, { cookie: adminCookie }));
    const corrections = await getDb().select().from(invoices).where(like(invoices.idempotencyKey, `${invoice.id}:%`));
    expect(corrections.map((c) => c.kind).sort()).toEqual(["credit", "invoice"]);
    const credit = corrections.find((c) => c.kind === "credit")!;
    const replacement = corrections.find((c) => c.kind === "invoice")!;
    expect(credit.referenceInvoiceId).toBe(invoice.id);
    expect(credit.totalBani).toBe(-invoice.totalBani);
    expect(replacement.totalBani).toBe(invoice.totalBani);
    // The buyer gets the corrected documents like the first one: one e-mail (not two after the
    // second click), the credit note and the new document attached.
    const [order] = await getDb().select().from(orders).where(eq(orders.id, invoice.orderId));
    const corrected = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, order.billingEmail), like(mailOutbox.subject, "Factura corectată%")));
    expect(corrected).toHaveLength(1);
    expect(corrected[0].subject).toBe(`Factura corectată ${replacement.series} ${replacement.number} – ${order.reference}`);
    expect(corrected[0].attachments).toEqual([
      { kind: "invoice", id: credit.id },
      { kind: "invoice", id: replacement.id },
    ]);

    expect((await runEfactura()).uploaded).toBe(2);
    expect(uploadsOf(`${credit.series}${credit.number}`)).toMatchObject([{ standard: "CN", b2c: true }]);
    await untilAnswered(credit.id);
    await untilAnswered(replacement.id);
    expect((await invoiceRow(credit.id)).efacturaStatus).toBe("validated");
    expect((await invoiceRow(replacement.id)).efacturaStatus).toBe("validated");
    // The rejected original is never uploaded again.
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toHaveLength(1);
    expect((await invoicesPage()).invoices.find((i) => i.id === invoice.id)?.correction).toBeTruthy();
  });

  it("token refresh: before the access token ends, and after ANAF refuses it (401)", async () => {
    const before = (await getDb().select().from(efacturaConnection))[0];
    // 85 days on: less than 7 days left of the 90-day token → refreshed before use.
    const invoice = await issueInvoice("person");
    await runEfactura({ now: new Date(Date.now() + 85 * 86_400_000) });
    const after = (await getDb().select().from(efacturaConnection))[0];
    expect(after.refreshedAt).not.toBeNull();
    expect(decryptToken(after.accessToken!)).not.toBe(decryptToken(before.accessToken!));
    expect((await invoiceRow(invoice.id)).efacturaStatus).toBe("uploaded");

    // ANAF refuses every access token issued so far: one 401, a refresh, the call repeated.
    expireAccessTokens();
    const second = await issueInvoice("person");
    const calls = simulatorSnapshot().calls.token ?? 0;
    expect((await runEfactura()).uploaded).toBe(1);
    expect(simulatorSnapshot().calls.token).toBe(calls + 1);
    expect((await invoiceRow(second.id)).efacturaStatus).toBe("uploaded");
    await untilAnswered(invoice.id);
    await untilAnswered(second.id);
  });

  it("a crash between the upload and recording the index: reconciled through listaMesajeFactura, never uploaded twice", async () => {
    const invoice = await issueInvoice("company");
    await expect(runEfactura({ crashAfterUpload: true })).rejects.toThrow("simulated crash");
    const [orphan] = await submissionsOf(invoice.id);
    expect(orphan).toMatchObject({ state: "uploading", uploadIndex: null, attempt: 1 });
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toHaveLength(1);

    const restart = await runEfactura();
    expect(restart.reconciled).toBe(1);
    expect(restart.uploaded).toBe(0);
    const [recorded] = await submissionsOf(invoice.id);
    expect(recorded.uploadIndex).toBe(uploadsOf(`${invoice.series}${invoice.number}`)[0].index);
    await untilAnswered(invoice.id);
    expect((await invoiceRow(invoice.id)).efacturaStatus).toBe("validated");
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toHaveLength(1);
    expect(await submissionsOf(invoice.id)).toHaveLength(1);
  });

  it("ANAF answering 500: the attempt waits, is reconciled (not received) after the grace period, then sent once", async () => {
    setSwitches({ ...SWITCHES_OFF, fail500: true });
    const invoice = await issueInvoice("person");
    await runEfactura();
    expect((await submissionsOf(invoice.id))[0]).toMatchObject({ state: "uploading", lastError: "ANAF a răspuns 500." });
    setSwitches(SWITCHES_OFF);
    // Within the grace period nothing is re-sent.
    expect((await runEfactura()).uploaded).toBe(0);
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toHaveLength(0);
    const run2 = await runEfactura({ now: later(31 * 60_000) });
    expect(run2.uploaded).toBe(1);
    expect((await submissionsOf(invoice.id)).map((s) => s.state)).toEqual(["failed", "sent"]);
    await untilAnswered(invoice.id);
    expect(uploadsOf(`${invoice.series}${invoice.number}`)).toHaveLength(1);
  });

  it("a slow ANAF: 'in prelucrare' answers are polled again with growing intervals until the answer", async () => {
    setSwitches({ ...SWITCHES_OFF, slow: true });
    const invoice = await issueInvoice("person");
    await runEfactura();
    // Right after the upload the first poll is not due yet.
    expect((await runEfactura()).polled).toBe(0);
    // Each "in prelucrare" doubles the wait before the next poll (10 s, 20 s, 40 s…).
    const waits: number[] = [];
    for (let i = 0; i < 8 && (await invoiceRow(invoice.id)).efacturaStatus === "uploaded"; i++) {
      const [s] = await submissionsOf(invoice.id);
      const at = new Date(Math.max(Date.now(), s.nextAt!.getTime()));
      await runEfactura({ now: at });
      const [after] = await submissionsOf(invoice.id);
      if (after.state === "sent") waits.push(after.nextAt!.getTime() - at.getTime());
    }
    setSwitches(SWITCHES_OFF);
    const [answered] = await submissionsOf(invoice.id);
    expect(answered).toMatchObject({ state: "validated", polls: 4 });
    expect(waits).toEqual([20_000, 40_000, 80_000]);
  });

  it("the 5-working-day deadline: one warning e-mail per document, the day before it runs late; the dashboard lists it", async () => {
    const disconnected = await run(settingsAction, post("/admin/setari-facturare", { intent: "anaf-disconnect" }, { cookie: adminCookie }));
    expect(await toastOf(disconnected)).toBe("Conexiunea cu ANAF a fost ștearsă. Facturile se transmit din nou manual.");
    expect((await connectionStatus()).state).toBe("disconnected");
    const invoice = await issueInvoice("person");
    const noon = (day: string) => new Date(`${day}T10:00:00Z`);
    const mails = () => getDb().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, getConfig().business.email), like(mailOutbox.subject, "e-Factura:%")));
    expect((await runEfactura({ now: noon(addWorkingDays(invoice.issuedOn, 3)) })).warned).toBe(0);
    // The dashboard's list: 2 working days left → listed; past the deadline → listed as late.
    expect(await documentsAtRisk(noon(addWorkingDays(invoice.issuedOn, 3)))).toMatchObject([{ number: `${invoice.series} ${invoice.number}`, daysLeft: 2 }]);
    expect(await documentsAtRisk(noon(addWorkingDays(invoice.issuedOn, 6)))).toMatchObject([{ daysLeft: -1 }]);
    expect(await documentsAtRisk(noon(invoice.issuedOn))).toEqual([]);
    const warned = await runEfactura({ now: noon(addWorkingDays(invoice.issuedOn, 4)) });
    expect(warned.warned).toBe(1);
    const [mail] = await mails();
    expect(mail.subject).toBe(`e-Factura: ${invoice.series} ${invoice.number} trebuie transmisă la ANAF`);
    expect(mail.textBody).toContain(`${invoice.series} ${invoice.number}`);
    expect(mail.textBody).toContain("o zi lucrătoare");
    expect((await runEfactura({ now: noon(addWorkingDays(invoice.issuedOn, 5)) })).warned).toBe(0);
    expect(await mails()).toHaveLength(1);
    // Without the connection the manual index path is offered for it.
    expect((await invoicesPage()).invoices.find((i) => i.id === invoice.id)?.automatic).toBe(false);
    const manual = await run(invoicesAction, post("/admin/facturi", { invoiceId: invoice.id, uploadIndex: "4012345678" }, { cookie: adminCookie }));
    expect(await toastOf(manual)).toBe("Factura este marcată „trimisă” (index 4012345678).");
  });

  it("a revoked connection: the refresh is refused, the page asks to renew, nothing is sent", async () => {
    // Connect again (the previous test disconnected).
    const started = await run(settingsAction, post("/admin/setari-facturare", { intent: "anaf-connect" }, { cookie: adminCookie }));
    const authorizeUrl = new URL(started.headers.get("Location")!);
    const authorized = await run(authorizeAction, post(authorizeUrl.pathname, { intent: "authorize", query: authorizeUrl.searchParams.toString() }, { cookie: adminCookie }));
    const callback = new URL(authorized.headers.get("Location")!);
    expect((await run(callbackLoader, get(`${callback.pathname}${callback.search}`, { cookie: cookiesFrom(started, adminCookie) }))).status).toBe(302);
    revokeConnection();
    const invoice = await issueInvoice("person");
    expect((await runEfactura()).uploaded).toBe(0);
    expect((await connectionStatus()).state).toBe("expired");
    expect((await invoiceRow(invoice.id)).efacturaStatus).toBe("pending");
    const settings = (await (await run(settingsLoader, get("/admin/setari-facturare", { cookie: adminCookie }))).json()) as { connection: { state: string } };
    expect(settings.connection.state).toBe("expired");
    // The attempt was refused (401, then the refresh refused): closed, retried after renewal.
    expect((await submissionsOf(invoice.id)).map((s) => s.state)).toEqual(["failed"]);
  });
});
