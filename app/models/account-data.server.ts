/**
 * "Datele mele" on /cont (GDPR art. 15, 17, 20): the export of everything the site holds about
 * the user (a JSON document whose shape is in README "Datele mele") and the deletion of the
 * account.
 *
 * Deletion rules (one transaction):
 * - the user row stays (orders and invoices reference it) but is anonymised: e-mail, name, phone,
 *   address, company fields and the marketing consent are cleared, the password hash becomes
 *   unusable (no login, no reset: the e-mail no longer exists), `deleted_at` is set;
 * - sessions, password-reset tokens, the cart and its delivery choice are deleted;
 * - lesson progress is deleted and the enrolments' progress reset (the enrolment rows stay: they
 *   link the orders to their diplomas);
 * - orders are kept for the fiscal retention period, anonymised of what invoicing does not need:
 *   billing name, e-mail, phone, address, the delivery address and the card mask; a company
 *   buyer's snapshot (company data, not personal data) stays for invoices still to be issued;
 * - invoices and credit notes are immutable fiscal documents: kept exactly as issued;
 * - diplomas stay verifiable by their code; with `hideDiplomaName` the holder name is replaced;
 * - queued and sent e-mails to the address are deleted, then the confirmation is queued.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import {
  cartDeliveries,
  cartLines,
  courses,
  diplomas,
  enrollments,
  invoices,
  lessonProgress,
  mailOutbox,
  orderDeliveries,
  orderLines,
  orders,
  passwordResetTokens,
  sessions,
  users,
} from "../../db/schema";
import { postalOfColumns } from "~/lib/address";
import { accountDeletedMail } from "~/models/mail-templates.server";
import { kickOutbox, enqueueMail } from "~/services/mail-outbox.server";

/** The export's format name; bump the suffix when the shape changes (README "Datele mele"). */
export const EXPORT_FORMAT = "ana-nails-academy/datele-mele@1";
/** What a deleted account's name and a hidden diploma holder read as. */
export const DELETED_NAME = "Cont șters";
export const HIDDEN_DIPLOMA_NAME = "Nume ascuns la cererea titularului";
/** The unusable password hash of a deleted account (not a PHC string: verification fails). */
const NO_PASSWORD = "!cont-sters";

export function deletedEmail(userId: string): string {
  return `sters-${userId}@anonim.invalid`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function exportAccountData(userId: string, now = new Date()) {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error("no such user");

  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  const lines = orderIds.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.position)) : [];
  const deliveries = orderIds.length ? await db.select().from(orderDeliveries).where(inArray(orderDeliveries.orderId, orderIds)) : [];

  const enrolled = await db
    .select({ enrollment: enrollments, courseTitle: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(enrollments.createdAt));
  const enrollmentIds = enrolled.map((e) => e.enrollment.id);
  const progress = enrollmentIds.length ? await db.select().from(lessonProgress).where(inArray(lessonProgress.enrollmentId, enrollmentIds)) : [];
  const diplomaRows = enrollmentIds.length ? await db.select().from(diplomas).where(inArray(diplomas.enrollmentId, enrollmentIds)) : [];

  const invoiceRows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.issuedAt));

  const consents: Array<{ kind: "terms" | "digital_content" | "withdrawal_waiver" | "early_start" | "marketing"; given: boolean; at: string | null; orderReference: string | null }> = [
    // The marketing opt-in is a current state; its last change is the profile's last update.
    { kind: "marketing", given: user.marketingOptIn, at: iso(user.updatedAt), orderReference: null },
  ];
  for (const o of orderRows) {
    consents.push({ kind: "terms", given: true, at: iso(o.termsAcceptedAt), orderReference: o.reference });
    if (o.digitalContentConsentAt) consents.push({ kind: "digital_content", given: true, at: iso(o.digitalContentConsentAt), orderReference: o.reference });
    if (o.withdrawalWaiverAt) consents.push({ kind: "withdrawal_waiver", given: true, at: iso(o.withdrawalWaiverAt), orderReference: o.reference });
    if (o.earlyStartRequestedAt) consents.push({ kind: "early_start", given: true, at: iso(o.earlyStartRequestedAt), orderReference: o.reference });
  }

  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: { email: user.email, name: user.name, phone: user.phone, role: user.role, createdAt: iso(user.createdAt), updatedAt: iso(user.updatedAt) },
    billing: { address: user.address, addressFields: postalOfColumns(user), buyerType: user.buyerType, companyName: user.companyName, companyCui: user.companyCui, companyRegCom: user.companyRegCom },
    orders: orderRows.map((o) => {
      const delivery = deliveries.find((d) => d.orderId === o.id);
      return {
        reference: o.reference,
        status: o.status,
        paymentMethod: o.paymentMethod,
        currency: o.currency,
        totalBani: o.totalBani,
        fullTotalBani: o.fullTotalBani,
        shippingBani: o.shippingBani,
        billing: { name: o.billingName, email: o.billingEmail, phone: o.billingPhone, address: o.billingAddress },
        buyer: o.buyer ?? null,
        createdAt: iso(o.createdAt),
        paidAt: iso(o.paidAt),
        lines: lines
          .filter((l) => l.orderId === o.id)
          .map((l) => ({
            category: l.category,
            title: l.title,
            quantity: l.quantity,
            days: l.days,
            accreditation: l.accreditation,
            advancePayment: l.advancePayment,
            amountBani: l.amountBani,
            fullAmountBani: l.fullAmountBani,
          })),
        delivery: delivery ? { method: delivery.methodName, kind: delivery.kind, feeBani: delivery.feeBani, address: delivery.address ?? null, status: delivery.status, awb: delivery.awb } : null,
      };
    }),
    enrolments: enrolled.map(({ enrollment: e, courseTitle }) => {
      const diploma = diplomaRows.find((d) => d.enrollmentId === e.id);
      return {
        courseTitle,
        courseType: e.courseType,
        paymentStatus: e.paymentStatus,
        progress: e.progress,
        completedChapters: e.completedChapters,
        enrolledAt: iso(e.createdAt),
        accessUntil: iso(e.accessUntil),
        completedAt: iso(e.completedAt),
        lessons: progress
          .filter((p) => p.enrollmentId === e.id)
          .map((p) => ({ lessonId: p.lessonId, firstServedAt: iso(p.firstServedAt), completedAt: iso(p.completedAt) })),
        diploma: diploma ? { code: diploma.code, holderName: diploma.holderName, completedOn: diploma.completedOn } : null,
      };
    }),
    invoices: invoiceRows.map((i) => ({
      series: i.series,
      number: i.number,
      kind: i.kind,
      issuedOn: i.issuedOn,
      orderReference: i.orderReference,
      currency: i.currency,
      totalBani: i.totalBani,
    })),
    consents,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/** Deletes (anonymises) the account per the rules above, in one transaction, and queues the confirmation. */
