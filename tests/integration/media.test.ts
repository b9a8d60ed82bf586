import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/media.$";
import { getStorage } from "~/services/storage.server";

const KEY = "videos/1700000000000_test-media.mp4";
// A real MP4 (its container is verified before it is served with its type).
const MP4 = fs.readFileSync("tests/fixtures/lectie.mp4");
const BYTES = new Uint8Array(Buffer.concat([MP4, Buffer.from([0, 0, 0x03, 0xe8]), Buffer.from("free"), Buffer.alloc(992, 7)]));
const SIZE = BYTES.length;

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const parsed = new URL(url, "http://localhost:3000");
  const key = decodeURIComponent(parsed.pathname.replace(/^\/media\//, ""));
  const request = new Request(parsed, { headers, method });
  return loader({ request, params: { "*": key }, context: {} });
}

describe("GET /media/* (local storage)", () => {
  it("serves a file with a valid signature, its type, ranges advertised and private caching", async () => {
    await getStorage().put(KEY, BYTES, "video/mp4");
    const url = await getStorage().getUrl(KEY, { ttlSeconds: 600 });
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const maxAge = Number(/private, max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(500);
    expect(maxAge).toBeLessThanOrEqual(601);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
  });

  it("answers a Range request with 206 and exactly those bytes", async () => {
    await getStorage().put(KEY, BYTES, "video/mp4");
    const url = await getStorage().getUrl(KEY, { ttlSeconds: 600 });
    const response = await get(url, { Range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 100-199/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe("100");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES.slice(100, 200));

    const tail = await get(url, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(BYTES.slice(SIZE - 10));
  });

  it("answers 416 for a range past the end", async () => {
    await getStorage().put(KEY, BYTES, "video/mp4");
    const url = await getStorage().getUrl(KEY, { ttlSeconds: 600 });
    const response = await get(url, { Range: `bytes=${SIZE + 5000}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
  });

  it("refuses a tampered signature, another key, a changed expiry and an expired URL with 403", async () => {
    await getStorage().put(KEY, BYTES, "video/mp4");
    const url = new URL(await getStorage().getUrl(KEY, { ttlSeconds: 600 }), "http://localhost:3000");
    const tampered = new URL(url);
    tampered.searchParams.set("s", `${url.searchParams.get("s")!.slice(0, -2)}xx`);
    expect((await get(tampered.toString())).status).toBe(403);

    const otherKey = new URL(url);
    otherKey.pathname = "/media/videos/1700000000000_alta.mp4";
    expect((await get(otherKey.toString())).status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set("e", String(Number(url.searchParams.get("e")) + 3600));
    expect((await get(longer.toString())).status).toBe(403);

    const expired = await getStorage().getUrl(KEY, { ttlSeconds: -5 });
    expect((await get(expired)).status).toBe(403);

    expect((await get(`/media/${KEY}`)).status).toBe(403);
  });

  it("refuses keys that leave the storage folder", async () => {
    for (const key of ["courses/../../secrets.json", "../secrets.json", "courses/1_a/../../../etc/passwd", "/etc/passwd"]) {
      const request = new Request(`http://localhost:3000/media/x?e=9999999999&s=abc`);
      const response = await loader({ request, params: { "*": key }, context: {} });
      expect(response.status).toBe(403);
    }
  });

  it("asks the browser to download when the URL carries a file name, and answers HEAD without a body", async () => {
    const pdf = "pdfs/1700000000000_fisa.pdf";
    await getStorage().put(pdf, new TextEncoder().encode("%PDF-1.4 test\n%%EOF\n"), "application/pdf");
    const url = await getStorage().getUrl(pdf, { ttlSeconds: 600, downloadName: "Fișă lecție.pdf" });
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain(`filename="Fisa lectie.pdf"`);
    // The name is signed too: dropping it is a tampered URL.
    const withoutName = new URL(url, "http://localhost:3000");
    withoutName.searchParams.delete("d");
    expect((await get(withoutName.toString())).status).toBe(403);

    const head = await get(url, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it("answers 404 for a signed key whose file does not exist", async () => {
    const url = await getStorage().getUrl("courses/1700000000000_lipsa.webp", { ttlSeconds: 600 });
    expect((await get(url)).status).toBe(404);
  });
});
