/**
 * Model data → the JSON shapes of docs/product.md §3 (course `_id`, `prices[].value` as Romanian text,
 * `imgUrl` resolved from the storage key, enrolments with `chaptersProgress`, cart `items`).
 * Formatting only: every value comes from a model function.
 */
import { listComingSessions } from "~/models/course-session.server";
import { todayInBucharest } from "~/lib/dates";
import type { z } from "zod";
import type { CourseKind, PaymentStatus } from "../../../../db/schema";
import type { cartItemSchema, courseSchema, enrollmentSchema, productSchema, userSchema } from "~/lib/api/schemas";
import { shippingCost } from "~/lib/delivery";
import { formatAmount } from "~/lib/money";
import { orderButtonLabel } from "~/lib/order-button";
import type { CartLineView, CartView } from "~/models/cart-view.server";
import { enrollmentStatuses, getPublishedCourse, listPublishedCourses, type CourseDetail } from "~/models/course.server";
import type { CourseContent } from "~/lib/course-content";
import type { AdminCourse } from "~/models/course-admin.server";
import type { AccountEnrollment } from "~/models/enrollment.server";
import { loadPlayerCourse } from "~/models/lesson.server";
import type { ProductDetail, ProductSummary } from "~/models/product.server";
import type { SessionUser } from "~/models/session.server";
import { imageUrl } from "~/services/storage.server";
import type { CartDeliveryData } from "~/routes/+shared/cart-delivery-page.server";

type Course = z.output<typeof courseSchema>;

/** Bani → "1.000,00", 0 → "Gratis" (docs/product.md §3 prices value). */
export const priceText = (bani: number) => (bani === 0 ? "Gratis" : formatAmount(bani));
const daysOut = (days: number | null) => (days === null ? ("nelimitat" as const) : days);

/** The user object (`adresa` is the billing address, `marketing` the news opt-in given at registration). */
export function userView(user: Pick<SessionUser, "id" | "email" | "name" | "phone" | "address" | "role" | "marketingOptIn">): z.output<typeof userSchema> {
  return { _id: user.id, email: user.email, nume: user.name, telefon: user.phone, adresa: user.address, status: user.role, marketing: user.marketingOptIn };
}

/**
 * The content tree as the course object carries it: `elements` (chapters with their detail
 * texts) and, for a physical course, the programme days under the chapters (`elements[i].days`:
 * all of them on the first chapter, an empty list on the others, so a client reading each
 * chapter's days shows the programme once) and again at the top (`days`, our own field).
 */
function contentView(kind: CourseKind, content: CourseContent) {
  const days = content.days.map((d) => ({ id: d.id, title: d.title, lista: d.activities }));
  const elements = content.chapters.map((c, index) => ({
    id: c.id,
    title: c.title,
    details: c.details.map((d) => d.text),
    ...(kind === "physical" ? { days: index === 0 ? days : [] } : {}),
  }));
  return { elements, days };
}

/** A course's price entries under the original field names (amounts as Romanian text). */
function pricesView(options: ReadonlyArray<{ id: number; days: number | null; amountBani: number; accreditation: boolean; advancePayment: boolean }>) {
  return options.map((o) => ({
    _id: o.id,
    days: daysOut(o.days),
    value: priceText(o.amountBani),
    accreditation: o.accreditation,
    advancePayment: o.advancePayment,
  }));
}

/** A lesson as the admin calls show it: its files as storage keys (what a save sends back). */
export function adminLessonView(l: AdminCourse["lessons"][number]) {
  return {
    _id: l.id,
    chapterId: l.chapterId,
    lessonId: l.lessonId,
    lessonTitle: l.title,
    explanation: l.explanation,
    isPublished: l.isPublished,
    videoUrlKey: l.videoKey,
    pdfUrlKey: l.pdfKey,
  };
}

async function courseView(course: CourseDetail, status: PaymentStatus | null, lessons: Course["lessonsMetadata"]): Promise<Course> {
  return {
    _id: course.id,
    title: course.title,
    secondTitle: course.secondTitle,
    thirdTitle: course.thirdTitle,
    category: course.category,
    courseType: course.kind,
    img: course.imageKey,
    imgUrl: await imageUrl(course.imageKey),
    price2: course.price2Bani === null ? null : priceText(course.price2Bani),
    lowestPrice30Days: course.price2Bani === null || course.lowest30Bani === null ? null : priceText(course.lowest30Bani),
    prices: pricesView(course.options),
    duration: course.kind === "online" ? "nelimitat" : course.durationDays,
    nextSession: course.nextSessionOn,
    ...contentView(course.kind, course.content),
    isPublished: true,
    isPurchased: status === "confirmed",
    paymentStatus: status,
    certificateUrl: course.kind === "online" && status === "confirmed" ? `/cursuri-online/curs/${course.id}/diploma` : null,
    lessonsMetadata: lessons,
  };
}

/**
 * A course as the admin lists show it: the whole course object (published or not), the lessons'
 * storage keys under `lessonsMetadata`, and how many enrolments it has.
 */
