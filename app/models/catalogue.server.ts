/**
 * What the catalogue pages show, assembled from the course, product, cart and enrolment models
 * plus the stable public addresses of their images (/img/…, never expiring: og:image, JSON-LD
 * and cached pages stay valid). Each page costs a small, fixed number of queries (no N+1).
 */
import type { CourseKind } from "../../db/schema";
import type { CourseCardView, ProductCardView } from "~/lib/catalogue-views";
import { type CourseAction, courseActionState, courseListButton, type EnrollmentStatus } from "~/lib/course-actions";
import type { PhysicalChoice } from "~/lib/course-quote";
import type { ResponsiveImage } from "~/lib/images";
import { offersAccreditation, offersAdvance, onlineOptions, physicalPeriods, type PriceSettings } from "~/lib/pricing";
import { cartCourseChoices, isProductInCart } from "~/models/cart-view.server";
import { getPriceSettings } from "~/models/course-settings.server";
import {
  type CourseDetail,
  type CourseSummary,
  enrollmentStatuses,
  getPublishedCourse,
  listPublishedCourses,
  nextPhysicalSession,
} from "~/models/course.server";
import { getPublishedProduct, listPublishedProducts, type ProductSummary } from "~/models/product.server";
import { publicCatalogueImage as catalogueImage } from "~/services/images.server";
import type { SessionState } from "../../db/schema";
import { todayInBucharest } from "~/lib/dates";
import { formatSessionDays } from "~/lib/sessions";
import { asOffered, listComingSessions, nextOpenSessions, sellable, type SessionView } from "~/models/course-session.server";
import { waitlistStandings } from "~/models/session-waitlist.server";
import { cachedCatalogueFresh } from "~/services/catalogue-cache.server";

/**
 * The places left in a session change with every sale, which is not a catalogue change: the
 * public pages show them at most this old (a page loaded a few seconds ago shows the same). A
 * session's other changes, and its filling up or freeing a place when full, bump the catalogue
 * version (migration 0025) and show at once; the checkout counts places in its transaction.
 */
export const SEAT_COUNTS_MAX_AGE_MS = 5_000;

function toCard(course: CourseSummary, image: ResponsiveImage | null, status: EnrollmentStatus): CourseCardView {
  return {
    id: course.id,
    kind: course.kind,
    title: course.title,
    secondTitle: course.secondTitle,
    category: course.category,
    image,
    durationDays: course.durationDays,
    nextSessionOn: course.nextSessionOn,
    fromPriceBani: course.fromPriceBani,
    price2Bani: course.price2Bani,
    lowest30Bani: course.lowest30Bani,
    severalPrices: course.optionCount > 1,
    button: courseListButton(status),
  };
}

/** The course list of one kind, with each card's button for this user (null: a guest). */
export async function courseCards(kind: CourseKind, userId: string | null, limit?: number): Promise<CourseCardView[]> {
  const all = await listPublishedCourses(kind);
  const courses = limit ? all.slice(0, limit) : all;
  const [images, statuses] = await Promise.all([
    Promise.all(courses.map((c) => catalogueImage(c.imageKey))),
    userId ? enrollmentStatuses(userId, courses.map((c) => c.id)) : new Map(),
  ]);
  return courses.map((course, i) => toCard(course, images[i], statuses.get(course.id) ?? null));
}

/** A compact list of published courses (no images), e.g. the online strip on the home page. */
export async function courseLinks(kind: CourseKind, limit: number) {
  const courses = (await listPublishedCourses(kind)).slice(0, limit);
  return courses.map((c) => ({
    id: c.id,
    title: c.title,
    secondTitle: c.secondTitle,
    fromPriceBani: c.fromPriceBani,
    severalPrices: c.optionCount > 1,
  }));
}

export async function upcomingSession(today: string) {
  const [course, open] = await Promise.all([
    nextPhysicalSession(today),
    cachedCatalogueFresh(`open-sessions:${today}`, SEAT_COUNTS_MAX_AGE_MS, () => nextOpenSessions(today, 4)),
  ]);
  // The soonest session open for sale (with a place left) of a published course: its days, place
  // and places left, read live; a course's announced date (no sessions yet) when that is sooner.
  for (const session of open) {
    if (course?.nextSessionOn && course.nextSessionOn < session.startsOn) break;
    const own = await getPublishedCourse("physical", session.courseId);
    if (!own) continue;
    return {
      id: own.id,
      title: own.title,
      secondTitle: own.secondTitle,
      date: session.startsOn,
      durationDays: session.days,
      fromPriceBani: own.fromPriceBani,
      severalPrices: own.optionCount > 1,
      session: { when: formatSessionDays(session.dates), hours: `${session.startTime}–${session.endTime}`, place: session.place, seatsLeft: session.seatsLeft },
    };
  }
  if (!course) return null;
  return {
    id: course.id,
    title: course.title,
    secondTitle: course.secondTitle,
    date: course.nextSessionOn!,
    durationDays: course.durationDays,
    fromPriceBani: course.fromPriceBani,
    severalPrices: course.optionCount > 1,
    session: null,
  };
}

export interface CourseDetailView {
  course: Omit<CourseDetail, "options" | "updatedAt" | "imageKey" | "optionCount"> & { image: ResponsiveImage | null };
  action: CourseAction;
  /** Physical: the periods with their base option; online: every option, in the admin's order. */
  choices: Array<{ id: number; days: number | null; amountBani: number; accreditation: boolean }>;
  /** All options (the page recomputes the live total with the same rules as the server). */
  options: Array<{ id: number; days: number | null; amountBani: number; accreditation: boolean; advancePayment: boolean }>;
  offersAccreditation: boolean;
  offersAdvance: boolean;
  /** The accreditation surcharge and the advance (admin settings), for the physical form's labels and live total. */
  priceSettings: PriceSettings;
  /** The choices saved in the cart, when the course is there. */
  saved: PhysicalChoice | null;
  /** Physical: the coming sessions (read live: places left change with every order). */
  sessions: SessionChoice[];
}

