/**
 * The whole data model (docs/product.md §3, docs/architecture.md §4). Money is always an integer number of bani.
 * Every table has NOT NULL where a value is always known, CHECKs for the value rules and an
 * index on each lookup path. Migrations in ../migrations are generated from this file.
 */
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  type AnyPgColumn,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CourseContent } from "../app/lib/course-content";
import type { BuyerSnapshot, IssuerSnapshot } from "../app/lib/invoice-types";
import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from "../app/lib/order-states";

// Order states and payment methods are values the pages label too: they live in lib/.
export { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod };

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const USER_ROLES = ["user", "admin"] as const;
export const COURSE_KINDS = ["physical", "online"] as const;
export const CART_CATEGORIES = ["physical", "online", "product"] as const;
export const PAYMENT_STATUSES = ["pending", "confirmed", "failed", "refunded"] as const;
/**
 * Mail outbox states: `pending` → `claimed` (leased by a worker, retaken when its lease runs out)
 * → `sending` (about to be handed to SMTP: never retaken, so never sent twice) → `sent`; a send
 * that failed goes back to `pending` with a backoff.
 */
export const MAIL_STATUSES = ["pending", "claimed", "sending", "sent", "failed"] as const;
export const DELIVERY_KINDS = ["pickup", "courier", "locker"] as const;
export const FULFILMENT_STATUSES = ["to_prepare", "shipped", "delivered", "picked_up"] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type CourseKind = (typeof COURSE_KINDS)[number];
export type CartCategory = (typeof CART_CATEGORIES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const BUYER_TYPES = ["person", "company"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// ─── Accounts ────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) makes it unique case-insensitively. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    /**
     * docs/product.md "adresa": the billing address as one line, composed from the fields below
     * (lib/address.ts composeAddress) when they are set; what the JSON API reads and writes.
     */
    address: text("address").notNull().default(""),
    /**
     * The billing address as fields (issue 24, for the invoice and e-Factura): street and number;
     * locality; county as its ISO 3166-2:RO code (RO-CJ, RO-B); six-digit postal code or "";
     * Bucharest sector 1–6. Addresses saved before the fields existed keep their line in street.
     */
    addressStreet: text("address_street").notNull().default(""),
    addressCity: text("address_city").notNull().default(""),
    addressCounty: text("address_county").notNull().default(""),
    addressPostalCode: text("address_postal_code").notNull().default(""),
    addressSector: smallint("address_sector"),
    /** Invoice buyer: a private person (name + address) or a company (the fields below). */
    buyerType: text("buyer_type").$type<BuyerType>().notNull().default("person"),
    companyName: text("company_name").notNull().default(""),
    companyCui: text("company_cui").notNull().default(""),
    companyRegCom: text("company_reg_com").notNull().default(""),
    role: text("role").$type<UserRole>().notNull().default("user"),
    marketingOptIn: boolean("marketing_opt_in").notNull().default(false),
    /**
     * Set when the user deleted the account (GDPR art. 17): the row stays, anonymised, because
     * orders and invoices kept for the fiscal retention period reference it.
     */
    deletedAt: ts("deleted_at"),
    /**
     * Bumped by the database whenever anything a logged-in page shows of this user changes: the
     * row itself, or a row of theirs in the tables named in migration 0025 (deferred triggers, at
     * commit). Read with the session; app/services/personal-cache.server.ts keys the user's page
     * data by it, so no write, whatever code makes it, can leave a stale page behind.
     */
    dataVersion: bigint("data_version", { mode: "number" }).notNull().default(0),
    /**
     * Lines in the user's cart (the header's badge), kept by the database at the commit of every
     * write to cart_lines (migration 0026), so that the session's query reads it without counting.
     */
    cartLineCount: integer("cart_line_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", inList("role", USER_ROLES)),
    check("users_email_check", sql`position('@' in ${t.email}) > 1`),
    check("users_address_sector_check", sql`${t.addressSector} is null or ${t.addressSector} between 1 and 6`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the random token held in the signed cookie: a database leak gives no sessions. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the 32 random bytes sent by e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every app process (login, register, reset limits). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: ts("reset_at").notNull(),
  },
  (t) => [
    index("rate_limits_reset_idx").on(t.resetAt),
    check("rate_limits_count_check", sql`${t.count} >= 0`),
  ],
);

// ─── Catalogue ───────────────────────────────────────────────────────────────────────────────

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<CourseKind>().notNull(),
    title: text("title").notNull(),
    secondTitle: text("second_title").notNull().default(""),
    /** Shown as "Descriere". */
    thirdTitle: text("third_title").notNull().default(""),
    category: text("category").notNull().default(""),
    imageKey: text("image_key"),
    /** An optional compare-at ("preț întreg") amount shown struck through. */
    price2Bani: integer("price2_bani"),
    /** Course length in days; null means "nelimitat" (always null for online courses). */
    durationDays: integer("duration_days"),
    /** Next in-person session start (physical courses), used by the home page promo. */
    nextSessionOn: date("next_session_on"),
    content: jsonb("content")
      .$type<CourseContent>()
      .notNull()
      .default(sql`'{"chapters":[],"days":[]}'::jsonb`),
    isPublished: boolean("is_published").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("courses_kind_check", inList("kind", COURSE_KINDS)),
    check("courses_price2_check", sql`${t.price2Bani} is null or ${t.price2Bani} >= 0`),
    check("courses_duration_check", sql`${t.durationDays} is null or ${t.durationDays} > 0`),
    index("courses_listing_idx").on(t.kind, t.isPublished, t.position),
  ],
);

