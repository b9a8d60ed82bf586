import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { enrollments, orders, products } from "../../db/schema";
import { createTestDatabase, serverUrl } from "../helpers/db";
import { createCourse, createProduct, createUser } from "../helpers/factories";

async function tableNames(handle: Awaited<ReturnType<typeof createTestDatabase>>["handle"]) {
  const rows = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return (Array.isArray(rows) ? rows : (rows as { rows: Array<{ table_name: string }> }).rows).map((r) => r.table_name);
}

const expectedTables = [
  "backup_runs", "cart_deliveries", "cart_lines", "catalogue_version", "course_price_options", "course_sessions", "course_settings", "courses",
  "delivery_methods", "diplomas", "efactura_connection", "efactura_submissions", "enrollments", "invoice_lines", "invoice_series", "invoice_settings",
  "invoices", "lesson_progress", "lessons", "mail_outbox", "media_files", "order_deliveries", "order_events",
  "order_lines", "orders", "password_reset_tokens", "payment_notifications", "price_changes", "products", "rate_limits",
  "session_reminders", "session_seats", "session_waitlist", "sessions", "system_alerts", "system_errors", "terms_pages", "users",
];

describe("migrations", () => {
  it("apply on PGlite", async () => {
    const database = await createTestDatabase("pglite");
    try {
      expect(await tableNames(database.handle)).toEqual(expectedTables);
    } finally {
      await database.dispose();
    }
  });

  it.skipIf(!serverUrl())("apply on the PostgreSQL server (DATABASE_URL)", async () => {
    const database = await createTestDatabase("postgres");
    try {
      expect(await tableNames(database.handle)).toEqual(expectedTables);
    } finally {
      await database.dispose();
    }
  });
});

describe("constraints", () => {
  const optionSnapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 100, fullAmountBani: 100 };

  it("refuse a second enrolment of the same user in the same course", async () => {
    const user = await createUser();
    const { course } = await createCourse("online");
    const row = { userId: user.id, courseId: course.id, courseType: "online" as const, optionSnapshot };
    await getDb().insert(enrollments).values(row);
    await expect(getDb().insert(enrollments).values(row)).rejects.toThrow();
  });

  it("refuse progress above 100 and below 0", async () => {
    const user = await createUser();
    const { course } = await createCourse("online");
    await expect(
      getDb().insert(enrollments).values({ userId: user.id, courseId: course.id, courseType: "online", optionSnapshot, progress: 101 }),
    ).rejects.toThrow();
    await expect(
      getDb().insert(enrollments).values({ userId: user.id, courseId: course.id, courseType: "online", optionSnapshot, progress: -1 }),
    ).rejects.toThrow();
  });

  it("refuse negative amounts", async () => {
    await expect(createProduct({ priceBani: -1 })).rejects.toThrow();
    await expect(createCourse("online", {}, [{ days: null, amountBani: -500 }])).rejects.toThrow();
    const user = await createUser();
    await expect(
      getDb().insert(orders).values({
        userId: user.id, reference: "AN-NEG", status: "paid", paymentMethod: "card", totalBani: -100, fullTotalBani: 0,
        billingName: "x", billingEmail: "x@example.com", billingAddress: "x", idempotencyKey: "neg",
        termsAcceptedAt: new Date(),
      }),
    ).rejects.toThrow();
    expect((await getDb().select().from(products)).every((p) => p.priceBani >= 0)).toBe(true);
  });

  it("keep e-mails unique regardless of letter case", async () => {
    await createUser({ email: "Ana@Example.com" });
    await expect(createUser({ email: "ana@example.COM" })).rejects.toThrow();
  });

  it("refuse unknown statuses and kinds", async () => {
    await expect(createCourse("online", { kind: "hybrid" as never })).rejects.toThrow();
    await expect(createUser({ role: "root" as never })).rejects.toThrow();
  });
});

describe("indexes", () => {
  it("every foreign key can be followed by an index (no full scans on cascades and lookups)", async () => {
    const rows = await getDb().execute<{ table_name: string; column_name: string }>(sql`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )
      order by 1, 2`);
    const list = Array.isArray(rows) ? rows : (rows as { rows: Array<{ table_name: string; column_name: string }> }).rows;
    expect(list.map((r) => `${r.table_name}.${r.column_name}`)).toEqual([]);
  });
});