/** A session as the course page offers it. */
export interface SessionChoice {
  id: number;
  days: number;
  startsOn: string;
  endsOn: string;
  /** "12–16/05/2027". */
  when: string;
  hours: string;
  place: string;
  capacity: number;
  seatsLeft: number;
  /** Open with a place left: it can be chosen. */
  available: boolean;
  state: SessionState;
  /** The viewer's place on its waitlist: in line (position), or a place held for them until `until` (ISO). */
  waitlist?: { status: "waiting"; position: number } | { status: "offered"; until: string | null } | null;
}

export function toSessionChoice(session: SessionView, today: string): SessionChoice {
  return {
    id: session.id,
    days: session.days,
    startsOn: session.startsOn,
    endsOn: session.endsOn,
    when: formatSessionDays(session.dates),
    hours: `${session.startTime}–${session.endTime}`,
    place: session.place,
    capacity: session.capacity,
    seatsLeft: session.seatsLeft,
    available: sellable(session, today),
    state: session.state,
  };
}

/** One published course of this kind for this user, or null (the route answers 404). */
export async function courseDetail(kind: CourseKind, id: number, userId: string | null): Promise<CourseDetailView | null> {
  const course = await getPublishedCourse(kind, id);
  if (!course) return null;
  const today = todayInBucharest();
  const [image, statuses, cart, priceSettings, sessions] = await Promise.all([
    catalogueImage(course.imageKey),
    userId ? enrollmentStatuses(userId, [id]) : new Map(),
    userId ? cartCourseChoices(userId, [id]) : [],
    getPriceSettings(),
    kind === "physical" ? cachedCatalogueFresh(`coming-sessions:${id}:${today}`, SEAT_COUNTS_MAX_AGE_MS, () => listComingSessions([id], today)) : [],
  ]);
  const line = cart[0];
  const status: EnrollmentStatus = statuses.get(id) ?? null;
  const options = course.options.map(({ id, days, amountBani, accreditation, advancePayment }) => ({
    id,
    days,
    amountBani,
    accreditation,
    advancePayment,
  }));
  const choices = (kind === "physical" ? physicalPeriods(options) : onlineOptions(options)).map(
    ({ id, days, amountBani, accreditation }) => ({ id, days, amountBani, accreditation }),
  );
  const { options: _o, updatedAt: _u, imageKey: _i, optionCount: _c, ...rest } = course;
  return {
    course: { ...rest, image },
    action: courseActionState({ enrollmentStatus: status, inCart: Boolean(line) }),
    choices,
    options,
    offersAccreditation: kind === "physical" && offersAccreditation(options),
    offersAdvance: kind === "physical" && offersAdvance(options),
    priceSettings,
    saved: line
      ? { priceOptionId: line.priceOptionId, accreditation: line.accreditation, advancePayment: line.advancePayment, ...(line.sessionId !== null ? { sessionId: line.sessionId } : {}) }
      : null,
    // Closed sessions are not offered; full ones are shown as "Complet" (with their waitlist).
    sessions: await withWaitlist(userId, sessions.filter((s) => s.state !== "closed"), today),
  };
}

/** The sessions as this viewer sees them: a place held for them from the waitlist is theirs to choose. */
async function withWaitlist(userId: string | null, sessions: SessionView[], today: string): Promise<SessionChoice[]> {
  if (!userId || sessions.length === 0) return sessions.map((s) => toSessionChoice(s, today));
  const standings = await waitlistStandings(userId, sessions.map((s) => s.id));
  return sessions.map((s) => {
    const standing = standings.get(s.id);
    // An offer past its time (not yet swept by the hourly job) is no longer theirs.
    const offered = standing?.status === "offered" && (standing.offerExpiresAt?.getTime() ?? 0) > Date.now();
    const choice = toSessionChoice(offered ? asOffered(s) : s, today);
    if (!standing) return choice;
    return {
      ...choice,
      waitlist: offered ? { status: "offered", until: standing.offerExpiresAt?.toISOString() ?? null } : { status: "waiting", position: standing.position ?? 1 },
    };
  });
}

function toProductCard(product: ProductSummary, image: ResponsiveImage | null): ProductCardView {
  return {
    id: product.id,
    title: product.title,
    subtitle: product.subtitle,
    image,
    priceBani: product.priceBani,
    price2Bani: product.price2Bani,
    lowest30Bani: product.lowest30Bani,
  };
}

export async function productCards(limit?: number): Promise<ProductCardView[]> {
  const products = await listPublishedProducts(limit);
  const images = await Promise.all(products.map((p) => catalogueImage(p.imageKey)));
  return products.map((product, i) => toProductCard(product, images[i]));
}

export async function productDetail(id: number, userId: string | null) {
  const product = await getPublishedProduct(id);
  if (!product) return null;
  const [image, inCart] = await Promise.all([
    catalogueImage(product.imageKey),
    userId ? isProductInCart(userId, id) : false,
  ]);
  return {
    product: {
      id: product.id,
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      priceBani: product.priceBani,
      price2Bani: product.price2Bani,
      lowest30Bani: product.lowest30Bani,
      image,
      /** null = unlimited; 0 = "Stoc epuizat". */
      stock: product.stock,
    },
    inCart,
  };
}