export const coursePriceOptions = pgTable(
  "course_price_options",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Period (physical) or access days (online); null means "nelimitat". */
    days: integer("days"),
    amountBani: integer("amount_bani").notNull(),
    accreditation: boolean("accreditation").notNull().default(false),
    advancePayment: boolean("advance_payment").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("course_price_options_course_idx").on(t.courseId, t.position),
    check("course_price_options_amount_check", sql`${t.amountBani} >= 0`),
    check("course_price_options_days_check", sql`${t.days} is null or ${t.days} > 0`),
  ],
);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    chapterId: integer("chapter_id").notNull(),
    lessonId: integer("lesson_id").notNull(),
    title: text("title").notNull(),
    explanation: text("explanation").notNull().default(""),
    videoKey: text("video_key"),
    pdfKey: text("pdf_key"),
    /** WebVTT captions of the video (captions/…; checked as WebVTT, served as text/vtt). */
    captionsKey: text("captions_key"),
    /** Plain-text transcript shown under the video ("Transcriere"); "" when there is none. */
    transcript: text("transcript").notNull().default(""),
    videoDurationSeconds: integer("video_duration_seconds"),
    isPublished: boolean("is_published").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lessons_course_chapter_lesson_key").on(t.courseId, t.chapterId, t.lessonId),
    check("lessons_ids_check", sql`${t.chapterId} >= 0 and ${t.lessonId} >= 0`),
    check(
      "lessons_duration_check",
      sql`${t.videoDurationSeconds} is null or ${t.videoDurationSeconds} >= 0`,
    ),
  ],
);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    description: text("description").notNull().default(""),
    imageKey: text("image_key"),
    priceBani: integer("price_bani").notNull(),
    price2Bani: integer("price2_bani"),
    /** Units on hand; null means "nelimitat". Checkout takes from it, a cancelled order gives back. */
    stock: integer("stock"),
    isPublished: boolean("is_published").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_check", sql`${t.priceBani} >= 0`),
    check("products_stock_check", sql`${t.stock} is null or ${t.stock} >= 0`),
    check("products_price2_check", sql`${t.price2Bani} is null or ${t.price2Bani} >= 0`),
    index("products_listing_idx").on(t.isPublished, t.position),
  ],
);

/**
 * Every change of a course option's or a product's price (issue 19, Omnibus rules): who, when,
 * old (null on creation) and new. Written in the transaction that writes the price; the
 * "Cel mai mic preț din ultimele 30 de zile" statement is computed from it (lib/price-history).
 */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    /** The option's id (no FK: the history outlives a deleted option). */
    priceOptionId: integer("price_option_id"),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    oldBani: integer("old_bani"),
    newBani: integer("new_bani").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: ts("changed_at").notNull().defaultNow(),
  },
  (t) => [
    index("price_changes_course_idx").on(t.courseId, t.changedAt),
    index("price_changes_product_idx").on(t.productId, t.changedAt),
    index("price_changes_changed_by_idx").on(t.changedBy),
    check(
      "price_changes_item_check",
      sql`(${t.productId} is not null and ${t.courseId} is null and ${t.priceOptionId} is null)
        or (${t.productId} is null and ${t.courseId} is not null and ${t.priceOptionId} is not null)`,
    ),
  ],
);

export const termsPages = pgTable(
  "terms_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pageKey: text("page_key").notNull().unique(),
    sections: jsonb("sections").$type<Array<{ title: string; description: string }>>().notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("terms_pages_updated_by_idx").on(t.updatedBy)],
);

// ─── In-person sessions (issue 28) ───────────────────────────────────────────────────────────

/**
 * Session states: `open` (selling), `full` (every seat held or taken; set and cleared by the seat
 * writes themselves), `closed` (no more sales, the admin's choice), `cancelled`.
 */
export const SESSION_STATES = ["open", "full", "closed", "cancelled"] as const;
export type SessionState = (typeof SESSION_STATES)[number];
/** A seat is `held` (order placed, payment not arrived), `taken` (paid, or added by the admin), or `released`. */
export const SEAT_STATUSES = ["held", "taken", "released"] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

