import { describe, expect, it } from "vitest";
import { courseContentSchema, emptyCourseContent, nextId, readCourseContent } from "~/lib/course-content";

describe("course content", () => {
  it("validates chapters and days", () => {
    const content = {
      chapters: [{ id: 0, title: "Teorie", details: [{ id: 0, text: "Igienă" }] }],
      days: [{ id: 0, title: "Ziua 1", activities: ["Teorie"] }],
    };
    expect(courseContentSchema.parse(content)).toEqual(content);
    expect(courseContentSchema.safeParse({ chapters: [{ id: -1, title: "", details: [] }], days: [] }).success).toBe(false);
  });

  it("reads a broken stored value as empty content", () => {
    expect(readCourseContent({ chapters: "nope" })).toEqual(emptyCourseContent);
    expect(readCourseContent(null)).toEqual(emptyCourseContent);
  });

  it("continues ids from the maximum (docs/product.md §9)", () => {
    expect(nextId([])).toBe(0);
    expect(nextId([], 1)).toBe(1);
    expect(nextId([{ id: 0 }, { id: 4 }, { id: 2 }])).toBe(5);
  });
});
