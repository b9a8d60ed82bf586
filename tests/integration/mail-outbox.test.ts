import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { MailMessage } from "~/services/mail.server";
import { outboxMessageId, processOutbox, startOutboxWorker } from "~/services/mail-outbox.server";

async function queue(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    toAddress: `client${i}@example.ro`,
    subject: `Mesaj ${i}`,
    textBody: "text",
    htmlBody: "<p>text</p>",
    nextAttemptAt: new Date(Date.now() - 1000),
  }));
  return getDb().insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
}

describe("mail outbox", () => {
  it("sends a large queue in batches, each row once, with a stable Message-ID", async () => {
    await getDb().delete(mailOutbox);
    const ids = await queue(250);
    const seen: MailMessage[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const send = async (m: MailMessage) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      seen.push(m);
      inFlight--;
    };
    const first = await processOutbox({ send });
    expect(first).toMatchObject({ claimed: 100, sent: 100, failed: 0 });
    while ((await processOutbox({ send })).claimed) {
      // drain
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((m) => m.messageId)).size).toBe(250);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(10);
    expect(seen.map((m) => m.messageId)).toContain(outboxMessageId(ids[0].id));
    expect(outboxMessageId(ids[0].id)).toMatch(/^<outbox-[0-9a-f-]{36}@[^>]+>$/);
    const rows = await getDb().select().from(mailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.claimToken === null)).toBe(true);
  });

  it("retakes a dead worker's expired claim and its expired hand-over (same Message-ID), never a live lease", async () => {
    await getDb().delete(mailOutbox);
    const [claimedRow, sendingRow, liveClaim, liveSending] = await queue(4);
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 30_000);
    const deadToken = "00000000-0000-4000-8000-000000000001";
    const set = (id: string, status: "claimed" | "sending", nextAttemptAt: Date) =>
      getDb().update(mailOutbox).set({ status, claimToken: deadToken, nextAttemptAt }).where(eq(mailOutbox.id, id));
    await set(claimedRow.id, "claimed", past);
    // Its process died between the SMTP hand-over and the "sent" mark: delivery unknown.
    await set(sendingRow.id, "sending", past);
    // Leases still running belong to a live worker.
    await set(liveClaim.id, "claimed", future);
    await set(liveSending.id, "sending", future);
    const sent: MailMessage[] = [];
    const run = await processOutbox({ send: async (m) => void sent.push(m) });
    expect(run).toMatchObject({ claimed: 2, sent: 2 });
    expect(sent.map((m) => m.messageId).sort()).toEqual([outboxMessageId(claimedRow.id), outboxMessageId(sendingRow.id)].sort());
    const byId = new Map((await getDb().select().from(mailOutbox)).map((r) => [r.id, r.status]));
    expect(byId.get(claimedRow.id)).toBe("sent");
    expect(byId.get(sendingRow.id)).toBe("sent");
    expect(byId.get(liveClaim.id)).toBe("claimed");
    expect(byId.get(liveSending.id)).toBe("sending");
  });

  it("keeps a hand-over's lease while it lasts, so no other worker sends it meanwhile", async () => {
    await getDb().delete(mailOutbox);
    const [row] = await queue(1);
    let release!: () => void;
    const handedOver = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inSend = new Promise<void>((resolve) => (started = resolve));
    const first = processOutbox({
      send: async () => {
        started();
        await handedOver;
      },
    });
    await inSend;
    const [during] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(during.status).toBe("sending");
    expect(during.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const other = await processOutbox({ send: async () => expect.unreachable("sent twice") });
    expect(other.claimed).toBe(0);
    release();
    expect(await first).toMatchObject({ sent: 1 });
  });

  it("at shutdown finishes the hand-overs in progress and gives the rest of the batch back at once", async () => {
    await getDb().delete(mailOutbox);
    await queue(5);
    let release!: () => void;
    const handedOver = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inSend = new Promise<void>((resolve) => (started = resolve));
    const sent: string[] = [];
    const stop = startOutboxWorker(60_000, {
      concurrency: 1,
      send: async (m) => {
        started();
        await handedOver;
        sent.push(m.subject);
      },
    });
    await inSend;
    const stopping = stop();
    release();
    await stopping;
    expect(sent).toHaveLength(1);
    const rows = await getDb().select().from(mailOutbox);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(1);
    const rest = rows.filter((r) => r.status !== "sent");
    expect(rest).toHaveLength(4);
    expect(rest.every((r) => r.status === "pending" && r.claimToken === null && r.nextAttemptAt.getTime() <= Date.now())).toBe(true);
  });

  it("puts a failed send back to pending with a backoff", async () => {
    await getDb().delete(mailOutbox);
    const [row] = await queue(1);
    const run = await processOutbox({
      send: async () => {
        throw new Error("SMTP 451 try later");
      },
    });
    expect(run).toMatchObject({ sent: 0, failed: 1 });
    const [after] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ status: "pending", claimToken: null, attempts: 1, lastError: "SMTP 451 try later" });
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