export async function deleteAccount(user: { id: string; email: string; name: string }, options: { hideDiplomaName: boolean }): Promise<void> {
  const anonymousEmail = deletedEmail(user.id);
  await getDb().transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    await tx.delete(cartDeliveries).where(eq(cartDeliveries.userId, user.id));

    const enrolled = await tx.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.userId, user.id));
    const enrollmentIds = enrolled.map((e) => e.id);
    if (enrollmentIds.length) {
      await tx.delete(lessonProgress).where(inArray(lessonProgress.enrollmentId, enrollmentIds));
      await tx.update(enrollments).set({ progress: 0, completedChapters: [] }).where(eq(enrollments.userId, user.id));
      if (options.hideDiplomaName) {
        await tx.update(diplomas).set({ holderName: HIDDEN_DIPLOMA_NAME }).where(inArray(diplomas.enrollmentId, enrollmentIds));
      }
    }

    const userOrders = await tx.select({ id: orders.id, buyer: orders.buyer }).from(orders).where(eq(orders.userId, user.id));
    for (const order of userOrders) {
      const buyer = order.buyer?.type === "company" ? { ...order.buyer, email: "" } : null;
      await tx
        .update(orders)
        .set({ billingName: DELETED_NAME, billingEmail: anonymousEmail, billingPhone: "", billingAddress: "", buyer, panMasked: null })
        .where(eq(orders.id, order.id));
    }
    if (userOrders.length) {
      await tx.update(orderDeliveries).set({ address: null }).where(inArray(orderDeliveries.orderId, userOrders.map((o) => o.id)));
    }

    await tx
      .update(users)
      .set({
        email: anonymousEmail,
        passwordHash: NO_PASSWORD,
        name: DELETED_NAME,
        phone: "",
        address: "",
        addressStreet: "",
        addressCity: "",
        addressCounty: "",
        addressPostalCode: "",
        addressSector: null,
        buyerType: "person",
        companyName: "",
        companyCui: "",
        companyRegCom: "",
        marketingOptIn: false,
        deletedAt: new Date(),
      })
      .where(and(eq(users.id, user.id)));

    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    await enqueueMail(tx, accountDeletedMail({ to: user.email, name: user.name, hideDiplomaName: options.hideDiplomaName }));
  });
  kickOutbox();
}
