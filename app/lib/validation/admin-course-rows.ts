/**
 * The admin course form's zod-free parts: its messages, the days text, and the rows the "add"
 * buttons insert (ids per docs/product.md §9). The editor's components import these without loading zod;
 * the schema is in `admin-course.ts`, which re-exports all of this.
 */
import { nextId } from "../next-id";

export type AdminCourseKind = "physical" | "online";

/** A lesson's transcript (plain text, WCAG 1.2.2 next to the captions): about 2 hours of speech. */
export const TRANSCRIPT_MAX_LENGTH = 100_000;

export const COURSE_FORM_MESSAGES = {
  titleRequired: "Titlul este obligatoriu.",
  days: "Scrie numărul de zile (1–3650) sau „nelimitat”.",
  date: "Alege o dată validă.",
  dayTitle: "Titlul zilei este obligatoriu.",
  lessonTitle: "Titlul lecției este obligatoriu.",
  lessonChapter: "Alege un capitol existent.",
  lessonDuplicate: "Există deja o lecție cu acest număr în capitol.",
  duplicateId: "Id duplicat: reîncarcă pagina și încearcă din nou.",
  badKey: "Fișier invalid: încarcă-l din nou.",
  duration: "Durata trebuie să fie un număr întreg de secunde.",
  transcriptTooLong: `Transcrierea poate avea cel mult ${TRANSCRIPT_MAX_LENGTH.toLocaleString("ro-RO")} de caractere.`,
  created: "Curs creat cu succes",
  updated: "Curs actualizat cu succes",
  saveFailed: "Eroare la salvarea cursului",
  loadFailed: "Eroare la preluarea datelor.",
  deleted: "Cursul a fost șters.",
  hidden: "Cursul are cursanți înscriși: l-am ascuns din catalog, iar cursanții își păstrează accesul.",
  deleteFailed: "Eroare la ștergerea cursului.",
  confirmDelete: "Sigur vrei să ștergi acest curs?",
} as const;

/** "" or "nelimitat" → null; "30" → 30; anything else → undefined (invalid). */
export function parseDaysText(value: string | undefined | null): number | null | undefined {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "nelimitat") return null;
  if (!/^[0-9]{1,4}$/.test(text)) return undefined;
  const days = Number(text);
  return days >= 1 && days <= 3650 ? days : undefined;
}

export const daysToText = (days: number | null) => (days === null ? "nelimitat" : String(days));

// ─── Form values (what the inputs show) ──────────────────────────────────────────────────────

/** Ids arrive from the form as strings; anything not a number counts as absent. */
const ids = (items: ReadonlyArray<{ id?: unknown } | undefined> | undefined) =>
  (items ?? []).map((item) => Number(item?.id)).filter((n) => Number.isInteger(n) && n >= 0).map((id) => ({ id }));

export function newPrice(kind: AdminCourseKind) {
  return { value: "", days: kind === "online" ? "nelimitat" : "", accreditation: false, advancePayment: false, ...(kind === "physical" ? { accreditable: false } : {}) };
}

/** A chapter added to the list: the maximum id + 1, or 1 when there is none (docs/product.md §9). */
export function newChapter(chapters: ReadonlyArray<{ id?: unknown } | undefined> | undefined) {
  return { id: nextId(ids(chapters), 1), title: "", details: [{ id: 0, text: "" }] };
}

/** A sub-chapter added to a chapter: the maximum id + 1, or 0 (docs/product.md §9). */
export function newDetail(details: ReadonlyArray<{ id?: unknown } | undefined> | undefined) {
  return { id: nextId(ids(details), 0), text: "" };
}

export function newDay(days: ReadonlyArray<{ id?: unknown } | undefined> | undefined) {
  return { id: nextId(ids(days), 1), title: "", activities: [""] };
}

/** A lesson added to a chapter: numbered after the chapter's last lesson, from 1 (docs/product.md §9). */
export function newLesson(lessons: ReadonlyArray<{ chapterId?: unknown; lessonId?: unknown } | undefined> | undefined, chapterId: number) {
  const inChapter = (lessons ?? [])
    .filter((l) => Number(l?.chapterId) === chapterId)
    .map((l) => Number(l?.lessonId))
    .filter((n) => Number.isInteger(n));
  return {
    chapterId,
    lessonId: inChapter.length ? Math.max(...inChapter) + 1 : 1,
    title: "",
    explanation: "",
    isPublished: "da",
    videoKey: "",
    pdfKey: "",
    captionsKey: "",
    transcript: "",
  };
}

/** A new course: one empty price, chapter 0 with detail 0 (docs/product.md §9), nothing published. */
export function newCourseFormValue(kind: AdminCourseKind) {
  return {
    title: "",
    secondTitle: "",
    thirdTitle: "",
    category: "",
    imageKey: "",
    price2: "",
    durationDays: kind === "online" ? "nelimitat" : "",
    nextSessionOn: "",
    isPublished: "nu",
    prices: [newPrice(kind)],
    offersAdvance: false,
    chapters: [{ id: 0, title: "", details: [{ id: 0, text: "" }] }],
    days: [],
    lessons: [],
  };
}