/** One dated run of a physical course in a room with a fixed number of work places. */
export const courseSessions = pgTable(
  "course_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The period it belongs to: the `days` of one of the course's physical price options. */
    days: integer("days").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    /** Every day the session runs (YYYY-MM-DD, ascending): start–end, or a list (weekends). */
    dates: jsonb("dates").$type<string[]>().notNull(),
    /** Local (Europe/Bucharest) times, HH:MM. */
    startTime: text("start_time").notNull().default("09:00"),
    endTime: text("end_time").notNull().default("17:00"),
    /** Where it takes place; null: the academy's address (the business address). */
    place: text("place"),
    capacity: integer("capacity").notNull(),
    /** Seats held or taken: what the checkout's conditional update counts against the capacity. */
    seatsTaken: integer("seats_taken").notNull().default(0),
    state: text("state").$type<SessionState>().notNull().default("open"),
    /** What to bring, repeated in the reminder e-mail. */
    notes: text("notes").notNull().default(""),
    /** iCalendar SEQUENCE: bumped when the admin moves or cancels the session. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("course_sessions_course_idx").on(t.courseId, t.startsOn),
    index("course_sessions_starts_idx").on(t.startsOn),
    check("course_sessions_state_check", inList("state", SESSION_STATES)),
    check("course_sessions_days_check", sql`${t.days} > 0`),
    check("course_sessions_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("course_sessions_capacity_check", sql`${t.capacity} between 1 and 500`),
    check("course_sessions_seats_check", sql`${t.seatsTaken} >= 0`),
  ],
);

/** A student's place in a session: held by an order, taken for good on payment, or added by the admin. */
export const sessionSeats = pgTable(
  "session_seats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => courseSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The order line that bought it; null for a student the admin added by hand. */
    orderLineId: uuid("order_line_id").references((): AnyPgColumn => orderLines.id, { onDelete: "set null" }),
    status: text("status").$type<SeatStatus>().notNull(),
    /** Added by the admin without a payment through the site. */
    manual: boolean("manual").notNull().default(false),
    /** A bank-transfer hold ends here (then released); null: no end (card until its result, or taken). */
    heldUntil: ts("held_until"),
    /** The days attended (YYYY-MM-DD). */
    attendance: jsonb("attendance").$type<string[]>().notNull().default([]),
    /** The student used their own free move (allowed once). */
    movedByStudentAt: ts("moved_by_student_at"),
    /** A place held for the first on the waitlist (no order yet); its checkout takes it over. */
    waitlistOffer: boolean("waitlist_offer").notNull().default(false),
    releasedAt: ts("released_at"),
    releaseReason: text("release_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("session_seats_active_key").on(t.sessionId, t.userId).where(sql`${t.status} <> 'released'`),
    index("session_seats_user_idx").on(t.userId),
    index("session_seats_order_line_idx").on(t.orderLineId),
    index("session_seats_held_idx").on(t.status, t.heldUntil),
    check("session_seats_status_check", inList("status", SEAT_STATUSES)),
  ],
);

/**
 * Waitlist of a full session: `waiting` in line (oldest first), `offered` (a place is held for
 * them as `seat_id` until `offer_expires_at`), then `bought`, `left`, `expired` or `closed`
 * (the session was cancelled or started).
 */
export const WAITLIST_STATUSES = ["waiting", "offered", "bought", "left", "expired", "closed"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const sessionWaitlist = pgTable(
  "session_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => courseSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    seatId: uuid("seat_id").references(() => sessionSeats.id, { onDelete: "set null" }),
    offeredAt: ts("offered_at"),
    offerExpiresAt: ts("offer_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("session_waitlist_active_key").on(t.sessionId, t.userId).where(sql`${t.status} in ('waiting', 'offered')`),
    index("session_waitlist_queue_idx").on(t.sessionId, t.status, t.createdAt),
    index("session_waitlist_user_idx").on(t.userId),
    index("session_waitlist_seat_idx").on(t.seatId),
    check("session_waitlist_status_check", inList("status", WAITLIST_STATUSES)),
  ],
);

/** Reminder e-mails sent for a seat: one row per (seat, days before the start), so each goes once. */
export const sessionReminders = pgTable(
  "session_reminders",
  {
    seatId: uuid("seat_id")
      .notNull()
      .references(() => sessionSeats.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seatId, t.daysBefore] })],
);

