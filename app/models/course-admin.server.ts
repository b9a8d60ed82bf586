/**
 * Admin writes and reads for courses (docs/product.md §2 Admin page, §6): the lists of the two course
 * tabs, one course with everything its form edits, save (one transaction: course row, price
 * options, lessons) and delete (a course with enrolments is only unpublished, so its students
 * keep their access). Media that nothing references any more is removed after a change.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "../../db/client";
import { coursePriceOptions, courses, enrollments, type CourseKind } from "../../db/schema";
import { getPriceSettings } from "~/models/course-settings.server";
import { recordPriceChange } from "~/models/price-history.server";
import { readCourseContent } from "~/lib/course-content";
import {
  courseMediaFields,
  lessonMediaKeys,
  toCourseInput,
  type CourseForm,
  type CourseInput,
  type CoursePriceInput,
  type StoredCourseForForm,
} from "~/lib/validation/admin-course";
import { saveLessons, listLessonsForAdmin, withMeasuredDurations } from "~/models/lesson-admin.server";
import { removeUnusedMedia } from "~/models/media.server";
import { afterCatalogueWrite } from "~/services/catalogue-cache.server";
import { verifyFormMedia } from "~/services/uploads.server";

export interface AdminCourseCard {
  id: number;
  title: string;
  secondTitle: string;
  category: string;
  isPublished: boolean;
  imageKey: string | null;
  enrollments: number;
  options: number;
  lessons: number;
}

/** Every course of one kind (published or not), in catalogue order, with a few counts. */
export async function listCoursesForAdmin(kind: CourseKind): Promise<AdminCourseCard[]> {
  const db = getDb();
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      secondTitle: courses.secondTitle,
      category: courses.category,
      isPublished: courses.isPublished,
      imageKey: courses.imageKey,
      // Column names are qualified by hand: drizzle leaves them bare inside a subquery.
      enrollments: sql<number>`(select count(*)::int from "enrollments" e where e.course_id = "courses"."id")`,
      options: sql<number>`(select count(*)::int from "course_price_options" o where o.course_id = "courses"."id")`,
      lessons: sql<number>`(select count(*)::int from "lessons" l where l.course_id = "courses"."id")`,
    })
    .from(courses)
    .where(eq(courses.kind, kind))
    .orderBy(asc(courses.position), asc(courses.id));
  return rows;
}

export interface AdminCourse extends StoredCourseForForm {
  id: number;
  kind: CourseKind;
  updatedAt: Date;
}

/** One course of this kind with its options, content and lessons; null if there is none. */
export async function getCourseForAdmin(kind: CourseKind, id: number): Promise<AdminCourse | null> {
  const db = getDb();
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.kind, kind)))
    .limit(1);
  if (!row) return null;
  const [options, lessonRows] = await Promise.all([
    db
      .select()
      .from(coursePriceOptions)
      .where(eq(coursePriceOptions.courseId, id))
      .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id)),
    kind === "online" ? listLessonsForAdmin(id) : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    secondTitle: row.secondTitle,
    thirdTitle: row.thirdTitle,
    category: row.category,
    imageKey: row.imageKey,
    price2Bani: row.price2Bani,
    durationDays: row.durationDays,
    nextSessionOn: row.nextSessionOn,
    isPublished: row.isPublished,
    options: options.map(({ id, days, amountBani, accreditation, advancePayment }) => ({ id, days, amountBani, accreditation, advancePayment })),
    content: readCourseContent(row.content),
    lessons: lessonRows,
    updatedAt: row.updatedAt,
  };
}

/** Media keys a course uses (cover, lesson videos, PDFs and captions). */
function mediaOf(course: { imageKey: string | null; lessons: Array<{ videoKey: string | null; pdfKey: string | null; captionsKey?: string | null }> }): Set<string> {
  const keys = new Set<string>();
  if (course.imageKey) keys.add(course.imageKey);
  for (const lesson of course.lessons) for (const key of lessonMediaKeys(lesson)) keys.add(key);
  return keys;
}

/**
 * Price options in place: an option keeps its row (and id) when the form sent its id back, or
 * else takes the free row at its position; new rows are inserted; rows nobody claimed are
 * deleted — their cart lines go with them (FK cascade), order lines keep their snapshot.
 */
