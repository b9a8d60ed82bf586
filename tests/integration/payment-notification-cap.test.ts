/**
 * Issue 14 finding 8: anyone can post a payment notification, and every rejected one was stored
 * with up to 64 KB of body, without limit. Now at most REJECTED_STORED_PER_HOUR rejected ones are
 * stored per hour, each body cut to REJECTED_RAW_MAX_CHARS; the answer stays the protocol's.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { paymentNotifications } from "../../db/schema";
import { BASE } from "../helpers/http";
import { handleCardNotification, REJECTED_RAW_MAX_CHARS, REJECTED_STORED_PER_HOUR } from "~/models/payment.server";
import { CONFIRM_PATH } from "~/services/payments/provider.server";

const junk = (size: number) =>
  new Request(`${BASE}${CONFIRM_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ env_key: "a".repeat(size), data: "b" }).toString(),
  });

describe("rejected payment notifications are capped", () => {
  it("stores a bounded number of rejected notifications per hour, each with a bounded body", async () => {
    const flood = REJECTED_STORED_PER_HOUR + 30;
    for (let i = 0; i < flood; i++) {
      const result = await handleCardNotification(junk(60_000));
      expect(result.reply.body).toMatch(/error_type="2"/);
    }
    const stored = await getDb().select().from(paymentNotifications).where(eq(paymentNotifications.outcome, "rejected"));
    expect(stored.length).toBe(REJECTED_STORED_PER_HOUR);
    expect(Math.max(...stored.map((row) => row.rawBody.length))).toBeLessThan(REJECTED_RAW_MAX_CHARS + 40);
  });
});
