/**
 * Issue 20 item 9: published catalogue images have stable public addresses (/img/<key>) that
 * still answer after a signed URL's lifetime has passed; nothing else is served there.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { courses } from "../../db/schema";
import { variantKey } from "~/lib/images";
import { loader as physicalDetailLoader, meta as physicalMeta } from "~/routes/cursuri.curs.$id";
import { loader as imgLoader } from "~/routes/img.$";
import { loader as mediaLoader } from "~/routes/media.$";
import { loader as productLoader } from "~/routes/produse.produs.$id";
import { getStorage, imageUrl } from "~/services/storage.server";
import { createCourse, createProduct } from "../helpers/factories";
import { BASE } from "../helpers/http";

const WEBP = new Uint8Array(fs.readFileSync("tests/fixtures/coperta.webp"));
const PDF = new Uint8Array(fs.readFileSync("tests/fixtures/fisa.pdf"));
const MP4 = new Uint8Array(fs.readFileSync("tests/fixtures/lectie.mp4"));
const TWO_DAYS_MS = 2 * 24 * 3600 * 1000;

let seq = 0;
function uniqueKey(folder: string, name: string) {
  seq += 1;
  return `${folder}/${1_700_000_000_000 + Date.now() % 1_000_000 * 100 + seq}_${name}`;
}

async function fetchImage(path: string, headers: Record<string, string> = {}, method = "GET") {
  const url = new URL(path, BASE);
  const request = new Request(url, { headers, method });
  const key = decodeURIComponent(url.pathname.replace(/^\/img\//, ""));
  return imgLoader({ request, params: { "*": key }, context: {} });
}

async function fetchMedia(path: string) {
  const url = new URL(path, BASE);
  const key = decodeURIComponent(url.pathname.replace(/^\/media\//, ""));
  return mediaLoader({ request: new Request(url), params: { "*": key }, context: {} });
}

async function publishedCourseWithImage() {
  const key = uniqueKey("courses", "coperta.webp");
  await getStorage().put(key, WEBP, "image/webp");
  await getStorage().put(variantKey(key), WEBP, "image/webp");
  await getStorage().put(variantKey(key, 720), WEBP, "image/webp");
  const { course } = await createCourse("physical", { imageKey: key }, [{ days: 5, amountBani: 200000 }]);
  return { key, course };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("public catalogue images (/img/<key>)", () => {
  it("og:image, JSON-LD and srcset use /img addresses that still answer 200 after a signed URL's lifetime", async () => {
    const { key, course } = await publishedCourseWithImage();
    const id = String(course.id);
    const data = (await physicalDetailLoader({ request: new Request(`${BASE}/cursuri/curs/${id}`), params: { id }, context: {} })) as Awaited<
      ReturnType<typeof physicalDetailLoader>
    >;
    expect(data.course.image).toEqual({ src: `/img/${key}`, small: `/img/${variantKey(key)}`, medium: `/img/${variantKey(key, 720)}` });
    const tags = physicalMeta({
      data,
      params: { id },
      matches: [{ id: "root", data: { publicUrl: BASE } }],
    } as unknown as Parameters<typeof physicalMeta>[0]) as Array<Record<string, string>>;
    const ogImage = tags.find((tag) => tag.property === "og:image")?.content;
    expect(ogImage).toBe(`${BASE}/img/${key}`);

    // A signed URL made now, for comparison: it expires; the public address does not.
    const signed = (await imageUrl(key))!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + TWO_DAYS_MS);
    expect((await fetchMedia(signed)).status).toBe(403);

    const response = await fetchImage(new URL(ogImage!).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEBP);

    const small = await fetchImage(data.course.image!.small!);
    expect(small.status).toBe(200);
    expect((await fetchImage(data.course.image!.medium!)).status).toBe(200);

    // Revalidation by ETag answers 304 without a body.
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetchImage(`/img/${key}`, { "If-None-Match": etag })).status).toBe(304);
  });

  it("a published product's image is public; an unpublished one's is not", async () => {
    const key = uniqueKey("products", "kit.webp");
    await getStorage().put(key, WEBP, "image/webp");
    const product = await createProduct({ imageKey: key });
    const id = String(product.id);
    const data = (await productLoader({ request: new Request(`${BASE}/produse/produs/${id}`), params: { id }, context: {} })) as {
      product: { image: { src: string } | null };
    };
    expect(data.product.image?.src).toBe(`/img/${key}`);
    expect((await fetchImage(`/img/${key}`)).status).toBe(200);

    const hiddenKey = uniqueKey("products", "ascuns.webp");
    await getStorage().put(hiddenKey, WEBP, "image/webp");
    await createProduct({ imageKey: hiddenKey, isPublished: false });
    expect((await fetchImage(`/img/${hiddenKey}`)).status).toBe(404);
  });

  it("does not serve the image of an unpublished course, nor after the course is unpublished", async () => {
    const hiddenKey = uniqueKey("courses", "ascuns.webp");
    await getStorage().put(hiddenKey, WEBP, "image/webp");
    await getStorage().put(variantKey(hiddenKey), WEBP, "image/webp");
    await getStorage().put(variantKey(hiddenKey, 720), WEBP, "image/webp");
    await createCourse("online", { imageKey: hiddenKey, isPublished: false });
    const hidden = await fetchImage(`/img/${hiddenKey}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("Cache-Control")).toBe("no-store");
    expect((await fetchImage(`/img/${variantKey(hiddenKey)}`)).status).toBe(404);
    expect((await fetchImage(`/img/${variantKey(hiddenKey, 720)}`)).status).toBe(404);

    const { key, course } = await publishedCourseWithImage();
    expect((await fetchImage(`/img/${key}`)).status).toBe(200);
    await getDb().update(courses).set({ isPublished: false }).where(eq(courses.id, course.id));
    expect((await fetchImage(`/img/${key}`)).status).toBe(404);
  });

  it("never serves lesson media, files that are not images, or keys that leave the storage folders", async () => {
    const { course } = await publishedCourseWithImage();
    // A lesson video and a PDF, even named like the course's image or set as one, are not served.
    const video = uniqueKey("videos", "lectie.mp4");
    await getStorage().put(video, MP4, "video/mp4");
    const pdf = uniqueKey("pdfs", "fisa.pdf");
    await getStorage().put(pdf, PDF, "application/pdf");
    expect((await fetchImage(`/img/${video}`)).status).toBe(404);
    expect((await fetchImage(`/img/${pdf}`)).status).toBe(404);
    await getDb().update(courses).set({ imageKey: video }).where(eq(courses.id, course.id));
    expect((await fetchImage(`/img/${video}`)).status).toBe(404);

    // A file that is no image, stored under an image name of a published course.
    const disguised = uniqueKey("courses", "coperta.webp");
    await getStorage().put(disguised, PDF, "image/webp");
    await getDb().update(courses).set({ imageKey: disguised }).where(eq(courses.id, course.id));
    expect((await fetchImage(`/img/${disguised}`)).status).toBe(404);

    for (const key of ["courses/../../secrets.json", "../secrets.json", "courses/1_a/../../../etc/passwd", "/etc/passwd", "courses/%2e%2e/x", ""]) {
      const request = new Request(`${BASE}/img/x`);
      const response = await imgLoader({ request, params: { "*": key }, context: {} });
      expect(response.status, key).toBe(404);
    }
  });
});
