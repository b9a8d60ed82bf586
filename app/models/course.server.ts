/**
 * Courses (physical and online): catalogue queries and admin writes.
 */
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { coursePriceOptions, courses, enrollments, type CourseKind, type PaymentStatus } from "../../db/schema";
import { readCourseContent, type CourseContent } from "~/lib/course-content";
import { fromPrice, type PriceOptionLike } from "~/lib/pricing";
import { lowestAcross, type PriceChange } from "~/lib/price-history";
import { optionHistoryColumn, parseHistory } from "~/models/price-history.server";
import { cachedCatalogue } from "~/services/catalogue-cache.server";

export interface CourseSummary {
  id: number;
  kind: CourseKind;
  title: string;
  secondTitle: string;
  category: string;
  imageKey: string | null;
  durationDays: number | null;
  nextSessionOn: string | null;
  /** The lowest price a student can choose ("de la"); null when the course has no options. */
  fromPriceBani: number | null;
  /** Number of price options (a "de la" price only makes sense with more than one). */
  optionCount: number;
  price2Bani: number | null;
  /** Lowest "de la" price of the 30 days before the current one (price history); shown with price2Bani. */
  lowest30Bani: number | null;
}

export interface PriceOption extends PriceOptionLike {
  position: number;
}

export interface CourseDetail extends CourseSummary {
  thirdTitle: string;
  content: CourseContent;
  options: PriceOption[];
  updatedAt: Date;
}

const summaryColumns = {
  id: courses.id,
  kind: courses.kind,
  title: courses.title,
  secondTitle: courses.secondTitle,
  category: courses.category,
  imageKey: courses.imageKey,
  durationDays: courses.durationDays,
  nextSessionOn: courses.nextSessionOn,
  price2Bani: courses.price2Bani,
};

const optionColumns = {
  id: coursePriceOptions.id,
  courseId: coursePriceOptions.courseId,
  days: coursePriceOptions.days,
  amountBani: coursePriceOptions.amountBani,
  accreditation: coursePriceOptions.accreditation,
  advancePayment: coursePriceOptions.advancePayment,
  position: coursePriceOptions.position,
};

/**
 * Price options of several courses with their price history, in one query: the options grouped
 * by course and each course's 30-day reference price (lib/price-history).
 */
async function optionsWithReferences(courseIds: number[]): Promise<{ options: Map<number, PriceOption[]>; lowest: Map<number, number | null> }> {
  const options = new Map<number, PriceOption[]>();
  const priced = new Map<number, Array<{ changes: PriceChange[]; currentBani: number; accreditation: boolean; advancePayment: boolean }>>();
  if (courseIds.length === 0) return { options, lowest: new Map() };
  const rows = await getDb()
    .select({ ...optionColumns, history: optionHistoryColumn() })
    .from(coursePriceOptions)
    .where(inArray(coursePriceOptions.courseId, courseIds))
    .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id));
  for (const { courseId, history, ...option } of rows) {
    options.set(courseId, [...(options.get(courseId) ?? []), option]);
    priced.set(courseId, [...(priced.get(courseId) ?? []), { changes: parseHistory(history), currentBani: option.amountBani, accreditation: option.accreditation, advancePayment: option.advancePayment }]);
  }
  const lowest = new Map<number, number | null>();
  for (const [courseId, list] of priced) {
    // Accreditation and advance entries are not prices a student pays as such.
    const base = list.filter((o) => !o.accreditation && !o.advancePayment);
    lowest.set(courseId, lowestAcross(base.length ? base : list));
  }
  return { options, lowest };
}

/** Price options of several courses in one query, grouped by course, in admin order. */
async function optionsByCourse(courseIds: number[]): Promise<Map<number, PriceOption[]>> {
  const grouped = new Map<number, PriceOption[]>();
  if (courseIds.length === 0) return grouped;
  const rows = await getDb()
    .select(optionColumns)
    .from(coursePriceOptions)
    .where(inArray(coursePriceOptions.courseId, courseIds))
    .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id));
  for (const { courseId, ...option } of rows) {
    const list = grouped.get(courseId) ?? [];
    list.push(option);
    grouped.set(courseId, list);
  }
  return grouped;
}

