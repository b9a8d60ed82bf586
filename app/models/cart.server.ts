/**
 * The cart: one line per course or product per user (unique keys stop duplicates). The browser
 * sends only ids and choices; every amount is looked up here from the database (and again at
 * checkout). A posted price is never read. The cart as shown (re-priced, checked, its version) is
 * in cart-view.server.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { cartLines, coursePriceOptions, courses, enrollments, products, type CartCategory } from "../../db/schema";
import { offersAccreditation, offersAdvance, physicalPeriods } from "~/lib/pricing";
import { accreditationAllowed, periodLabel } from "~/lib/course-quote";
import { todayInBucharest } from "~/lib/dates";
import { SESSION_MESSAGES } from "~/lib/sessions";
import { asOffered, listComingSessions, offeredSessionIds, sellable } from "~/models/course-session.server";
import { QUANTITY_MESSAGES } from "~/lib/validation/delivery";

export const CART_MESSAGES = {
  physicalAdded: "Curs adăugat în coș!",
  onlineAdded: "Curs online adăugat în coș!",
  productAdded: "Produs adăugat în coș!",
  updated: "Coșul a fost actualizat!",
  productAlreadyInCart: "Produsul este deja în coș.",
  outOfStock: "Stoc epuizat: produsul nu poate fi adăugat în coș.",
  physicalFailed: "Eroare.",
  onlineFailed: "Eroare la adăugarea în coș.",
  courseUnavailable: "Cursul nu mai este disponibil.",
  productUnavailable: "Produsul nu mai este disponibil.",
  badOption: "Opțiunea de preț aleasă nu este valabilă pentru acest curs.",
  noPeriod: "Trebuie să alegi o perioadă",
  noPrice: "Trebuie să selectezi un preț",
  noAccreditation: "Acreditarea nu este disponibilă pentru acest curs.",
  noAccreditationForPeriod: (days: number | null) =>
    `Diploma acreditată nu este disponibilă pentru ${days === null ? "perioada flexibilă" : `perioada de ${periodLabel(days)}`}: alege o perioadă cu acreditare sau renunță la diplomă.`,
  noAdvance: "Plata unui avans nu este disponibilă pentru acest curs.",
  alreadyEnrolled: "Ești deja înscris(ă) la acest curs.",
  awaitingPayment: "Ai deja o comandă pentru acest curs care așteaptă confirmarea plății.",
  removed: "Cursul a fost eliminat din coș!",
  removeFailed: "A apărut o eroare la eliminarea cursului.",
} as const;

export type CartResult =
  | { ok: true; updated: boolean; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string };

export interface AddCourseInput {
  courseId: number;
  /** Physical: the chosen period's base option; online: the chosen option. */
  priceOptionId: number | null;
  accreditation?: boolean;
  advancePayment?: boolean;
  /** Physical: the chosen session; required when the chosen period has coming sessions. */
  sessionId?: number | null;
}

export async function addCourseToCart(userId: string, input: AddCourseInput): Promise<CartResult> {
  const db = getDb();
  const [course] = await db
    .select({ id: courses.id, kind: courses.kind })
    .from(courses)
    .where(and(eq(courses.id, input.courseId), eq(courses.isPublished, true)))
    .limit(1);
  if (!course) return { ok: false, status: 404, message: CART_MESSAGES.courseUnavailable };

  if (input.priceOptionId === null) {
    return { ok: false, status: 400, message: course.kind === "physical" ? CART_MESSAGES.noPeriod : CART_MESSAGES.noPrice };
  }
  const options = await db
    .select()
    .from(coursePriceOptions)
    .where(eq(coursePriceOptions.courseId, course.id))
    .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id));
  const allowed = course.kind === "physical" ? physicalPeriods(options) : options;
  const option = allowed.find((o) => o.id === input.priceOptionId);
  if (!option) return { ok: false, status: 400, message: CART_MESSAGES.badOption };

  let accreditation = false;
  let advancePayment = false;
  let sessionId: number | null = null;
  if (course.kind === "physical") {
    const picked = await checkSessionChoice(course.id, option.days, input.sessionId ?? null, userId);
    if (!picked.ok) return picked;
    sessionId = picked.sessionId;
    accreditation = Boolean(input.accreditation);
    advancePayment = Boolean(input.advancePayment);
    if (accreditation && !offersAccreditation(options)) {
      return { ok: false, status: 400, message: CART_MESSAGES.noAccreditation };
    }
    if (accreditation && !accreditationAllowed(options, option.days)) {
      return { ok: false, status: 400, message: CART_MESSAGES.noAccreditationForPeriod(option.days) };
    }
    if (advancePayment && !offersAdvance(options)) {
      return { ok: false, status: 400, message: CART_MESSAGES.noAdvance };
    }
  }

  const [enrollment] = await db
    .select({ status: enrollments.paymentStatus })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, course.id)))
    .limit(1);
  if (enrollment?.status === "confirmed") return { ok: false, status: 409, message: CART_MESSAGES.alreadyEnrolled };
  if (enrollment?.status === "pending") return { ok: false, status: 409, message: CART_MESSAGES.awaitingPayment };

  // Insert, or update the existing line of this course (one line per user and course).
  const [line] = await db
    .insert(cartLines)
    .values({
      userId,
      category: course.kind,
      courseId: course.id,
      priceOptionId: option.id,
      accreditation,
      advancePayment,
      sessionId,
    })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.courseId],
      targetWhere: sql`${cartLines.courseId} is not null`,
      set: { priceOptionId: option.id, accreditation, advancePayment, sessionId, updatedAt: new Date() },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const updated = !line.inserted;
  return {
    ok: true,
    updated,
    message: updated
      ? CART_MESSAGES.updated
      : course.kind === "physical"
        ? CART_MESSAGES.physicalAdded
        : CART_MESSAGES.onlineAdded,
  };
}

