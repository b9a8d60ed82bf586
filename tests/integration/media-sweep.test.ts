/**
 * The sweep of unused uploads: files older than the grace period that no course, lesson or
 * product points at are removed with their variants and posters; referenced, recent and
 * companion files of kept files stay. Real database references; an in-memory storage so the
 * sweep cannot touch files other test files use, plus the local backend's `list` itself.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { lessons } from "../../db/schema";
import { createCourse, createProduct } from "../helpers/factories";
import type { StorageFolder } from "~/lib/storage-keys";
import { sweepUnusedUploads, SWEEP_GRACE_MS } from "~/models/media.server";
import { localBackend, type StorageBackend } from "~/services/storage.server";

function memoryStorage(keys: string[]): StorageBackend & { keys: Set<string> } {
  const stored = new Set(keys);
  const unused = () => Promise.reject(new Error("not used by the sweep"));
  return {
    kind: "local",
    keys: stored,
    put: unused,
    head: async (key) => (stored.has(key) ? { size: 1, contentType: "application/octet-stream" } : null),
    delete: async (key) => void stored.delete(key),
    getUrl: unused,
    createUploadUrl: unused,
    readRange: unused,
    read: unused,
    list: async (folder: StorageFolder) => [...stored].filter((key) => key.startsWith(`${folder}/`)),
  };
}

describe("sweep of unused uploads", () => {
  it("removes old unreferenced files with their companions and keeps everything else", async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const old = now - SWEEP_GRACE_MS - 60_000;
    const recent = now - 3600_000;
    const { course } = await createCourse("online", { imageKey: `courses/${old}_folosita.webp` });
    await createProduct({ imageKey: `products/${old}_ulei.webp` });
    await getDb().insert(lessons).values({ courseId: course.id, chapterId: 0, lessonId: 1, title: "L", videoKey: `videos/${old}_folosit.mp4`, pdfKey: `pdfs/${old}_fisa.pdf` });

    const kept = [
      `courses/${old}_folosita.webp`,
      `courses/${old}_folosita-480.webp`,
      `courses/${old}_folosita-720.webp`,
      `products/${old}_ulei.webp`,
      `videos/${old}_folosit.mp4`,
      `videos/${old}_folosit-poster.webp`,
      `pdfs/${old}_fisa.pdf`,
      // An admin may still be filling in the form that will point at these.
      `courses/${recent}_noua.jpg`,
      `courses/${recent}_noua-480.jpg`,
      `videos/${recent}_in-lucru.mp4`,
    ];
    const removed = [
      `courses/${old}_abandonata.jpg`,
      `courses/${old}_abandonata-480.jpg`,
      `courses/${old}_abandonata-720.jpg`,
      `videos/${old}_abandonat.mp4`,
      `videos/${old}_abandonat-poster.webp`,
      `pdfs/${old}_abandonat.pdf`,
      `products/${old}_fara-imagine-480.webp`,
      `products/${old}_fara-imagine-720.webp`,
      `courses/${old}_intrerupt.webp.123.456.part`,
      // A chunked upload to the local storage that was abandoned (its part file).
      `videos/${old}_abandonat-pe-bucati.mp4.part`,
    ];
    const storage = memoryStorage([...kept, ...removed]);
    const result = await sweepUnusedUploads({ now, storage });
    expect([...storage.keys].sort()).toEqual([...kept].sort());
    // Counted: three unused files, the two orphan variants and the two .part files (companions go with their file).
    expect(result.deleted).toBe(7);

    // Nothing left to do: a second run changes nothing.
    expect(await sweepUnusedUploads({ now, storage })).toMatchObject({ deleted: 0 });
  });

  it("the local backend lists a folder's valid keys", async () => {
    const folder = path.join(process.env.DATA_DIR!, "uploads", "pdfs");
    await fsp.mkdir(folder, { recursive: true });
    await fsp.writeFile(path.join(folder, "1700000000000_lista.pdf"), "%PDF-1.4");
    await fsp.writeFile(path.join(folder, "NU ESTE o cheie"), "x");
    await fsp.writeFile(path.join(folder, "1700000000000_pe-bucati.pdf.part"), "%PDF-1.4");
    const keys = await localBackend.list("pdfs");
    expect(keys).toContain("pdfs/1700000000000_lista.pdf");
    expect(keys).toContain("pdfs/1700000000000_pe-bucati.pdf.part"); // an upload in chunks, for the sweep
    expect(keys.some((key) => key.includes("NU ESTE"))).toBe(false);
  });
});
