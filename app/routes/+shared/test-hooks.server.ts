/**
 * Fixture operations for the Playwright suite (docs/architecture.md §10: "log in through fixtures that create
 * the user and session in the database"). Reachable only through /api/test-hooks/:op with the
 * TEST_HOOKS_TOKEN header, which only the test runner sets; otherwise that route answers 404.
 * Each issue adds the operations its journeys need.
 */
import v8 from "node:v8";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, queriesSent } from "../../../db/client";
import { coursePriceOptions, courseSessions, courses, enrollments, invoices, lessonProgress, lessons, mailOutbox, orders, products, termsPages, users } from "../../../db/schema";
import { todayInBucharest } from "~/lib/dates";
import { physicalPeriods } from "~/lib/pricing";
import { daysBetween } from "~/lib/sessions";
import { addCourseToCart, addProductToCart } from "~/models/cart.server";
import { getCart } from "~/models/cart-view.server";
import { placeOrder } from "~/models/order-checkout.server";
import { runEfactura } from "~/models/efactura.server";
import { transitionOrder } from "~/models/order-status.server";
import { rejectDocument } from "~/services/efactura/anaf-simulator.server";
import { createSession } from "~/models/session.server";
import { afterCatalogueWrite, processCatalogueCache } from "~/services/catalogue-cache.server";
import { outboxIdle } from "~/services/mail-outbox.server";
import { listActiveDeliveryMethods, saveCartDelivery } from "~/models/delivery.server";
import { guestPageStats, personalPageStats } from "~/services/html-cache.server";
import { processSessionCache } from "~/services/session-cache.server";
import { ORDERS_CHANNEL, processChangeFeed } from "~/services/change-feed.server";
import { hashPassword } from "~/services/password.server";

const userInput = z.object({
  email: z.email(),
  password: z.string().min(1).default("Parola-Buna1!"),
  name: z.string().default("Cursantă Test"),
  role: z.enum(["user", "admin"]).default("user"),
  phone: z.string().default(""),
  address: z.string().default(""),
});

async function ensureUser(input: z.infer<typeof userInput>) {
  const email = input.email.toLowerCase();
  const [existing] = await getDb().select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing) return existing;
  const [created] = await getDb()
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      name: input.name,
      role: input.role,
      phone: input.phone,
      address: input.address,
      addressStreet: input.address,
    })
    .returning();
  return created;
}

type Operation = (body: unknown) => Promise<unknown>;

const cartItem = z.object({
  /** A course or product title from the catalogue. */
  title: z.string(),
  /** Physical: which period (index among periods); online: which option (index by position). */
  option: z.number().int().min(0).default(0),
  accreditation: z.boolean().default(false),
  advancePayment: z.boolean().default(false),
  /** Physical: the session to book (course_sessions id). */
  sessionId: z.number().int().positive().optional(),
});

