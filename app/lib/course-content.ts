/**
 * The course content tree that admins edit as a whole (docs/product.md §3 "elements"): chapters with their
 * sub-chapter details and, for physical courses, the programme days with their activities.
 * Stored as JSONB on `courses.content`; this one schema validates it on write and on read.
 */
import { z } from "zod";

const id = z.number().int().min(0).max(1_000_000);
const text = (max: number) => z.string().trim().max(max);

export const chapterDetailSchema = z.object({
  id,
  text: text(500).min(1),
});

export const chapterSchema = z.object({
  id,
  title: text(200),
  details: z.array(chapterDetailSchema).max(200),
});

export const courseDaySchema = z.object({
  id,
  title: text(200).min(1),
  activities: z.array(text(500).min(1)).max(100),
});

export const courseContentSchema = z.object({
  chapters: z.array(chapterSchema).max(100),
  days: z.array(courseDaySchema).max(60),
});

export type ChapterDetail = z.infer<typeof chapterDetailSchema>;
export type Chapter = z.infer<typeof chapterSchema>;
export type CourseDay = z.infer<typeof courseDaySchema>;
export type CourseContent = z.infer<typeof courseContentSchema>;

export const emptyCourseContent: CourseContent = { chapters: [], days: [] };

/**
 * Reads a stored content value defensively: anything that does not match the schema (an old or
 * hand-edited row) becomes empty content instead of crashing a public page.
 */
export function readCourseContent(value: unknown): CourseContent {
  const parsed = courseContentSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyCourseContent;
}

export { nextId } from "./next-id";