async function savePriceOptions(tx: Executor, courseId: number, kind: CourseKind, prices: CoursePriceInput[], actorUserId: string | null) {
  const existing = await tx
    .select({
      id: coursePriceOptions.id,
      amountBani: coursePriceOptions.amountBani,
      accreditation: coursePriceOptions.accreditation,
      advancePayment: coursePriceOptions.advancePayment,
    })
    .from(coursePriceOptions)
    .where(eq(coursePriceOptions.courseId, courseId))
    .orderBy(asc(coursePriceOptions.position), asc(coursePriceOptions.id));
  const existingIds = existing.map((o) => o.id);
  const claimed = new Set<number>();
  const rowFor: Array<number | null> = prices.map((price) => {
    if (price.id !== null && existingIds.includes(price.id) && !claimed.has(price.id)) {
      claimed.add(price.id);
      return price.id;
    }
    return null;
  });
  // A physical course's accreditation / advance entry (the editor sends no id for it) keeps the
  // existing entry with the same flag.
  const isOffer = (p: { accreditation: boolean; advancePayment: boolean }) => kind === "physical" && (p.accreditation || p.advancePayment);
  rowFor.forEach((rowId, index) => {
    const price = prices[index];
    if (rowId !== null || !isOffer(price)) return;
    const same = existing.find((o) => !claimed.has(o.id) && o.accreditation === price.accreditation && o.advancePayment === price.advancePayment);
    if (same) {
      claimed.add(same.id);
      rowFor[index] = same.id;
    }
  });
  // Rows without an id (no JavaScript lost nothing here, but a hand-made post might) take a
  // free existing row at the same position.
  rowFor.forEach((rowId, index) => {
    if (rowId !== null) return;
    const free = existingIds[index];
    if (free !== undefined && !claimed.has(free) && prices[index].id === null) {
      claimed.add(free);
      rowFor[index] = free;
    }
  });
  const removed = existingIds.filter((id) => !claimed.has(id));
  if (removed.length) await tx.delete(coursePriceOptions).where(inArray(coursePriceOptions.id, removed));
  const settings = prices.some((p) => p.amountFromSettings) ? await getPriceSettings(tx) : null;
  const amountOf = (price: CoursePriceInput) =>
    price.amountFromSettings && settings ? (price.advancePayment ? settings.advancePaymentBani : settings.accreditationSurchargeBani) : price.amountBani;
  for (const [position, price] of prices.entries()) {
    const values = {
      days: price.days,
      amountBani: amountOf(price),
      accreditation: price.accreditation,
      advancePayment: price.advancePayment,
      position,
    };
    const rowId = rowFor[position];
    // An accreditation / advance entry is not a price (the settings are): no price history.
    const priced = !isOffer(price);
    if (rowId !== null) {
      await tx.update(coursePriceOptions).set(values).where(eq(coursePriceOptions.id, rowId));
      const oldBani = existing.find((o) => o.id === rowId)?.amountBani ?? null;
      if (priced) await recordPriceChange(tx, { courseId, priceOptionId: rowId }, oldBani, values.amountBani, actorUserId);
    } else {
      const [row] = await tx.insert(coursePriceOptions).values({ courseId, ...values }).returning({ id: coursePriceOptions.id });
      if (priced) await recordPriceChange(tx, { courseId, priceOptionId: row.id }, null, values.amountBani, actorUserId);
    }
  }
}

export type SaveCourseResult = { ok: true; id: number; created: boolean } | { ok: false; reason: "not-found" };

/**
 * Creates (id null) or updates a course with its options and lessons, in one transaction; every
 * option price set or changed is recorded in the price history (who: `actorUserId`).
 */
