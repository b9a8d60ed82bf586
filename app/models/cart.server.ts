/**
 * The cart: one line per course or product per user (unique keys stop duplicates). The browser
 * sends only ids and choices; every amount is looked up here from the database (and again at
 * checkout). A posted price is never read.
 */
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { cartLines, coursePriceOptions, courseSessions, courses, enrollments, products, type CartCategory } from "../../db/schema";
import {
  cartTotals,
  offersAccreditation,
  offersAdvance,
  physicalLinePrice,
  physicalPeriods,
  simpleLinePrice,
  type CartTotals,
  type LinePrice,
} from "~/lib/pricing";
import { accreditationAllowed, periodLabel } from "~/lib/course-quote";
import { todayInBucharest } from "~/lib/dates";
import { formatSessionDays, SESSION_MESSAGES } from "~/lib/sessions";
import { asOffered, listComingSessions, offeredSessionIds, sellable, toSessionView, type SessionView } from "~/models/course-session.server";
import { startsWithinWithdrawal } from "~/lib/early-start";
import { imageUrl } from "~/services/storage.server";
import { getPriceSettings } from "~/models/course-settings.server";
import { cachedCatalogue } from "~/services/catalogue-cache.server";
import { deliveryFee, getCartDelivery, type CartDelivery } from "~/models/delivery.server";
import { STOCK_MESSAGES } from "~/models/product.server";
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

/** The header badge: number of lines in the user's cart. */
export async function countCartLines(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(cartLines).where(eq(cartLines.userId, userId));
  return row?.n ?? 0;
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

/** What the user already has in the cart for these courses (detail and list pages). */
export async function cartCourseChoices(userId: string, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return getDb()
    .select({
      courseId: cartLines.courseId,
      priceOptionId: cartLines.priceOptionId,
      accreditation: cartLines.accreditation,
      advancePayment: cartLines.advancePayment,
      sessionId: cartLines.sessionId,
    })
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.courseId, courseIds)));
}

/** True when this product is already in the user's cart. */
export async function isProductInCart(userId: string, productId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
  return (row?.n ?? 0) > 0;
}

// ─── The cart as shown and checked out ───────────────────────────────────────────────────────

export interface CartLineView extends LinePrice {
  id: string;
  category: CartCategory;
  courseId: number | null;
  productId: number | null;
  priceOptionId: number | null;
  title: string | null;
  imageKey: string | null;
  imageUrl: string | null;
  /** Physical period or online access days; null = unlimited (or not applicable for products). */
  days: number | null;
  /** Physical: accreditation chosen. */
  accreditation: boolean;
  /** Physical: only the advance is paid now. */
  advancePayment: boolean;
  /** Online: the option includes the participation diploma. */
  diploma: boolean;
  /** Why this line cannot be checked out (course withdrawn, options changed, stock), or null. */
  problem: string | null;
  /** Units (products; 1 for courses). Amounts are for all units. */
  quantity: number;
  /** Product stock: null = unlimited (or a course). */
  stock: number | null;
  /** Physical: the chosen session (dates, time, place, places left), or null. */
  session: SessionView | null;
  /** The problem is the session's (full, closed, cancelled, not chosen): the checkout names it. */
  sessionProblem: boolean;
}

export interface CartView {
  lines: CartLineView[];
  groups: Record<CartCategory, CartLineView[]>;
  totals: CartTotals;
  hasOnline: boolean;
  hasProblems: boolean;
  /** Changes whenever the cart's contents (or its delivery choice) change: the checkout's idempotency key. */
  version: string;
  /** The cart holds products: a delivery method is needed. */
  needsDelivery: boolean;
  /** The saved delivery choice (products only; null until chosen or when its method was withdrawn). */
  delivery: CartDelivery | null;
  /** Products subtotal (what free-shipping thresholds compare with). */
  productsBani: number;
  /**
   * In-person courses that start within the 14-day withdrawal period (`lib/early-start.ts`):
   * the checkout needs the buyer's express request that they start.
   */
  earlyStart: Array<{ title: string; sessionOn: string }>;
}

