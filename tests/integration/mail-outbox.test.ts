import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { MailMessage } from "~/services/mail.server";
import { outboxMessageId, processOutbox } from "~/services/mail-outbox.server";

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

  it("retakes a dead worker's expired claim, but never a row that was being handed to SMTP", async () => {
    await getDb().delete(mailOutbox);
    const [claimedRow, sendingRow, liveClaim] = await queue(3);
    const past = new Date(Date.now() - 1000);
    const deadToken = "00000000-0000-4000-8000-000000000001";
    await getDb().update(mailOutbox).set({ status: "claimed", claimToken: deadToken, nextAttemptAt: past }).where(eq(mailOutbox.id, claimedRow.id));
    await getDb().update(mailOutbox).set({ status: "sending", claimToken: deadToken, nextAttemptAt: past }).where(eq(mailOutbox.id, sendingRow.id));
    // A claim whose lease is still running belongs to a live worker.
    await getDb()
      .update(mailOutbox)
      .set({ status: "claimed", claimToken: deadToken, nextAttemptAt: new Date(Date.now() + 30_000) })
      .where(eq(mailOutbox.id, liveClaim.id));
    const sent: MailMessage[] = [];
    const run = await processOutbox({ send: async (m) => void sent.push(m) });
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    expect(sent.map((m) => m.messageId)).toEqual([outboxMessageId(claimedRow.id)]);
    const byId = new Map((await getDb().select().from(mailOutbox)).map((r) => [r.id, r.status]));
    expect(byId.get(claimedRow.id)).toBe("sent");
    expect(byId.get(sendingRow.id)).toBe("sending");
    expect(byId.get(liveClaim.id)).toBe("claimed");
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
