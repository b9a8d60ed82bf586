/**
 * The admin's online-course editor as a browser without JavaScript posts it (multipart): a valid
 * course with one chapter and one lesson, plus the fields and files a test adds; and the upload
 * folders where the files it carries are stored.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { BASE, run } from "./http";

/** `extra` adds or replaces fields: `"file:lessons[0].videoKey"` (a File), `"lessons[0].transcript"`… */
export function onlineCourseForm(title: string, extra: Record<string, string | File> = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    secondTitle: "Fără JavaScript",
    thirdTitle: "Descriere",
    category: "Test",
    isPublished: "da",
    durationDays: "nelimitat",
    "prices[0].value": "199,00",
    "prices[0].days": "nelimitat",
    "chapters[0].id": "0",
    "chapters[0].title": "Capitol",
    "chapters[0].details[0].id": "0",
    "chapters[0].details[0].text": "Detaliu",
    "lessons[0].chapterId": "0",
    "lessons[0].lessonId": "1",
    "lessons[0].title": "Pregătirea unghiei",
    "lessons[0].isPublished": "da",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

/** Posts a new online course as the admin whose session `cookie` is: with Content-Length, as a browser does, or streamed without one. */
export async function postCourseForm(form: FormData, cookie: string, { stream = false } = {}) {
  const { action } = await import("~/routes/admin.cursuri-online.$id._index");
  const encoded = new Response(form);
  const headers: Record<string, string> = { "Content-Type": encoded.headers.get("Content-Type")!, Cookie: cookie, Origin: BASE };
  let body: BodyInit;
  if (stream) {
    body = encoded.body!;
  } else {
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    headers["Content-Length"] = String(bytes.byteLength);
    body = bytes;
  }
  const request = new Request(`${BASE}/admin/cursuri-online/nou`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return run(action, request, { id: "nou" });
}

/** The stored files of one upload folder (`captions`, `videos`, `pdfs`, `courses`…) whose names contain `marker`. */
export const storedUploads = async (folder: string, marker: string) =>
  (await fsp.readdir(path.join(process.env.DATA_DIR!, "uploads", folder)).catch(() => [] as string[])).filter((name) => name.includes(marker));
