/**
 * The admin course form (docs/product.md §2 Admin page, §5, §9 ids): one zod schema validates the whole
 * course, in the browser (conform, as the admin types) and in the action. The form keeps what
 * the admin typed (money as Romanian text, days as text or "nelimitat"); `toCourseInput` turns
 * a valid form into the domain values the model saves (bani, null for "nelimitat", the content
 * tree with blank rows dropped). Its zod-free parts (messages, the rows the "add" buttons
 * insert) are in `admin-course-rows.ts`, re-exported here, so the editor shows without zod.
 *
 * Ids (docs/product.md §9): chapter and sub-chapter ids continue from the maximum existing id; a new
 * course starts with chapter 0 holding detail 0; a chapter added to an empty list starts at 1;
 * lesson ids count per chapter from 1. The `new…` helpers give the rows the "add" buttons insert.
 */
import { z } from "zod";
import { courseContentSchema, type CourseContent } from "../course-content";
import { moneyToInput, parseMoney } from "../money";
import { isValidStorageKey } from "../storage-keys";
import { COURSE_FORM_MESSAGES, daysToText, parseDaysText, TRANSCRIPT_MAX_LENGTH, type AdminCourseKind } from "./admin-course-rows";

export * from "./admin-course-rows";

const text = (max: number) => z.string().trim().max(max, `Cel mult ${max} de caractere.`).optional();
const id = z.number().int().min(0).max(1_000_000);
const published = z.enum(["da", "nu"]).default("nu");
const key = (folder: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (isValidStorageKey(value) && value.startsWith(`${folder}/`)), COURSE_FORM_MESSAGES.badKey);


// Field-level checks (they run even when another field of the form is invalid, so every
// message shows at once).
const moneyText = z
  .string()
  .optional()
  .superRefine((value, ctx) => {
    const money = parseMoney(value);
    if (!money.ok) ctx.addIssue({ code: "custom", message: money.error });
  });
const optionalMoneyText = z
  .string()
  .optional()
  .superRefine((value, ctx) => {
    if (!value?.trim()) return;
    const money = parseMoney(value);
    if (!money.ok) ctx.addIssue({ code: "custom", message: money.error });
  });
const daysText = z
  .string()
  .optional()
  .refine((value) => parseDaysText(value) !== undefined, COURSE_FORM_MESSAGES.days);
const dateText = z
  .string()
  .optional()
  .refine((value) => {
    const date = value?.trim();
    if (!date) return true;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
    const parsed = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
  }, COURSE_FORM_MESSAGES.date);

const priceSchema = z.object({
  /** The existing option's id: kept on save so carts holding it stay valid. */
  id: z.number().int().positive().optional(),
  value: moneyText,
  days: daysText,
  accreditation: z.boolean().optional(),
  advancePayment: z.boolean().optional(),
  /** Physical editor rows: the accredited diploma may be chosen with this period. */
  accreditable: z.boolean().optional(),
});

const chapterSchema = z.object({
  id,
  title: text(200),
  details: z.array(z.object({ id, text: text(500) })).max(200).default([]),
});

const daySchema = z
  .object({
    id,
    title: text(200),
    activities: z.array(text(500)).max(100).default([]),
  })
  .superRefine((day, ctx) => {
    if (!day.title?.trim() && day.activities.some((a) => a?.trim())) {
      ctx.addIssue({ code: "custom", message: COURSE_FORM_MESSAGES.dayTitle, path: ["title"] });
    }
  });