// ─── Cart, orders, enrolments ────────────────────────────────────────────────────────────────

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").$type<CartCategory>().notNull(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    /** Physical: the chosen period's base option; online: the chosen option. */
    priceOptionId: integer("price_option_id").references(() => coursePriceOptions.id, {
      onDelete: "cascade",
    }),
    accreditation: boolean("accreditation").notNull().default(false),
    advancePayment: boolean("advance_payment").notNull().default(false),
    /** Units of a product (always 1 for a course). */
    quantity: integer("quantity").notNull().default(1),
    /** Physical: the chosen dated session (course_sessions); null for a course without sessions. */
    sessionId: integer("session_id").references((): AnyPgColumn => courseSessions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("cart_lines_user_idx").on(t.userId),
    index("cart_lines_session_idx").on(t.sessionId),
    check("cart_lines_quantity_check", sql`${t.quantity} between 1 and 999`),
    // Deleting a course, product or price option cascades here: find the lines by index.
    index("cart_lines_course_idx").on(t.courseId),
    index("cart_lines_product_idx").on(t.productId),
    index("cart_lines_price_option_idx").on(t.priceOptionId),
    uniqueIndex("cart_lines_user_course_key")
      .on(t.userId, t.courseId)
      .where(sql`${t.courseId} is not null`),
    uniqueIndex("cart_lines_user_product_key")
      .on(t.userId, t.productId)
      .where(sql`${t.productId} is not null`),
    check("cart_lines_category_check", inList("category", CART_CATEGORIES)),
    check(
      "cart_lines_item_check",
      sql`(${t.category} = 'product' and ${t.productId} is not null and ${t.courseId} is null)
        or (${t.category} <> 'product' and ${t.courseId} is not null and ${t.productId} is null
            and ${t.priceOptionId} is not null)`,
    ),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Internal sequence number. */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /**
     * Public reference written on the bank transfer (e.g. AN-7K3Q9X2M). Derived from the
     * idempotency key, so the transfer panel can show it before the order row exists.
     */
    reference: text("reference").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    /** Amount due now (what is paid), in bani. */
    totalBani: integer("total_bani").notNull(),
    /** Full price of everything ordered; minus totalBani is the balance paid at the course. */
    fullTotalBani: integer("full_total_bani").notNull(),
    /** Delivery fee included in totalBani (0 without products or when free); details in order_deliveries. */
    shippingBani: integer("shipping_bani").notNull().default(0),
    currency: text("currency").notNull().default("RON"),
    billingName: text("billing_name").notNull(),
    billingEmail: text("billing_email").notNull(),
    billingPhone: text("billing_phone").notNull().default(""),
    billingAddress: text("billing_address").notNull(),
    /** The invoice buyer at checkout (person or company), snapshotted for the invoices. */
    buyer: jsonb("buyer").$type<BuyerSnapshot>(),
    /** Unique per checkout of one cart's contents: a replayed or doubled POST makes one order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerRef: text("provider_ref"),
    panMasked: text("pan_masked"),
    termsAcceptedAt: ts("terms_accepted_at").notNull(),
    /** OUG 34/2014 art. 16 m): consent to start digital content and waiver of withdrawal. */
    digitalContentConsentAt: ts("digital_content_consent_at"),
    withdrawalWaiverAt: ts("withdrawal_waiver_at"),
    /** The buyer asked that an in-person course start within the withdrawal period (lib/early-start.ts). */
    earlyStartRequestedAt: ts("early_start_requested_at"),
    paidAt: ts("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    check("orders_status_check", inList("status", ORDER_STATUSES)),
    check("orders_method_check", inList("payment_method", PAYMENT_METHODS)),
    check(
      "orders_amounts_check",
      sql`${t.totalBani} >= 0 and ${t.fullTotalBani} >= ${t.totalBani}`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    category: text("category").$type<CartCategory>().notNull(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    priceOptionId: integer("price_option_id").references(() => coursePriceOptions.id, {
      onDelete: "set null",
    }),
    /** Snapshots: the order keeps what was bought even if the catalogue changes. */
    title: text("title").notNull(),
    days: integer("days"),
    accreditation: boolean("accreditation").notNull().default(false),
    advancePayment: boolean("advance_payment").notNull().default(false),
    /** Line amounts are for all units: unit price = amountBani / quantity. */
    amountBani: integer("amount_bani").notNull(),
    fullAmountBani: integer("full_amount_bani").notNull(),
    quantity: integer("quantity").notNull().default(1),
    position: integer("position").notNull().default(0),
    /** Physical: the session bought (its seat is in session_seats). */
    sessionId: integer("session_id").references((): AnyPgColumn => courseSessions.id, { onDelete: "set null" }),
    /** Snapshot of the session's dates and place as bought ("12–16/05/2027, 09:00–17:00, <place>"); "" without one. */
    sessionLabel: text("session_label").notNull().default(""),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_session_idx").on(t.sessionId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
    // Sales per course or product, and the set-null on delete.
    index("order_lines_course_idx").on(t.courseId),
    index("order_lines_product_idx").on(t.productId),
    index("order_lines_price_option_idx").on(t.priceOptionId),
    check("order_lines_category_check", inList("category", CART_CATEGORIES)),
    check(
      "order_lines_amounts_check",
      sql`${t.amountBani} >= 0 and ${t.fullAmountBani} >= ${t.amountBani}`,
    ),
  ],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    /** checkout | admin | ipn | system */
    source: text("source").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.createdAt),
    index("order_events_actor_idx").on(t.actorUserId),
  ],
);

