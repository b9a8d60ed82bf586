/**
 * The cart as shown and checked out: every line re-priced from the database, its problems, the
 * totals and the version a checkout is keyed on; plus the small reads the header and the
 * catalogue pages make. Adding, changing and removing lines is in cart.server.ts.
 */
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { cartLines, coursePriceOptions, courseSessions, courses, products, type CartCategory } from "../../db/schema";
import { cartTotals, offersAdvance, physicalLinePrice, physicalPeriods, simpleLinePrice, type CartTotals, type LinePrice } from "~/lib/pricing";
import { accreditationAllowed } from "~/lib/course-quote";
import { todayInBucharest } from "~/lib/dates";
import { formatSessionDays } from "~/lib/sessions";
import { asOffered, offeredSessionIds, sellable, toSessionView, type SessionView } from "~/models/course-session.server";
import { startsWithinWithdrawal } from "~/lib/early-start";
import { imageUrl } from "~/services/storage.server";
import { getPriceSettings } from "~/models/course-settings.server";
import { cachedCatalogue } from "~/services/catalogue-cache.server";
import { deliveryFee, getCartDelivery, type CartDelivery } from "~/models/delivery.server";
import { STOCK_MESSAGES } from "~/models/product.server";

/** The header badge: number of lines in the user's cart. */
export async function countCartLines(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(cartLines).where(eq(cartLines.userId, userId));
  return row?.n ?? 0;
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