async function userIdByEmail(email: string): Promise<string> {
  const [user] = await getDb().select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

export const testHookOperations: Record<string, Operation> = {
  /** `npm run bench`: queries this process has sent, and the page caches' counters. */
  async queries() {
    return { queries: queriesSent(), guestPages: guestPageStats(), personalPages: personalPageStats(), sessions: processSessionCache()?.statistics() ?? null, orders: processChangeFeed(ORDERS_CHANNEL)?.statistics() ?? null, catalogueVersion: processCatalogueCache()?.version ?? null };
  },
  /** `npm run bench`: this process's memory (V8 heap by space, buffers) and the guest page cache. */
  async memory() {
    const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
    const usage = process.memoryUsage();
    return {
      pid: process.pid,
      rssMB: mb(usage.rss),
      heapTotalMB: mb(usage.heapTotal),
      heapLimitMB: mb(v8.getHeapStatistics().heap_size_limit),
      heapUsedMB: mb(usage.heapUsed),
      externalMB: mb(usage.external),
      arrayBuffersMB: mb(usage.arrayBuffers),
      spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_size)])),
      guestPages: guestPageStats(),
      personalPages: personalPageStats(),
    };
  },
  /** Creates the user if missing: {email, password?, name?, role?, phone?, address?}. */
  async user(body) {
    const user = await ensureUser(userInput.parse(body));
    return { id: user.id, email: user.email, name: user.name, role: user.role };
  },
  /** Creates (if needed) the user and a session: returns the cookie to set in the browser. */
  async login(body) {
    const user = await ensureUser(userInput.parse(body));
    const setCookie = await createSession(user.id);
    const [pair] = setCookie.split(";");
    const index = pair.indexOf("=");
    return { userId: user.id, cookie: { name: pair.slice(0, index), value: pair.slice(index + 1) } };
  },
  /** Fills the user's cart through the real cart model: {email, items: [{title, option?, accreditation?, advancePayment?}]}. */
  async addToCart(body) {
    const { email, items, pickup } = z.object({ email: z.email(), items: z.array(cartItem), pickup: z.boolean().optional() }).parse(body);
    const userId = await userIdByEmail(email);
    const results = [];
    for (const item of items) {
      const [course] = await getDb().select().from(courses).where(eq(courses.title, item.title)).limit(1);
      if (course) {
        const options = await getDb()
          .select()
          .from(coursePriceOptions)
          .where(eq(coursePriceOptions.courseId, course.id))
          .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id));
        const choices = course.kind === "physical" ? physicalPeriods(options) : options;
        results.push(
          await addCourseToCart(userId, {
            courseId: course.id,
            priceOptionId: choices[item.option]?.id ?? null,
            accreditation: item.accreditation,
            advancePayment: item.advancePayment,
            ...(item.sessionId ? { sessionId: item.sessionId } : {}),
          }),
        );
        continue;
      }
      const [product] = await getDb().select().from(products).where(eq(products.title, item.title)).limit(1);
      if (!product) throw new Error(`no course or product titled ${item.title}`);
      results.push(await addProductToCart(userId, product.id));
    }
    // `pickup: true`: a product's delivery is chosen too (free pickup), as the cart page would.
    const method = pickup ? (await listActiveDeliveryMethods()).find((m) => m.kind === "pickup") : undefined;
    if (method) {
      const empty = { recipientName: "", recipientPhone: "", street: "", city: "", county: "", postalCode: "", locker: "" };
      await saveCartDelivery(userId, { deliveryMethodId: method.id, sameAsBilling: false, ...empty }, { name: "", phone: "", address: "" });
    }
    return results;
  },
  /**
   * A published in-person course whose session began yesterday (so within the withdrawal period,
   * yet not the home page's "next session"), created once per title; for the early-start journey.
   */
  async courseUnderWay(body) {
    const { title } = z.object({ title: z.string().min(1) }).parse(body);
    const [existing] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, title)).limit(1);
    if (existing) return { title, courseId: existing.id };
    const yesterday = todayInBucharest(new Date(Date.now() - 86_400_000));
    const [course] = await getDb()
      .insert(courses)
      .values({ kind: "physical", title, category: "Manichiură", durationDays: 3, nextSessionOn: yesterday, isPublished: true, position: 999 })
      .returning({ id: courses.id });
    await getDb().insert(coursePriceOptions).values({ courseId: course.id, days: 3, amountBani: 90_000, position: 0 });
    return { title, courseId: course.id };
  },
  /** The user's orders (newest first) and enrolments, for assertions. */
  async ordersOf(body) {
    const { email } = z.object({ email: z.email() }).parse(body);
    const userId = await userIdByEmail(email);
    const list = await getDb().select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
    const enrolled = await getDb()
      .select({ courseId: enrollments.courseId, paymentStatus: enrollments.paymentStatus, title: courses.title })
      .from(enrollments)
      .innerJoin(courses, and(eq(courses.id, enrollments.courseId)))
      .where(eq(enrollments.userId, userId));
    return { orders: list, enrollments: enrolled };
  },
  /**
   * Enrols the user directly (no order): {email, courseTitle, status?, accessUntil?, name?}.
   * Creates the user if missing. Confirmed enrolments get confirmedAt; an existing one is updated.
   */
  async enroll(body) {
    const input = z
      .object({
        email: z.email(),
        courseTitle: z.string(),
        status: z.enum(["pending", "confirmed", "failed", "refunded"]).default("confirmed"),
        accessUntil: z.iso.datetime().nullable().default(null),
        name: z.string().optional(),
      })
      .parse(body);
    const user = await ensureUser(userInput.parse({ email: input.email, ...(input.name ? { name: input.name } : {}) }));
    const [course] = await getDb().select().from(courses).where(eq(courses.title, input.courseTitle)).limit(1);
    if (!course) throw new Error(`no course titled ${input.courseTitle}`);
    const values = {
      paymentStatus: input.status,
      accessUntil: input.accessUntil ? new Date(input.accessUntil) : null,
      confirmedAt: input.status === "confirmed" ? new Date() : null,
    };
    const [row] = await getDb()
      .insert(enrollments)
      .values({
        userId: user.id,
        courseId: course.id,
        courseType: course.kind,
        optionSnapshot: { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 },
        ...values,
      })
      .onConflictDoUpdate({ target: [enrollments.userId, enrollments.courseId], set: values })
      .returning({ id: enrollments.id });
    return { enrollmentId: row.id, courseId: course.id, userId: user.id };
  },
  /** Moves the first-served time of the user's lessons in a course back (or forward, negative): {email, courseTitle, seconds}. */
  async backdateLessons(body) {
    const { email, courseTitle, seconds } = z
      .object({ email: z.email(), courseTitle: z.string(), seconds: z.number().int().min(-86_400).max(86_400) })
      .parse(body);
    const userId = await userIdByEmail(email);
    const [row] = await getDb()
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(eq(enrollments.userId, userId), eq(courses.title, courseTitle)));
    if (!row) throw new Error("no enrolment");
    const updated = await getDb()
      .update(lessonProgress)
      .set({ firstServedAt: sql`${lessonProgress.firstServedAt} - make_interval(secs => ${seconds})` })
      .where(eq(lessonProgress.enrollmentId, row.id))
      .returning({ lessonId: lessonProgress.lessonId });
    return { updated: updated.length };
  },
  /** Admin journeys: a course with its options and lessons, by title (null if none). */
  /**
   * A published physical course of its own for a journey that changes a course's state (its
   * sessions): {title, days, amountBani} → {id}. Specs running in parallel keep buying the seeded
   * courses unaffected.
   */
  async physicalCourse(body) {
    const { title, days, amountBani, sessions } = z
      .object({
        title: z.string().min(1),
        days: z.number().int().positive(),
        amountBani: z.number().int().positive(),
        /** Optional sessions of the course: {startsOn (YYYY-MM-DD), capacity}, `days` consecutive days each. */
        sessions: z.array(z.object({ startsOn: z.iso.date(), capacity: z.number().int().positive() })).default([]),
      })
      .parse(body);
    const created = await afterCatalogueWrite(
      getDb().transaction(async (tx) => {
        const [course] = await tx.insert(courses).values({ kind: "physical", title, durationDays: days, isPublished: true }).returning({ id: courses.id });
        await tx.insert(coursePriceOptions).values({ courseId: course.id, days, amountBani, position: 0 });
        const sessionIds: number[] = [];
        for (const s of sessions) {
          const end = new Date(Date.parse(`${s.startsOn}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);
          const dates = daysBetween(s.startsOn, end);
          const [row] = await tx
            .insert(courseSessions)
            .values({ courseId: course.id, days, startsOn: s.startsOn, endsOn: end, dates, capacity: s.capacity })
            .returning({ id: courseSessions.id });
          sessionIds.push(row.id);
        }
        return { id: course.id, sessionIds };
      }),
    );
    return created;
  },
  async courseByTitle(body) {
    const { title } = z.object({ title: z.string() }).parse(body);
    const [course] = await getDb().select().from(courses).where(eq(courses.title, title)).limit(1);
    if (!course) return null;
    const options = await getDb()
      .select()
      .from(coursePriceOptions)
      .where(eq(coursePriceOptions.courseId, course.id))
      .orderBy(asc(coursePriceOptions.position));
    const lessonRows = await getDb()
      .select()
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.chapterId), asc(lessons.lessonId));
    return { course, options, lessons: lessonRows };
  },
  /** Legal pages: removes a page and returns its sections, so the test can put them back. */
  async deleteTermsPage(body) {
    const { pageKey } = z.object({ pageKey: z.string() }).parse(body);
    const [row] = await getDb().delete(termsPages).where(eq(termsPages.pageKey, pageKey)).returning();
    // This process sees its own catalogue write now, not one NOTIFY later (the next request may
    // come before the notification on PostgreSQL).
    await processCatalogueCache()?.verify();
    return { sections: row?.sections ?? null };
  },
  /** Legal pages: writes a page's sections back (after a test changed or deleted it). */
  async restoreTermsPage(body) {
    const { pageKey, sections } = z
      .object({ pageKey: z.string(), sections: z.array(z.object({ title: z.string(), description: z.string() })) })
      .parse(body);
    await getDb()
      .insert(termsPages)
      .values({ pageKey, sections })
      .onConflictDoUpdate({ target: termsPages.pageKey, set: { sections } });
    await processCatalogueCache()?.verify();
    return { ok: true };
  },
  /** Reads a user's row (for assertions on what a journey changed). */
  async getUser(body) {
    const { email } = z.object({ email: z.email() }).parse(body);
    const [user] = await getDb().select().from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) return null;
    const { passwordHash: _passwordHash, ...rest } = user;
    return rest;
  },
  /**
   * Places the user's cart as a bank-transfer order through the real checkout model (boxes
   * ticked, the saved address): {email} → {id, reference, totalBani}. For pages that need a
   * user with orders or an order awaiting a transfer.
   */
  async placeTransferOrder(body) {
    const { email } = z.object({ email: z.email() }).parse(body);
    const userId = await userIdByEmail(email);
    const cart = await getCart(userId);
    const placed = await placeOrder(
      userId,
      { paymentMethod: "bank_transfer", acceptTerms: true, digitalConsent: true, withdrawalWaiver: true, cartVersion: cart.version },
      { cardAvailable: false },
    );
    if (!placed.ok) throw new Error(placed.message);
    return { id: placed.order.id, reference: placed.order.reference, totalBani: placed.order.totalBani };
  },
  /**
   * The messages queued for an address, once no outbox run is in progress: {email} →
   * [{status, subject}]. "No e-mail" is then a settled fact, not a look taken too early.
   */
  async mailTo(body) {
    const { email } = z.object({ email: z.email() }).parse(body);
    await outboxIdle();
    return getDb()
      .select({ status: mailOutbox.status, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email.toLowerCase()));
  },
  /**
   * Confirms a bank transfer as the admin would ("Confirmă plata"): {orderId} → the invoice issued
   * ({id, number}). For the e-Factura journeys.
   */
  async confirmTransfer(body) {
    const { orderId } = z.object({ orderId: z.uuid() }).parse(body);
    const result = await transitionOrder(orderId, "paid", { source: "admin" });
    if (!result.ok) throw new Error(result.reason);
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.orderId, orderId));
    return invoice ? { id: invoice.id, number: `${invoice.series} ${invoice.number}` } : null;
  },
  /** One pass of the e-Factura job now, uploading only {invoiceIds} (polls and warnings as usual). */
  async efacturaRun(body) {
    const { invoiceIds } = z.object({ invoiceIds: z.array(z.uuid()) }).parse(body);
    return runEfactura({ only: invoiceIds });
  },
  /** {numbers: ["ANA 12", …]} → [{id, number}] in the same order. */
  async invoicesByNumber(body) {
    const { numbers } = z.object({ numbers: z.array(z.string()) }).parse(body);
    const rows = await getDb().select({ id: invoices.id, series: invoices.series, number: invoices.number }).from(invoices);
    return numbers.map((n) => {
      const row = rows.find((r) => `${r.series} ${r.number}` === n);
      return row ? { id: row.id, number: n } : null;
    });
  },
  /** The ANAF simulator answers "nok" to this document number when it is uploaded: {documentId: "ANA12"}. */
  async anafRejectDocument(body) {
    rejectDocument(z.object({ documentId: z.string().min(1) }).parse(body).documentId);
    return { ok: true };
  },
};