/**
 * The content type each stored file was verified as (issue 14): `/media` and S3 download URLs
 * serve this type, never one guessed from the key's extension. One row per storage key.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    key: text("key").primaryKey(),
    contentType: text("content_type").notNull(),
    verifiedAt: ts("verified_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "media_files_type_check",
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'video/mp4', 'video/webm', 'application/pdf', 'text/vtt')`,
    ),
  ],
);

/** Every payment notification (IPN) as received, for audit and reconciliation. */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    rawBody: text("raw_body").notNull(),
    decoded: jsonb("decoded"),
    action: text("action"),
    errorCode: integer("error_code"),
    /** applied | unchanged | rejected | error */
    outcome: text("outcome").notNull(),
    message: text("message").notNull().default(""),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [index("payment_notifications_order_idx").on(t.orderId, t.receivedAt)],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    courseType: text("course_type").$type<CourseKind>().notNull(),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    completedChapters: jsonb("completed_chapters").$type<number[]>().notNull().default([]),
    /** The chosen option at purchase: what the student bought, even if the course changes. */
    optionSnapshot: jsonb("option_snapshot")
      .$type<{
        days: number | null;
        accreditation: boolean;
        advancePayment: boolean;
        amountBani: number;
        fullAmountBani: number;
      }>()
      .notNull(),
    /** End of access (online courses with limited days); null = unlimited or not started. */
    accessUntil: ts("access_until"),
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    confirmedAt: ts("confirmed_at"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("enrollments_user_course_key").on(t.userId, t.courseId),
    index("enrollments_course_idx").on(t.courseId),
    index("enrollments_order_line_idx").on(t.orderLineId),
    check("enrollments_course_type_check", inList("course_type", COURSE_KINDS)),
    check("enrollments_payment_status_check", inList("payment_status", PAYMENT_STATUSES)),
    check("enrollments_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);

/** Per lesson: when it was first served (the watch rule) and when it was completed. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    firstServedAt: ts("first_served_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.enrollmentId, t.lessonId] }),
    index("lesson_progress_lesson_idx").on(t.lessonId),
  ],
);

export const diplomas = pgTable(
  "diplomas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Public verification code printed on the PDF and used by /diploma/:code. */
    code: text("code").notNull().unique(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .unique()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    holderName: text("holder_name").notNull(),
    courseTitle: text("course_title").notNull(),
    completedOn: date("completed_on").notNull(),
    issuedAt: ts("issued_at").notNull().defaultNow(),
  },
);

// ─── Delivery (products only) ────────────────────────────────────────────────────────────────

export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    kind: text("kind").$type<DeliveryKind>().notNull(),
    description: text("description").notNull().default(""),
    feeBani: integer("fee_bani").notNull().default(0),
    /** Products subtotal from which delivery is free; null: never free (unless the fee is 0). */
    freeAboveBani: integer("free_above_bani"),
    /** Estimated delivery time in working days; null: not shown (e.g. pickup). */
    estimatedDays: integer("estimated_days"),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("delivery_methods_kind_check", inList("kind", DELIVERY_KINDS)),
    check("delivery_methods_fee_check", sql`${t.feeBani} >= 0`),
    check("delivery_methods_free_above_check", sql`${t.freeAboveBani} is null or ${t.freeAboveBani} >= 0`),
    check("delivery_methods_days_check", sql`${t.estimatedDays} is null or ${t.estimatedDays} between 0 and 60`),
  ],
);

export interface DeliveryAddress {
  name: string;
  phone: string;
  street: string;
  city: string;
  county: string;
  postalCode: string;
}

/** The buyer's delivery choice while shopping (one per user), read again at checkout. */
export const cartDeliveries = pgTable(
  "cart_deliveries",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    methodId: integer("method_id")
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: "cascade" }),
    /** Courier: the address; locker: name and phone with the locker's name/address in street. */
    address: jsonb("address").$type<DeliveryAddress>(),
    sameAsBilling: boolean("same_as_billing").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index("cart_deliveries_method_idx").on(t.methodId)],
);

/** How an order with products reaches the buyer: a snapshot of the method and the fulfilment. */
export const orderDeliveries = pgTable(
  "order_deliveries",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    methodId: integer("method_id").references(() => deliveryMethods.id, { onDelete: "set null" }),
    methodName: text("method_name").notNull(),
    kind: text("kind").$type<DeliveryKind>().notNull(),
    feeBani: integer("fee_bani").notNull(),
    address: jsonb("address").$type<DeliveryAddress>(),
    status: text("status").$type<FulfilmentStatus>().notNull().default("to_prepare"),
    courierName: text("courier_name"),
    awb: text("awb"),
    trackingUrl: text("tracking_url"),
    shippedAt: ts("shipped_at"),
    completedAt: ts("completed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_deliveries_status_idx").on(t.status),
    index("order_deliveries_method_idx").on(t.methodId),
    check("order_deliveries_kind_check", inList("kind", DELIVERY_KINDS)),
    check("order_deliveries_status_check", inList("status", FULFILMENT_STATUSES)),
    check("order_deliveries_fee_check", sql`${t.feeBani} >= 0`),
  ],
);