const lessonSchema = z.object({
  /** The saved lesson's row id: kept on save so students' progress follows a renumbered lesson. */
  id: z.number().int().positive().optional(),
  chapterId: z.number({ message: COURSE_FORM_MESSAGES.lessonChapter }).int().min(0),
  lessonId: z.number({ message: "Numărul lecției este obligatoriu." }).int().min(1, "Numărul lecției începe de la 1.").max(10_000),
  title: z.string({ message: COURSE_FORM_MESSAGES.lessonTitle }).trim().min(1, COURSE_FORM_MESSAGES.lessonTitle).max(200),
  explanation: text(5000),
  isPublished: published,
  videoKey: key("videos"),
  pdfKey: key("pdfs"),
  captionsKey: key("captions"),
  transcript: z.string().trim().max(TRANSCRIPT_MAX_LENGTH, COURSE_FORM_MESSAGES.transcriptTooLong).optional(),
  videoDurationSeconds: z.number({ message: COURSE_FORM_MESSAGES.duration }).int(COURSE_FORM_MESSAGES.duration).min(0).max(86_400).optional(),
});

function addDuplicateIssues(ctx: z.RefinementCtx, items: Array<{ id: number }>, path: (index: number) => Array<string | number>) {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", message: COURSE_FORM_MESSAGES.duplicateId, path: path(index) });
    seen.add(item.id);
  });
}

export function courseFormSchema(kind: AdminCourseKind) {
  return z
    .object({
      title: z.string({ message: COURSE_FORM_MESSAGES.titleRequired }).trim().min(1, COURSE_FORM_MESSAGES.titleRequired).max(200),
      secondTitle: text(200),
      thirdTitle: text(5000),
      category: text(100),
      imageKey: key("courses"),
      price2: optionalMoneyText,
      durationDays: kind === "physical" ? daysText : z.string().optional(),
      nextSessionOn: kind === "physical" ? dateText : z.string().optional(),
      isPublished: published,
      prices: z.array(priceSchema).max(30).default([]),
      /** Physical: the course offers paying only the advance (amount: the settings). The accredited diploma is ticked per period (`prices[i].accreditable`). */
      offersAdvance: z.boolean().optional(),
      chapters: z.array(chapterSchema).max(100).default([]),
      days: z.array(daySchema).max(60).default([]),
      lessons: z.array(lessonSchema).max(500).default([]),
    })
    .superRefine((value, ctx) => {
      // Cross-field checks (they need the whole form valid in shape).
      if (kind === "physical") addDuplicateIssues(ctx, value.days, (index) => ["days", index, "title"]);
      addDuplicateIssues(ctx, value.chapters, (index) => ["chapters", index, "title"]);
      value.chapters.forEach((chapter, c) => addDuplicateIssues(ctx, chapter.details, (d) => ["chapters", c, "details", d, "text"]));
      if (kind === "online") {
        const chapterIds = new Set(value.chapters.map((c) => c.id));
        const pairs = new Set<string>();
        value.lessons.forEach((lesson, index) => {
          if (!chapterIds.has(lesson.chapterId)) ctx.addIssue({ code: "custom", message: COURSE_FORM_MESSAGES.lessonChapter, path: ["lessons", index, "chapterId"] });
          const pair = `${lesson.chapterId}/${lesson.lessonId}`;
          if (pairs.has(pair)) ctx.addIssue({ code: "custom", message: COURSE_FORM_MESSAGES.lessonDuplicate, path: ["lessons", index, "lessonId"] });
          pairs.add(pair);
        });
      }
    });
}

export type CourseForm = z.output<ReturnType<typeof courseFormSchema>>;

/** The stored files a lesson points at (video, PDF, captions), without the empty ones. */
export function lessonMediaKeys(lesson: { videoKey?: string | null; pdfKey?: string | null; captionsKey?: string | null }): string[] {
  return [lesson.videoKey, lesson.pdfKey, lesson.captionsKey].filter((key): key is string => Boolean(key));
}

/** Media fields of a parsed course form with their form names (checked before a save). */
export function courseMediaFields(value: CourseForm): Array<{ name: string; key: string }> {
  const list: Array<{ name: string; key: string }> = [];
  if (value.imageKey) list.push({ name: "imageKey", key: value.imageKey });
  value.lessons.forEach((lesson, i) => {
    if (lesson.videoKey) list.push({ name: `lessons[${i}].videoKey`, key: lesson.videoKey });
    if (lesson.pdfKey) list.push({ name: `lessons[${i}].pdfKey`, key: lesson.pdfKey });
    if (lesson.captionsKey) list.push({ name: `lessons[${i}].captionsKey`, key: lesson.captionsKey });
  });
  return list;
}
export type CourseFormInput = z.input<ReturnType<typeof courseFormSchema>>;