export async function saveCourse(id: number | null, input: CourseInput, actorUserId: string | null = null): Promise<SaveCourseResult> {
  const db = getDb();
  const before = id === null ? null : await getCourseForAdmin(input.kind, id);
  if (id !== null && !before) return { ok: false, reason: "not-found" };
  const values = {
    title: input.title,
    secondTitle: input.secondTitle,
    thirdTitle: input.thirdTitle,
    category: input.category,
    imageKey: input.imageKey,
    price2Bani: input.price2Bani,
    durationDays: input.kind === "online" ? null : input.durationDays,
    nextSessionOn: input.kind === "online" ? null : input.nextSessionOn,
    content: input.content,
    isPublished: input.isPublished,
  };
  // Video lengths are measured from storage before the transaction (no locks held meanwhile).
  const lessonsToSave = input.kind === "online" ? await withMeasuredDurations(input.lessons, before?.lessons ?? []) : [];
  const courseId = await afterCatalogueWrite(db.transaction(async (tx) => {
    let courseId: number;
    if (id === null) {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${courses.position}), -1)::int + 1` })
        .from(courses)
        .where(eq(courses.kind, input.kind));
      const [row] = await tx
        .insert(courses)
        .values({ kind: input.kind, position: next, ...values })
        .returning({ id: courses.id });
      courseId = row.id;
    } else {
      await tx.update(courses).set(values).where(and(eq(courses.id, id), eq(courses.kind, input.kind)));
      courseId = id;
    }
    await savePriceOptions(tx, courseId, input.kind, input.prices, actorUserId);
    if (input.kind === "online") await saveLessons(tx, courseId, lessonsToSave);
    return courseId;
  }));
  if (before) {
    const now = mediaOf(input);
    await removeUnusedMedia([...mediaOf(before)].filter((key) => !now.has(key)));
  }
  return { ok: true, id: courseId, created: id === null };
}

export type DeleteCourseResult = { outcome: "deleted" | "hidden" | "not-found" };

/**
 * Deletes a course without enrolments (options, lessons and cart lines go with it; order lines
 * keep their snapshot). A course with enrolments is unpublished instead: its students keep
 * their access and the course disappears from the catalogue.
 */
export async function deleteCourse(kind: CourseKind, id: number): Promise<DeleteCourseResult> {
  const before = await getCourseForAdmin(kind, id);
  if (!before) return { outcome: "not-found" };
  const outcome = await afterCatalogueWrite(getDb().transaction(async (tx) => {
    // Lock the course row: an enrolment created meanwhile cannot slip in (FK is RESTRICT anyway).
    await tx.execute(sql`select id from ${courses} where ${courses.id} = ${id} for update`);
    const [{ n }] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, id));
    if (n > 0) {
      await tx.update(courses).set({ isPublished: false }).where(eq(courses.id, id));
      return "hidden" as const;
    }
    await tx.delete(courses).where(eq(courses.id, id));
    return "deleted" as const;
  }));
  if (outcome === "deleted") await removeUnusedMedia([...mediaOf(before)]);
  return { outcome };
}

export type SaveCourseFormResult =
  | { ok: true; id: number; created: boolean; proofs: Record<string, string> }
  /** The course to update does not exist (any more). */
  | { ok: false; missing: true }
  /** A media key is not a checked upload: the messages per form field. */
  | { ok: false; missing: false; errors: Record<string, string[]>; proofs: Record<string, string> };

/**
 * Create (id null) or update a course from its parsed admin form — the one save behind the admin
 * editor's action and the JSON API: every media key new for this course must be a checked upload
 * (`verifyFormMedia`: keys stored with this very post or already on the course count as known;
 * a valid proof says a key was checked earlier), then `saveCourse`.
 */
export async function saveCourseFromForm(
  kind: CourseKind,
  id: number | null,
  form: CourseForm,
  options: { actorUserId: string; storedKeys?: Iterable<string>; proofs?: Map<string, string> },
): Promise<SaveCourseFormResult> {
  const before = id === null ? null : await getCourseForAdmin(kind, id);
  if (id !== null && !before) return { ok: false, missing: true };
  const known = new Set<string>([...(options.storedKeys ?? []), before?.imageKey ?? "", ...(before?.lessons ?? []).flatMap(lessonMediaKeys)]);
  const media = await verifyFormMedia(courseMediaFields(form), { known, proofs: options.proofs ?? new Map() });
  if (Object.keys(media.errors).length > 0) return { ok: false, missing: false, errors: media.errors, proofs: media.proofs };
  const saved = await saveCourse(id, toCourseInput(kind, form), options.actorUserId);
  if (!saved.ok) return { ok: false, missing: true };
  return { ok: true, id: saved.id, created: saved.created, proofs: media.proofs };
}