// ─── Mail outbox ─────────────────────────────────────────────────────────────────────────────

/** Messages queued in the same transaction as the change they announce; a worker sends them. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Files rendered when the message is sent (e.g. `{ kind: "invoice", id }`: the invoice PDF). */
    attachments: jsonb("attachments").$type<Array<{ kind: "invoice"; id: string } | { kind: "ics"; id: string; method: "REQUEST" | "CANCEL" }>>().notNull().default([]),
    status: text("status").$type<(typeof MAIL_STATUSES)[number]>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    /** The worker run that holds the row (claimed/sending); checked before sending and when marking sent. */
    claimToken: uuid("claim_token"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("mail_outbox_status_check", inList("status", MAIL_STATUSES)),
    check("mail_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

// ─── Invoices (issue 15) ─────────────────────────────────────────────────────────────────────

export const VAT_MODES = ["payer", "non_payer", "exempt"] as const;
export type VatMode = (typeof VAT_MODES)[number];
export const INVOICE_KINDS = ["invoice", "advance", "final", "credit"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** pending "de transmis" → uploaded "trimisă" (an upload index) → validated / rejected (ANAF's answer). */
export const EFACTURA_STATUSES = ["pending", "uploaded", "validated", "rejected"] as const;
export type EfacturaStatus = (typeof EFACTURA_STATUSES)[number];

/** One row (id 1): the issuer data the admin edits; unset values come from BUSINESS_* config. */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    cui: text("cui").notNull(),
    regCom: text("reg_com").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-2:RO code (RO-CT). */
    county: text("county").notNull(),
    bank: text("bank").notNull(),
    iban: text("iban").notNull(),
    series: text("series").notNull(),
    vatMode: text("vat_mode").$type<VatMode>().notNull(),
    /** Standard rate in percent (21 since 1 Aug 2025). */
    vatRate: integer("vat_rate").notNull(),
    /** Printed on exempt invoices (e.g. "Scutit de TVA conform art. 292 alin. (2) lit. a) pct. 4 Cod fiscal"). */
    exemptText: text("exempt_text").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("invoice_settings_singleton_check", sql`${t.id} = 1`),
    check("invoice_settings_vat_mode_check", inList("vat_mode", VAT_MODES)),
    check("invoice_settings_vat_rate_check", sql`${t.vatRate} between 0 and 100`),
  ],
);

/**
 * One row (id 1): the course price rules the admin sets (docs/product.md §9 gives the defaults): the
 * accreditation surcharge added to a physical course's period price, and the fixed advance paid
 * instead of the total. Read by the cart and checkout; a change bumps the catalogue version
 * (trigger), since the detail pages show them.
 */
export const courseSettings = pgTable(
  "course_settings",
  {
    id: integer("id").primaryKey(),
    accreditationSurchargeBani: integer("accreditation_surcharge_bani").notNull().default(65000),
    advancePaymentBani: integer("advance_payment_bani").notNull().default(50000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("course_settings_singleton_check", sql`${t.id} = 1`),
    check("course_settings_amounts_check", sql`${t.accreditationSurchargeBani} >= 0 and ${t.advancePaymentBani} > 0`),
  ],
);

/** The next number of each series; locked FOR UPDATE by the transaction that issues. */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    series: text("series").primaryKey(),
    nextNumber: integer("next_number").notNull().default(1),
  },
  (t) => [check("invoice_series_next_check", sql`${t.nextNumber} >= 1`)],
);

/** Issued invoices and credit notes: written once, never updated except the e-Factura status. */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One per order and kind (`<order>:invoice`, `<order>:advance`, `<order>:final`, `<invoice>:credit`). */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The invoice a credit note cancels, or the advance a final invoice deducts. */
    referenceInvoiceId: uuid("reference_invoice_id"),
    issuedOn: date("issued_on").notNull(),
    issuedAt: ts("issued_at").notNull().defaultNow(),
    issuer: jsonb("issuer").$type<IssuerSnapshot>().notNull(),
    buyer: jsonb("buyer").$type<BuyerSnapshot>().notNull(),
    vatMode: text("vat_mode").$type<VatMode>().notNull(),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    orderReference: text("order_reference").notNull(),
    currency: text("currency").notNull().default("RON"),
    netBani: integer("net_bani").notNull(),
    vatBani: integer("vat_bani").notNull(),
    totalBani: integer("total_bani").notNull(),
    efacturaStatus: text("efactura_status").$type<EfacturaStatus>().notNull().default("pending"),
    /** ANAF's upload index (index de încărcare): from the connection, or entered by the admin after an SPV upload. */
    efacturaIndex: text("efactura_index"),
    efacturaAt: ts("efactura_at"),
    /** ANAF's errors on a rejected document (its messages, as ANAF wrote them). */
    efacturaErrors: jsonb("efactura_errors").$type<string[]>(),
    /** Storage key of ANAF's answer ZIP (the signed XML: the legal proof). */
    efacturaProofKey: text("efactura_proof_key"),
    /** When the admin was warned by e-mail that the 5-working-day deadline is near (once per document). */
    efacturaWarnedAt: ts("efactura_warned_at"),
  },
  (t) => [
    uniqueIndex("invoices_series_number_key").on(t.series, t.number),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_user_idx").on(t.userId, t.issuedAt),
    index("invoices_issued_idx").on(t.issuedOn),
    check("invoices_kind_check", inList("kind", INVOICE_KINDS)),
    check("invoices_efactura_check", inList("efactura_status", EFACTURA_STATUSES)),
    check("invoices_totals_check", sql`${t.netBani} + ${t.vatBani} = ${t.totalBani}`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    /** UN/ECE Rec 20 (H87 piece, E48 service). */
    unitCode: text("unit_code").notNull(),
    /** EN 16931 category: S standard, E exempt, O outside the scope of VAT. */
    vatCategory: text("vat_category").notNull(),
    vatRate: integer("vat_rate").notNull(),
    netBani: integer("net_bani").notNull(),
    vatBani: integer("vat_bani").notNull(),
    grossBani: integer("gross_bani").notNull(),
  },
  (t) => [
    uniqueIndex("invoice_lines_position_key").on(t.invoiceId, t.position),
    check("invoice_lines_sum_check", sql`${t.netBani} + ${t.vatBani} = ${t.grossBani}`),
  ],
);