export interface CoursePriceInput {
  id: number | null;
  days: number | null;
  amountBani: number;
  accreditation: boolean;
  advancePayment: boolean;
  /** An accreditation / advance entry from the editor's boxes: stored with the settings' amount (informative; unused). */
  amountFromSettings?: boolean;
}

export interface LessonInput {
  /** The saved lesson's row id (null: a new lesson). */
  id: number | null;
  chapterId: number;
  lessonId: number;
  title: string;
  explanation: string;
  isPublished: boolean;
  videoKey: string | null;
  pdfKey: string | null;
  /** WebVTT captions of the video (captions/…); absent: none. */
  captionsKey?: string | null;
  /** Plain text; absent or "": none. */
  transcript?: string;
  videoDurationSeconds: number | null;
}

export interface CourseInput {
  kind: AdminCourseKind;
  title: string;
  secondTitle: string;
  thirdTitle: string;
  category: string;
  imageKey: string | null;
  price2Bani: number | null;
  /** Always null (nelimitat) for online courses. */
  durationDays: number | null;
  nextSessionOn: string | null;
  isPublished: boolean;
  prices: CoursePriceInput[];
  content: CourseContent;
  lessons: LessonInput[];
}

const money = (value: string | undefined) => {
  const parsed = parseMoney(value);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.bani;
};

/**
 * Physical courses: the editor's choices become the entries that say so (docs/product.md's price
 * entries with the accreditation or advance flag; their amount is not used — the settings are —
 * and the model stores the settings' amount with them). A period ticked "Diplomă acreditată"
 * gets an accreditation entry with its days (the accreditation may be chosen only with the
 * periods that have one, course-quote.ts `accreditationAllowed`); the advance box, one entry. Entries
 * already flagged in the posted prices (the JSON API) stay.
 */
function withOfferEntries(kind: AdminCourseKind, form: CourseForm, prices: CoursePriceInput[]): CoursePriceInput[] {
  if (kind !== "physical") return prices;
  const out = [...prices];
  const marker = { id: null, amountBani: 0, amountFromSettings: true };
  form.prices.forEach((row, index) => {
    const days = prices[index].days;
    if (row.accreditable && !prices[index].accreditation && !out.some((p) => p.accreditation && p.days === days)) {
      out.push({ ...marker, days, accreditation: true, advancePayment: false });
    }
  });
  if (form.offersAdvance && !out.some((p) => p.advancePayment)) out.push({ ...marker, days: null, accreditation: false, advancePayment: true });
  return out;
}

