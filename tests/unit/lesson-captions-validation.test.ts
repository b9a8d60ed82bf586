/**
 * Issue 19 item 5: the course form's captions key and transcript per lesson — the key must be a
 * captions/ key, the transcript is capped with a Romanian message and keeps its paragraphs with
 * LF line ends; both round-trip through the stored course, and the captions file is checked
 * with the lesson's other media.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { courseFormSchema, courseMediaFields, courseToFormValue, lessonMediaKeys, toCourseInput, TRANSCRIPT_MAX_LENGTH } from "~/lib/validation/admin-course";

function onlineForm(lesson: Record<string, string>) {
  const data = new FormData();
  const fields: Record<string, string> = {
    title: "Curs online",
    isPublished: "da",
    "chapters[0].id": "0",
    "chapters[0].title": "Capitol",
    "lessons[0].chapterId": "0",
    "lessons[0].lessonId": "1",
    "lessons[0].title": "Lecția 1",
    ...lesson,
  };
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return parseWithZod(data, { schema: courseFormSchema("online") });
}

describe("lesson captions and transcript in the course form", () => {
  it("keeps a captions key and a transcript (CRLF from the browser becomes LF)", () => {
    const submission = onlineForm({ "lessons[0].captionsKey": "captions/1735689600000_lectia-1.vtt", "lessons[0].transcript": "Primul paragraf.\r\n\r\nAl doilea." });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const input = toCourseInput("online", submission.value);
    expect(input.lessons[0]).toMatchObject({ captionsKey: "captions/1735689600000_lectia-1.vtt", transcript: "Primul paragraf.\n\nAl doilea." });
    expect(courseMediaFields(submission.value)).toEqual([{ name: "lessons[0].captionsKey", key: "captions/1735689600000_lectia-1.vtt" }]);
  });

  it("refuses a key from another folder and a transcript over the limit, in Romanian", () => {
    const submission = onlineForm({ "lessons[0].captionsKey": "pdfs/1735689600000_fisa.pdf", "lessons[0].transcript": "a".repeat(TRANSCRIPT_MAX_LENGTH + 1) });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error?.["lessons[0].captionsKey"]).toEqual(["Fișier invalid: încarcă-l din nou."]);
    expect(submission.error?.["lessons[0].transcript"]).toEqual(["Transcrierea poate avea cel mult 100.000 de caractere."]);
  });

  it("an empty captions field and transcript are none", () => {
    const submission = onlineForm({ "lessons[0].captionsKey": "", "lessons[0].transcript": "  " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toCourseInput("online", submission.value).lessons[0]).toMatchObject({ captionsKey: null, transcript: "" });
  });

  it("a stored lesson's captions and transcript come back as form values; its media keys include the captions", () => {
    const lesson = { id: 7, chapterId: 0, lessonId: 1, title: "L", explanation: "", isPublished: true, videoKey: "videos/1_a.mp4", pdfKey: null, captionsKey: "captions/1_a.vtt", transcript: "Text", videoDurationSeconds: 60 };
    const value = courseToFormValue({
      title: "C", secondTitle: "", thirdTitle: "", category: "", imageKey: null, price2Bani: null, durationDays: null, nextSessionOn: null, isPublished: true,
      options: [], content: { chapters: [], days: [] }, lessons: [lesson],
    });
    expect(value.lessons[0]).toMatchObject({ captionsKey: "captions/1_a.vtt", transcript: "Text" });
    expect(lessonMediaKeys(lesson)).toEqual(["videos/1_a.mp4", "captions/1_a.vtt"]);
  });
});