// ─── Relations (for relational queries) ──────────────────────────────────────────────────────

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  cartLines: many(cartLines),
  orders: many(orders),
  enrollments: many(enrollments),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const coursesRelations = relations(courses, ({ many }) => ({
  priceOptions: many(coursePriceOptions),
  lessons: many(lessons),
  enrollments: many(enrollments),
}));

export const coursePriceOptionsRelations = relations(coursePriceOptions, ({ one }) => ({
  course: one(courses, { fields: [coursePriceOptions.courseId], references: [courses.id] }),
}));

export const lessonsRelations = relations(lessons, ({ one }) => ({
  course: one(courses, { fields: [lessons.courseId], references: [courses.id] }),
}));

export const cartLinesRelations = relations(cartLines, ({ one }) => ({
  user: one(users, { fields: [cartLines.userId], references: [users.id] }),
  course: one(courses, { fields: [cartLines.courseId], references: [courses.id] }),
  product: one(products, { fields: [cartLines.productId], references: [products.id] }),
  priceOption: one(coursePriceOptions, {
    fields: [cartLines.priceOptionId],
    references: [coursePriceOptions.id],
  }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  lines: many(orderLines),
  events: many(orderEvents),
  notifications: many(paymentNotifications),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
  course: one(courses, { fields: [orderLines.courseId], references: [courses.id] }),
  product: one(products, { fields: [orderLines.productId], references: [products.id] }),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
}));

export const paymentNotificationsRelations = relations(paymentNotifications, ({ one }) => ({
  order: one(orders, { fields: [paymentNotifications.orderId], references: [orders.id] }),
}));

export const enrollmentsRelations = relations(enrollments, ({ one, many }) => ({
  user: one(users, { fields: [enrollments.userId], references: [users.id] }),
  course: one(courses, { fields: [enrollments.courseId], references: [courses.id] }),
  orderLine: one(orderLines, { fields: [enrollments.orderLineId], references: [orderLines.id] }),
  lessonProgress: many(lessonProgress),
  diploma: one(diplomas),
}));

export const lessonProgressRelations = relations(lessonProgress, ({ one }) => ({
  enrollment: one(enrollments, {
    fields: [lessonProgress.enrollmentId],
    references: [enrollments.id],
  }),
  lesson: one(lessons, { fields: [lessonProgress.lessonId], references: [lessons.id] }),
}));

export const diplomasRelations = relations(diplomas, ({ one }) => ({
  enrollment: one(enrollments, { fields: [diplomas.enrollmentId], references: [enrollments.id] }),
}));

// ─── Catalogue cache version ─────────────────────────────────────────────────────────────────

/**
 * One row: a counter that every write to the catalogue tables (courses, price options, products,
 * legal pages) increments, in the writing transaction, through a statement trigger that also
 * sends NOTIFY catalogue_changed. App processes keep the catalogue in memory for one version
 * (app/services/catalogue-cache.server.ts).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(0),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);

// ─── RO e-Factura connection (issue 24) ──────────────────────────────────────────────────────

/**
 * One row (id 1): the company's ANAF OAuth connection. Tokens are stored encrypted
 * (AES-256-GCM, app/services/efactura/token-crypto.server.ts); no row or null tokens = not
 * connected. `connectedAt` is the first connection (kept by a renewal): documents issued since
 * then are uploaded automatically.
 */
export const efacturaConnection = pgTable(
  "efactura_connection",
  {
    id: integer("id").primaryKey(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    accessExpiresAt: ts("access_expires_at"),
    refreshExpiresAt: ts("refresh_expires_at"),
    connectedAt: ts("connected_at"),
    refreshedAt: ts("refreshed_at"),
    /** Set when ANAF refused the refresh token: the admin must connect again. */
    expiredAt: ts("expired_at"),
    updatedAt: updatedAt(),
  },
  (t) => [check("efactura_connection_singleton_check", sql`${t.id} = 1`)],
);

export const EFACTURA_SUBMISSION_STATES = ["uploading", "sent", "validated", "rejected", "failed"] as const;
export type EfacturaSubmissionState = (typeof EFACTURA_SUBMISSION_STATES)[number];

/**
 * Each attempt to upload a document. Written (state `uploading`, unique key) in its own
 * transaction BEFORE the HTTP upload, so a crash between the upload and recording the index
 * leaves a trace that is reconciled through ANAF's message list before anything is sent again.
 * At most one live attempt (uploading / sent / validated) per document.
 */
export const efacturaSubmissions = pgTable(
  "efactura_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    attempt: integer("attempt").notNull(),
    /** `<invoice id>:<attempt>`. */
    key: text("key").notNull().unique(),
    state: text("state").$type<EfacturaSubmissionState>().notNull().default("uploading"),
    /** B2C upload (a private buyer) rather than B2B. */
    b2c: boolean("b2c").notNull(),
    uploadIndex: text("upload_index"),
    downloadId: text("download_id"),
    polls: integer("polls").notNull().default(0),
    /** Next status poll (sent) or next try (failed). */
    nextAt: ts("next_at"),
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
    lastError: text("last_error"),
    startedAt: ts("started_at").notNull().defaultNow(),
    uploadedAt: ts("uploaded_at"),
    answeredAt: ts("answered_at"),
  },
  (t) => [
    uniqueIndex("efactura_submissions_attempt_key").on(t.invoiceId, t.attempt),
    uniqueIndex("efactura_submissions_live_key")
      .on(t.invoiceId)
      .where(sql`state in ('uploading', 'sent', 'validated')`),
    index("efactura_submissions_state_idx").on(t.state, t.nextAt),
    uniqueIndex("efactura_submissions_index_key").on(t.uploadIndex),
    check("efactura_submissions_state_check", inList("state", EFACTURA_SUBMISSION_STATES)),
  ],
);

// ─── Operations: backups (issue 29) ──────────────────────────────────────────────────────────

export const BACKUP_TRIGGERS = ["nightly", "manual"] as const;

/**
 * One row per finished backup attempt (written after the archive is stored, so an archive never
 * contains its own row): the system page and the alerts read the last success and failure.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    startedAt: ts("started_at").notNull(),
    finishedAt: ts("finished_at").notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    trigger: text("trigger").$type<(typeof BACKUP_TRIGGERS)[number]>().notNull(),
    /** Where the archive went: a folder path or s3://bucket/prefix. */
    location: text("location").notNull(),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    durationMs: integer("duration_ms").notNull(),
    tableRows: integer("table_rows"),
    fileCount: integer("file_count"),
    encrypted: boolean("encrypted").notNull().default(false),
    /** The failure, without personal data (an error message of ours or the driver's). */
    error: text("error"),
  },
  (t) => [
    index("backup_runs_finished_idx").on(t.ok, t.finishedAt),
    check("backup_runs_trigger_check", inList("trigger", BACKUP_TRIGGERS)),
  ],
);