/** A valid form → what the model saves. Blank details, activities, days and chapters are dropped. */
export function toCourseInput(kind: AdminCourseKind, form: CourseForm): CourseInput {
  const content = courseContentSchema.parse({
    chapters: form.chapters
      .map((chapter) => ({
        id: chapter.id,
        title: chapter.title?.trim() ?? "",
        details: chapter.details.filter((d) => d.text?.trim()).map((d) => ({ id: d.id, text: d.text!.trim() })),
      }))
      .filter((chapter) => chapter.title || chapter.details.length > 0),
    days:
      kind === "physical"
        ? form.days
            .map((day) => ({ id: day.id, title: day.title?.trim() ?? "", activities: day.activities.map((a) => a?.trim() ?? "").filter(Boolean) }))
            .filter((day) => day.title)
        : [],
  });
  return {
    kind,
    title: form.title,
    secondTitle: form.secondTitle ?? "",
    thirdTitle: form.thirdTitle ?? "",
    category: form.category ?? "",
    imageKey: form.imageKey || null,
    price2Bani: form.price2?.trim() ? money(form.price2) : null,
    durationDays: kind === "physical" ? (parseDaysText(form.durationDays) ?? null) : null,
    nextSessionOn: kind === "physical" && form.nextSessionOn?.trim() ? form.nextSessionOn.trim() : null,
    isPublished: form.isPublished === "da",
    prices: withOfferEntries(
      kind,
      form,
      form.prices.map((price) => ({
        id: price.id ?? null,
        days: parseDaysText(price.days) ?? null,
        amountBani: money(price.value),
        accreditation: Boolean(price.accreditation),
        advancePayment: kind === "physical" && Boolean(price.advancePayment),
      })),
    ),
    content,
    lessons:
      kind === "online"
        ? form.lessons.map((lesson) => ({
            id: lesson.id ?? null,
            chapterId: lesson.chapterId,
            lessonId: lesson.lessonId,
            title: lesson.title,
            explanation: lesson.explanation ?? "",
            isPublished: lesson.isPublished === "da",
            videoKey: lesson.videoKey || null,
            pdfKey: lesson.pdfKey || null,
            captionsKey: lesson.captionsKey || null,
            transcript: (lesson.transcript ?? "").replace(/\r\n?/g, "\n"),
            videoDurationSeconds: lesson.videoDurationSeconds ?? null,
          }))
        : [],
  };
}

// ─── Form values (what the inputs show) ──────────────────────────────────────────────────────


export interface StoredCourseForForm {
  /** Physical: the accreditation and advance entries become the two "offers" boxes. */
  kind?: AdminCourseKind;
  title: string;
  secondTitle: string;
  thirdTitle: string;
  category: string;
  imageKey: string | null;
  price2Bani: number | null;
  durationDays: number | null;
  nextSessionOn: string | null;
  isPublished: boolean;
  options: Array<{ id: number; days: number | null; amountBani: number; accreditation: boolean; advancePayment: boolean }>;
  content: CourseContent;
  lessons: Array<LessonInput>;
}

/** A saved course as form values (money back to Romanian text, null days to "nelimitat"). */
export function courseToFormValue(course: StoredCourseForForm) {
  return {
    title: course.title,
    secondTitle: course.secondTitle,
    thirdTitle: course.thirdTitle,
    category: course.category,
    imageKey: course.imageKey ?? "",
    price2: course.price2Bani === null ? "" : moneyToInput(course.price2Bani),
    durationDays: daysToText(course.durationDays),
    nextSessionOn: course.nextSessionOn ?? "",
    isPublished: course.isPublished ? "da" : "nu",
    prices: course.options
      .filter((o) => course.kind !== "physical" || (!o.accreditation && !o.advancePayment))
      .map((o) => ({
        id: o.id,
        value: moneyToInput(o.amountBani),
        days: daysToText(o.days),
        accreditation: o.accreditation,
        advancePayment: o.advancePayment,
        // course-quote.ts `accreditationAllowed`, written out: this module is in the lazy schema chunk.
        ...(course.kind === "physical" ? { accreditable: course.options.some((a) => a.accreditation && a.days === o.days) } : {}),
      })),
    offersAdvance: course.kind === "physical" && course.options.some((o) => o.advancePayment),
    chapters: course.content.chapters.map((c) => ({ id: c.id, title: c.title, details: c.details.map((d) => ({ id: d.id, text: d.text })) })),
    days: course.content.days.map((d) => ({ id: d.id, title: d.title, activities: d.activities })),
    lessons: course.lessons.map((l) => ({
      id: l.id ?? undefined,
      chapterId: l.chapterId,
      lessonId: l.lessonId,
      title: l.title,
      explanation: l.explanation,
      isPublished: l.isPublished ? "da" : "nu",
      videoKey: l.videoKey ?? "",
      pdfKey: l.pdfKey ?? "",
      captionsKey: l.captionsKey ?? "",
      transcript: l.transcript ?? "",
      videoDurationSeconds: l.videoDurationSeconds ?? undefined,
    })),
  };
}