/** Published courses of one kind, in catalogue order, with their "de la" price (two queries). */
export function listPublishedCourses(kind: CourseKind): Promise<CourseSummary[]> {
  return cachedCatalogue(`courses:${kind}`, () => queryPublishedCourses(kind));
}

async function queryPublishedCourses(kind: CourseKind): Promise<CourseSummary[]> {
  const rows = await getDb()
    .select(summaryColumns)
    .from(courses)
    .where(and(eq(courses.isPublished, true), eq(courses.kind, kind)))
    .orderBy(asc(courses.position), asc(courses.id));
  const { options, lowest } = await optionsWithReferences(rows.map((r) => r.id));
  return rows.map((row) => {
    const list = options.get(row.id) ?? [];
    return { ...row, fromPriceBani: fromPrice(kind, list), optionCount: list.length, lowest30Bani: lowest.get(row.id) ?? null };
  });
}

/**
 * One published course of this kind with its options and content; null for an unknown id, an
 * unpublished course, or a course of the other kind (the caller answers 404).
 */
export function getPublishedCourse(kind: CourseKind, id: number): Promise<CourseDetail | null> {
  return cachedCatalogue(`course:${kind}:${id}`, () => queryPublishedCourse(kind, id));
}

async function queryPublishedCourse(kind: CourseKind, id: number): Promise<CourseDetail | null> {
  const [row] = await getDb()
    .select({ ...summaryColumns, thirdTitle: courses.thirdTitle, content: courses.content, updatedAt: courses.updatedAt })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.kind, kind), eq(courses.isPublished, true)))
    .limit(1);
  if (!row) return null;
  const references = await optionsWithReferences([row.id]);
  const options = references.options.get(row.id) ?? [];
  const lowest = references.lowest;
  return {
    ...row,
    content: readCourseContent(row.content),
    options,
    fromPriceBani: fromPrice(kind, options),
    optionCount: options.length,
    lowest30Bani: lowest.get(row.id) ?? null,
  };
}

/**
 * The home page promo: the published physical course whose next session is the soonest one on
 * or after `today` (YYYY-MM-DD, Bucharest), with its "de la" price; null when none is planned.
 */
export function nextPhysicalSession(today: string): Promise<CourseSummary | null> {
  return cachedCatalogue(`next-session:${today}`, () => queryNextPhysicalSession(today));
}

async function queryNextPhysicalSession(today: string): Promise<CourseSummary | null> {
  const [row] = await getDb()
    .select(summaryColumns)
    .from(courses)
    .where(
      and(
        eq(courses.isPublished, true),
        eq(courses.kind, "physical"),
        isNotNull(courses.nextSessionOn),
        gte(courses.nextSessionOn, today),
      ),
    )
    .orderBy(asc(courses.nextSessionOn), asc(courses.position), asc(courses.id))
    .limit(1);
  if (!row) return null;
  const options = (await optionsByCourse([row.id])).get(row.id) ?? [];
  return { ...row, fromPriceBani: fromPrice("physical", options), optionCount: options.length, lowest30Bani: null };
}

/**
 * The user's enrolment status per course, for the list buttons and the detail action area.
 * (Kept here, not in enrollment.server.ts, which the accounts issue owns.)
 */
export async function enrollmentStatuses(userId: string, courseIds: number[]): Promise<Map<number, PaymentStatus>> {
  const statuses = new Map<number, PaymentStatus>();
  if (courseIds.length === 0) return statuses;
  const rows = await getDb()
    .select({ courseId: enrollments.courseId, status: enrollments.paymentStatus })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, courseIds)));
  for (const row of rows) statuses.set(row.courseId, row.status);
  return statuses;
}

/** Published courses for the sitemap. */
export async function listSitemapCourses() {
  return getDb()
    .select({ id: courses.id, kind: courses.kind, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(asc(courses.kind), asc(courses.position), asc(courses.id));
}