const LINE_PROBLEMS = {
  unavailable: "Nu mai este disponibil. Elimină-l din coș.",
  optionsChanged: "Opțiunile acestui curs s-au schimbat. Adaugă-l din nou în coș.",
  sessionGone: "Sesiunea aleasă nu mai este disponibilă. Alege altă sesiune pe pagina cursului.",
  sessionFull: (dates: string) => `Sesiunea ${dates} s-a completat. Alege altă sesiune pe pagina cursului.`,
  sessionMissing: "Alege sesiunea (datele) pe pagina cursului.",
};

/**
 * The user's cart with every amount recomputed from the catalogue (one query once the catalogue
 * is in memory, whatever the number of lines; two inside a checkout). Pass a transaction to read
 * it inside a checkout.
 *
 * The courses' periods (price options) and the course price settings (surcharge, advance) come
 * from the catalogue cache when no executor
 * is passed (the cart page, the API's cart) and from the row itself inside a checkout's
 * transaction: the order is always priced with the committed settings. The two can differ only
 * between an admin's save and this process's invalidation (a round trip); the settings are part
 * of `version`, so a cart shown with the old ones is refused at checkout as stale
 * (CHECKOUT_MESSAGES.staleCart) and shown again with the new amounts — never charged.
 */
/** All courses' price options (a few dozen rows), kept with the catalogue; in position order (physicalPeriods keeps the first). */
function allPriceOptions() {
  // async: the store keeps a settled Promise (a query builder would run again at each await).
  return cachedCatalogue("course-price-options", async () =>
    getDb().select().from(coursePriceOptions).orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id)),
  );
}