// ─── Operations: alerts to the owner (issue 29) ──────────────────────────────────────────────

export const SYSTEM_ALERT_STATUSES = ["open", "resolved"] as const;

/**
 * One row per kind of problem the system page checks (`backup`, `mail`, …): open while the check
 * is bad. The alert job mails the owner when a row opens and again ("rezolvat") when it resolves;
 * `notified_at` is the last mail about it (the first one or the daily digest).
 */
export const systemAlerts = pgTable(
  "system_alerts",
  {
    key: text("key").primaryKey(),
    status: text("status").$type<(typeof SYSTEM_ALERT_STATUSES)[number]>().notNull(),
    /** What was wrong, as last seen (no personal data). */
    summary: text("summary").notNull(),
    openedAt: ts("opened_at").notNull(),
    notifiedAt: ts("notified_at").notNull(),
    resolvedAt: ts("resolved_at"),
  },
  () => [check("system_alerts_status_check", inList("status", SYSTEM_ALERT_STATUSES))],
);

/**
 * The errors the site logged, grouped by their message with personal data scrubbed out
 * (app/lib/scrub.ts): how often and when first and last. /admin/sistem lists the latest; groups
 * not seen for 30 days are deleted.
 */
export const systemErrors = pgTable(
  "system_errors",
  {
    message: text("message").primaryKey(),
    count: integer("count").notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
  },
  (t) => [index("system_errors_last_seen_idx").on(t.lastSeenAt)],
);