/**
 * The session asked for with a physical course's period: one of the period's coming sessions,
 * open with a place left. A period without coming sessions is sold without one only when the
 * course has no coming session at all (its start date is then announced later).
 */
async function checkSessionChoice(
  courseId: number,
  days: number | null,
  sessionId: number | null,
  userId: string,
): Promise<{ ok: true; sessionId: number | null } | { ok: false; status: 400 | 409; message: string }> {
  const today = todayInBucharest();
  const offered = await offeredSessionIds(userId);
  const coming = (await listComingSessions([courseId], today)).map((s) => (offered.has(s.id) ? asOffered(s) : s));
  const ofPeriod = coming.filter((s) => s.days === days);
  if (sessionId === null) {
    if (coming.length === 0) return { ok: true, sessionId: null };
    return { ok: false, status: 400, message: ofPeriod.length ? SESSION_MESSAGES.required : SESSION_MESSAGES.noSessions };
  }
  const session = coming.find((s) => s.id === sessionId);
  if (!session || session.state === "closed") return { ok: false, status: 409, message: SESSION_MESSAGES.unknown };
  if (session.days !== days) return { ok: false, status: 400, message: SESSION_MESSAGES.wrongPeriod };
  if (!sellable(session, today)) return { ok: false, status: 409, message: SESSION_MESSAGES.full };
  return { ok: true, sessionId };
}

export async function addProductToCart(userId: string, productId: number, quantity = 1): Promise<CartResult> {
  const db = getDb();
  const [product] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isPublished, true)))
    .limit(1);
  if (!product) return { ok: false, status: 404, message: CART_MESSAGES.productUnavailable };
  if (product.stock !== null && product.stock < 1) return { ok: false, status: 409, message: CART_MESSAGES.outOfStock };
  const units = Math.max(1, product.stock === null ? quantity : Math.min(quantity, product.stock));
  const inserted = await db
    .insert(cartLines)
    .values({ userId, category: "product", productId: product.id, quantity: units })
    .onConflictDoNothing({
      target: [cartLines.userId, cartLines.productId],
      where: sql`${cartLines.productId} is not null`,
    })
    .returning({ id: cartLines.id });
  return inserted.length
    ? { ok: true, updated: false, message: CART_MESSAGES.productAdded }
    : { ok: true, updated: true, message: CART_MESSAGES.productAlreadyInCart };
}

/** Sets the number of units of one of the user's product lines, bounded by the stock. */
export async function setCartLineQuantity(userId: string, lineId: string, quantity: number): Promise<CartResult> {
  const db = getDb();
  const [row] = await db
    .select({ id: cartLines.id, stock: products.stock })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId), eq(cartLines.category, "product")))
    .limit(1);
  if (!row) return { ok: false, status: 404, message: QUANTITY_MESSAGES.notFound };
  if (row.stock !== null && quantity > row.stock) return { ok: false, status: 409, message: QUANTITY_MESSAGES.notEnough(row.stock) };
  await db.update(cartLines).set({ quantity, updatedAt: new Date() }).where(eq(cartLines.id, row.id));
  return { ok: true, updated: true, message: QUANTITY_MESSAGES.updated };
}

/** Removes one of the user's own lines; another user's line id is "not found". */
export async function removeCartLine(userId: string, lineId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(lineId)) return false;
  const deleted = await getDb()
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  return deleted.length > 0;
}

/**
 * After a declined card payment: put the order's items back in the cart with the same choices
 * (each re-checked and re-priced by the usual add-to-cart rules). Returns how many came back.
 */
export async function refillCartFromOrder(
  userId: string,
  lines: ReadonlyArray<{ category: CartCategory; courseId: number | null; productId: number | null; priceOptionId: number | null; accreditation: boolean; advancePayment: boolean; quantity?: number; sessionId?: number | null }>,
): Promise<number> {
  let restored = 0;
  for (const line of lines) {
    const result =
      line.category === "product"
        ? line.productId
          ? await addProductToCart(userId, line.productId, line.quantity ?? 1)
          : null
        : line.courseId
          ? await addCourseToCart(userId, {
              courseId: line.courseId,
              priceOptionId: line.priceOptionId,
              accreditation: line.category === "physical" && line.accreditation,
              advancePayment: line.category === "physical" && line.advancePayment,
              sessionId: line.category === "physical" ? (line.sessionId ?? null) : null,
            })
          : null;
    if (result?.ok) restored++;
  }
  return restored;
}

/** Empties the user's cart (after a checkout it already is: then nothing changes). */
export async function clearCart(userId: string): Promise<number> {
  const deleted = await getDb().delete(cartLines).where(eq(cartLines.userId, userId)).returning({ id: cartLines.id });
  return deleted.length;
}