export async function adminCourseView(course: AdminCourse, enrollments: number) {
  return {
    _id: course.id,
    title: course.title,
    secondTitle: course.secondTitle,
    thirdTitle: course.thirdTitle,
    category: course.category,
    courseType: course.kind,
    img: course.imageKey,
    imgUrl: await imageUrl(course.imageKey),
    price2: course.price2Bani === null ? null : priceText(course.price2Bani),
    prices: pricesView(course.options),
    duration: course.kind === "online" ? ("nelimitat" as const) : course.durationDays,
    nextSession: course.nextSessionOn,
    ...contentView(course.kind, course.content),
    isPublished: course.isPublished,
    isPurchased: false,
    certificateUrl: null,
    lessonsMetadata: course.lessons.map(adminLessonView),
    enrollments,
  };
}

/** One published course for this viewer (null: unknown, unpublished or of the other kind). */
export async function courseForApi(kind: CourseKind, id: number, userId: string | null): Promise<Course | null> {
  const course = await getPublishedCourse(kind, id);
  if (!course) return null;
  const [statuses, player] = await Promise.all([
    userId ? enrollmentStatuses(userId, [id]) : Promise.resolve(new Map<number, PaymentStatus>()),
    kind === "online" ? loadPlayerCourse(id) : Promise.resolve(null),
  ]);
  const lessons = (player?.lessons ?? []).map((l) => ({ chapterId: l.chapterId, lessonId: l.lessonId, lessonTitle: l.title }));
  const view = await courseView(course, statuses.get(id) ?? null, lessons);
  if (kind !== "physical") return view;
  // In-person sessions, read live (places left change with every order).
  const sessions = await listComingSessions([id], todayInBucharest());
  return {
    ...view,
    sessions: sessions
      .filter((s) => s.state !== "closed")
      .map((s) => ({
        _id: s.id,
        days: s.days,
        startDate: s.startsOn,
        endDate: s.endsOn,
        dates: s.dates,
        startTime: s.startTime,
        endTime: s.endTime,
        place: s.place,
        capacity: s.capacity,
        placesLeft: s.seatsLeft,
        state: s.state,
      })),
  };
}

/** The published courses of one kind, full objects (docs/product.md's list carries the course objects). */
export async function coursesForApi(kind: CourseKind, userId: string | null): Promise<Course[]> {
  const list = await listPublishedCourses(kind);
  const courses = await Promise.all(list.map((c) => courseForApi(kind, c.id, userId)));
  return courses.filter((c): c is Course => c !== null);
}

export async function productView(product: ProductSummary | ProductDetail, inCart?: boolean): Promise<z.output<typeof productSchema>> {
  return {
    _id: product.id,
    id: product.id,
    title: product.title,
    subtitle: product.subtitle,
    ...("description" in product ? { description: product.description } : {}),
    img: product.imageKey,
    imgUrl: await imageUrl(product.imageKey),
    price: priceText(product.priceBani),
    price2: product.price2Bani === null ? null : priceText(product.price2Bani),
    lowestPrice30Days: product.price2Bani === null ? null : priceText(product.lowest30Bani),
    ...(inCart === undefined ? {} : { inCart }),
  };
}

export function enrollmentView(e: AccountEnrollment): z.output<typeof enrollmentSchema> {
  return {
    _id: e.id,
    course: { _id: e.courseId, title: e.courseTitle },
    courseType: e.courseType,
    paymentStatus: e.paymentStatus,
    progress: e.progress,
    chaptersProgress: e.completedChapters.map((chapterId) => ({ chapterId, completed: true })),
    enrollmentDate: e.enrolledAt.toISOString(),
  };
}

export function cartItemView(line: CartLineView): z.output<typeof cartItemSchema> {
  return {
    _id: line.id,
    category: line.category,
    itemRef: { _id: line.courseId ?? line.productId, title: line.title, img: line.imageKey, imgUrl: line.imageUrl },
    selectedPrice: {
      value: priceText(line.fullBani),
      days: line.category === "product" ? null : daysOut(line.days),
      accreditation: line.category === "online" ? line.diploma : line.accreditation,
      advancePayment: line.advancePayment,
    },
    dueNow: priceText(line.dueNowBani),
    problem: line.problem,
  };
}

export function cartView(cart: CartView) {
  return {
    items: cart.lines.map(cartItemView),
    totalPrice: formatAmount(cart.totals.dueNowBani),
    fullPrice: formatAmount(cart.totals.fullBani),
    shippingPrice: formatAmount(cart.totals.shippingBani),
    orderButtonLabel: orderButtonLabel(cart.totals.dueNowBani),
    earlyStartRequired: cart.earlyStart.length > 0,
    cartVersion: cart.version,
  };
}

/** GET /api/cart/delivery: the cart page's delivery data in the API's shape (amounts as RON text). */
export function cartDeliveryApiView(cart: CartView, view: CartDeliveryData) {
  return {
    needed: cart.needsDelivery,
    methods: view.methods.map((m) => ({
      _id: m.id,
      name: m.name,
      kind: m.kind,
      description: m.description,
      price: formatAmount(m.feeBani),
      freeAbove: m.freeAboveBani === null ? null : formatAmount(m.freeAboveBani),
      estimatedDays: m.estimatedDays,
      priceForThisCart: formatAmount(shippingCost(m, view.productsBani)),
    })),
    selected: view.saved,
    pickupAddress: view.pickupAddress,
    shippingPrice: formatAmount(cart.totals.shippingBani),
  };
}

export function orderView(order: { id: string; reference: string; status: string; paymentMethod: "bank_transfer" | "card" | "free"; totalBani: number }) {
  return { _id: order.id, reference: order.reference, status: order.status, paymentMethod: order.paymentMethod, totalPrice: formatAmount(order.totalBani) };
}
