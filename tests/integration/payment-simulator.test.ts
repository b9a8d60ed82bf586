/**
 * The built-in payment simulator end to end: the buyer's form post, the outcome buttons, and
 * the IPNs it sends over real HTTP to the site's confirm URL (served here by a small server
 * that hands requests to the confirm route, as remix-serve would). Replay (idempotent), refund,
 * "pending then approved", and who may ask for a replay or a refund.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { enrollments, orders, paymentNotifications } from "../../db/schema";
import { action as confirmAction } from "~/routes/api.payments.netopia.confirm";
import { action as simulatorAction } from "~/routes/simulator.netopia";
import { buildRequestXml, sealEnvelope } from "~/services/payments/mobilpay.server";
import { CONFIRM_PATH } from "~/services/payments/provider.server";
import { getSimulatorKeys } from "~/services/payments/simulator-keys.server";
import { PENDING_REVIEW_MS } from "~/services/payments/simulator.server";
import { cookieFor, createCourse, createUser } from "../helpers/factories";
import { placeCardOrder } from "../helpers/card";
import { post, run } from "../helpers/http";
import { resetEnvironment } from "~/test-support.server";

const SIMULATOR = "/simulator/netopia";
let server: http.Server;
let site = "";
/** Every request the confirm URL received. */
const received: string[] = [];
const previousPublicUrl = process.env.PUBLIC_URL;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    received.push(`${req.method} ${req.url}`);
    if (req.url !== CONFIRM_PATH) {
      res.writeHead(404).end();
      return;
    }
    const request = new Request(`${site}${req.url}`, {
      method: req.method,
      headers: { "Content-Type": String(req.headers["content-type"] ?? "") },
      body: req.method === "POST" ? body : undefined,
    });
    const response = await run(confirmAction, request);
    res.writeHead(response.status, { "Content-Type": response.headers.get("Content-Type") ?? "text/plain" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The site's public address is this server: the confirm and return URLs point at it.
  process.env.PUBLIC_URL = site;
  resetEnvironment();
});

afterAll(async () => {
  process.env.PUBLIC_URL = previousPublicUrl;
  resetEnvironment();
  await new Promise((resolve) => server.close(resolve));
});

/** A buyer with a card order and the sealed fields their browser posts to the simulator. */
async function buyer() {
  const user = await createUser();
  const { course, options } = await createCourse("online", {}, [{ days: null, amountBani: 19900 }]);
  const { order, form } = await placeCardOrder(user.id, course.id, options[0].id);
  expect(form.formUrl).toBe(`${site}${SIMULATOR}`);
  return { user, order, fields: form.fields, cookie: await cookieFor(user.id) };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

/** The buyer's browser: opens the simulator's page, then presses an outcome button. */
async function choose(b: Buyer, intent: "approve" | "pending" | "decline" | "cancel") {
  const page = await run(simulatorAction, post(SIMULATOR, b.fields));
  expect(page.status).toBe(200);
  expect(await page.json()).toMatchObject({ kind: "page", order: { id: b.order.id, amountBani: 19900 } });
  const done = await run(simulatorAction, post(SIMULATOR, { ...b.fields, intent }));
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe(`${site}/plata/rezultat?orderId=${b.order.id}`);
}

const ask = (intent: "replay" | "refund", orderId: string, cookie?: string) => run(simulatorAction, post(SIMULATOR, { intent, orderId }, { cookie }));

async function state(b: Buyer) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, b.order.id));
  const [enrolment] = await getDb().select().from(enrollments).where(eq(enrollments.userId, b.user.id));
  const notes = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, b.order.id));
  return { status: order.status, enrolment: enrolment.paymentStatus, notifications: notes.map((n) => `${n.action}:${n.outcome}`) };
}

describe("the payment simulator", () => {
  it("approve pays the order through a real IPN; a replay by its owner is acknowledged and changes nothing", async () => {
    const b = await buyer();
    await choose(b, "approve");
    expect(await state(b)).toEqual({ status: "paid", enrolment: "confirmed", notifications: ["confirmed:applied"] });

    const replay = await ask("replay", b.order.id, b.cookie);
    expect(replay.status).toBe(200);
    const { delivery } = await replay.json();
    expect(delivery.status).toBe(200);
    expect(delivery.reply).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<crc>[0-9a-f]{32}<\/crc>$/);
    expect(await state(b)).toEqual({ status: "paid", enrolment: "confirmed", notifications: ["confirmed:applied", "confirmed:unchanged"] });
  });

  it("refund sends a credit IPN: the order is refunded and access closed", async () => {
    const b = await buyer();
    await choose(b, "approve");
    const refund = await ask("refund", b.order.id, b.cookie);
    expect(refund.status).toBe(200);
    expect((await refund.json()).delivery.reply).toMatch(/<crc>[0-9a-f]{32}<\/crc>/);
    expect(await state(b)).toEqual({ status: "refunded", enrolment: "refunded", notifications: ["confirmed:applied", "credit:applied"] });
  });

  it("pending then approved: the order waits, then the confirmation arrives by itself", async () => {
    const b = await buyer();
    await choose(b, "pending");
    expect(await state(b)).toEqual({ status: "awaiting_payment", enrolment: "pending", notifications: ["confirmed_pending:unchanged"] });
    const deadline = Date.now() + PENDING_REVIEW_MS + 10_000;
    while ((await state(b)).status !== "paid" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await state(b)).toEqual({ status: "paid", enrolment: "confirmed", notifications: ["confirmed_pending:unchanged", "confirmed:applied"] });
  });

  it("replay and refund answer 404 to guests and other users, and work for an admin", async () => {
    const b = await buyer();
    await choose(b, "approve");
    const before = received.length;
    const stranger = await cookieFor((await createUser()).id);
    for (const [intent, cookie] of [["replay", undefined], ["refund", undefined], ["replay", stranger], ["refund", stranger]] as const) {
      const refused = await ask(intent, b.order.id, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ kind: "error", message: "Comanda nu există." });
    }
    expect(received.length).toBe(before);
    expect((await state(b)).status).toBe("paid");

    const admin = await cookieFor((await createUser({ role: "admin" })).id);
    expect((await ask("refund", b.order.id, admin)).status).toBe(200);
    expect((await state(b)).status).toBe("refunded");
  });

  it("says so when there is nothing to replay", async () => {
    const b = await buyer();
    const replay = await ask("replay", b.order.id, b.cookie);
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe("Simulatorul nu a trimis nicio notificare pentru această comandă.");
  });

  it("only ever notifies this site's confirm URL", async () => {
    const b = await buyer();
    const keys = getSimulatorKeys();
    const xml = buildRequestXml({
      orderId: b.order.id,
      signature: keys.signature,
      amountBani: 19900,
      details: "Comanda",
      billing: { firstName: "A", lastName: "B", email: "a@example.com", address: "Str. 1", phone: "0722000000" },
      confirmUrl: "http://169.254.169.254/latest/meta-data",
      returnUrl: `${site}/plata/rezultat?orderId=${b.order.id}`,
    });
    const fields = { ...sealEnvelope(xml, keys.providerPublicPem) } as Record<string, string>;
    const before = received.length;
    const refused = await run(simulatorAction, post(SIMULATOR, { ...fields, intent: "approve" }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Adresa de confirmare nu este a acestui site.");
    expect(received.length).toBe(before);
    expect((await state(b)).status).toBe("awaiting_payment");
  });
});