export async function getCart(userId: string, executor?: Executor, options: { withImages?: boolean } = {}): Promise<CartView> {
  const db = executor ?? getDb();
  const rows = await db
    .select({
      line: cartLines,
      course: { id: courses.id, title: courses.title, kind: courses.kind, imageKey: courses.imageKey, isPublished: courses.isPublished, nextSessionOn: courses.nextSessionOn },
      option: coursePriceOptions,
      product: { id: products.id, title: products.title, imageKey: products.imageKey, priceBani: products.priceBani, isPublished: products.isPublished, stock: products.stock },
      session: courseSessions,
      // The period has coming sessions: then one must be chosen (the same query, no extra round trip).
      periodHasSessions: sql<boolean>`exists (select 1 from ${courseSessions} s where s.course_id = ${cartLines.courseId} and s.days = ${coursePriceOptions.days} and s.state <> 'cancelled' and s.starts_on >= ${todayInBucharest()})`,
    })
    .from(cartLines)
    .leftJoin(courses, eq(courses.id, cartLines.courseId))
    .leftJoin(coursePriceOptions, eq(coursePriceOptions.id, cartLines.priceOptionId))
    .leftJoin(courseSessions, eq(courseSessions.id, cartLines.sessionId))
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));

  const physicalCourseIds = rows.filter((r) => r.line.category === "physical" && r.line.courseId).map((r) => r.line.courseId!);
  // Every period of those courses: catalogue data, from memory like the settings below (inside a
  // checkout's transaction from the rows themselves).
  const physicalOptions = !physicalCourseIds.length
    ? []
    : executor
      ? await db
          .select()
          .from(coursePriceOptions)
          .where(inArray(coursePriceOptions.courseId, physicalCourseIds))
          .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id))
      : (await allPriceOptions()).filter((o) => physicalCourseIds.includes(o.courseId));
  // The surcharge and the advance: from the row inside a checkout's transaction, else cached.
  const settings = physicalCourseIds.length ? await getPriceSettings(executor) : null;

  const lines: CartLineView[] = [];
  const earlyStart: CartView["earlyStart"] = [];
  const today = todayInBucharest();
  // A place held for this buyer from a session's waitlist is theirs to buy.
  const offered = rows.some((r) => r.line.sessionId !== null) ? await offeredSessionIds(userId, db) : new Set<number>();
  for (const { line, course, option, product, session: sessionRow, periodHasSessions } of rows) {
    let price: LinePrice = simpleLinePrice(0);
    let problem: string | null = null;
    let sessionProblem = false;
    const session = line.category === "physical" && sessionRow ? (offered.has(sessionRow.id) ? asOffered(toSessionView(sessionRow)) : toSessionView(sessionRow)) : null;
    let title: string | null = null;
    let imageKey: string | null = null;
    let diploma = false;
    let days: number | null = null;
    if (line.category === "product") {
      title = product?.title ?? null;
      imageKey = product?.imageKey ?? null;
      if (!product?.isPublished) problem = LINE_PROBLEMS.unavailable;
      else {
        price = simpleLinePrice(product.priceBani * line.quantity);
        if (product.stock !== null && line.quantity > product.stock) problem = STOCK_MESSAGES.notEnough(product.title, product.stock);
      }
    } else {
      title = course?.title ?? null;
      imageKey = course?.imageKey ?? null;
      days = option?.days ?? null;
      if (!course?.isPublished || course.kind !== line.category || !option) {
        problem = LINE_PROBLEMS.unavailable;
      } else if (line.category === "physical") {
        const own = physicalOptions.filter((o) => o.courseId === course.id);
        const isPeriod = physicalPeriods(own).some((o) => o.id === option.id);
        const choicesOffered = (!line.accreditation || accreditationAllowed(own, option.days)) && (!line.advancePayment || offersAdvance(own));
        if (!isPeriod || !choicesOffered) problem = LINE_PROBLEMS.optionsChanged;
        else price = physicalLinePrice(option.amountBani, line, settings!);
        if (!problem) {
          problem = sessionLineProblem(option.days, session, Boolean(periodHasSessions), today);
          sessionProblem = problem !== null;
        }
        const startsOn = session ? session.startsOn : course.nextSessionOn;
        if (startsOn && startsWithinWithdrawal(startsOn, today)) earlyStart.push({ title: course.title, sessionOn: startsOn });
      } else {
        diploma = option.accreditation;
        price = simpleLinePrice(option.amountBani);
      }
    }
    lines.push({
      id: line.id,
      category: line.category,
      courseId: line.courseId,
      productId: line.productId,
      priceOptionId: line.priceOptionId,
      title,
      imageKey,
      imageUrl: options.withImages ? await imageUrl(imageKey) : null,
      days,
      accreditation: line.category === "physical" && line.accreditation,
      advancePayment: line.category === "physical" && line.advancePayment,
      diploma,
      problem,
      quantity: line.category === "product" ? line.quantity : 1,
      stock: line.category === "product" ? (product?.stock ?? null) : null,
      session,
      sessionProblem,
      ...price,
    });
  }

  const groups: Record<CartCategory, CartLineView[]> = { physical: [], online: [], product: [] };
  for (const line of lines) groups[line.category].push(line);
  const needsDelivery = groups.product.length > 0;
  const delivery = needsDelivery ? await getCartDelivery(userId, db) : null;
  const priced = lines.filter((l) => !l.problem);
  const productsBani = priced.filter((l) => l.category === "product").reduce((sum, l) => sum + l.dueNowBani, 0);
  const shippingBani = delivery ? deliveryFee(delivery, productsBani) : 0;
  const version = createHash("sha256")
    .update(userId)
    .update(
      rows
        .map(({ line }) => `${line.id}:${line.updatedAt.getTime()}:${line.priceOptionId}:${line.accreditation}:${line.advancePayment}:${line.quantity}:${line.sessionId}`)
        .sort()
        .join("|"),
    )
    // A changed surcharge or advance changes the amount: a new checkout.
    .update(settings ? `|s:${settings.accreditationSurchargeBani}:${settings.advancePaymentBani}` : "")
    // The delivery choice and its method's fee change the amount: a new checkout.
    .update(delivery ? `|d:${delivery.method.id}:${delivery.updatedAt.getTime()}:${delivery.method.updatedAt.getTime()}` : "")
    .digest("base64url");
  return {
    lines,
    groups,
    totals: cartTotals(priced, shippingBani),
    hasOnline: groups.online.length > 0,
    hasProblems: lines.some((l) => l.problem),
    version,
    needsDelivery,
    delivery,
    productsBani,
    earlyStart,
  };
}

/** Why a physical line's session cannot be bought now, or null. */
function sessionLineProblem(days: number | null, session: SessionView | null, periodHasSessions: boolean, today: string): string | null {
  if (!session) return periodHasSessions ? LINE_PROBLEMS.sessionMissing : null;
  if (session.days !== days || session.state === "cancelled" || session.state === "closed" || session.startsOn < today) return LINE_PROBLEMS.sessionGone;
  if (!sellable(session, today)) return LINE_PROBLEMS.sessionFull(formatSessionDays(session.dates));
  return null;
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
