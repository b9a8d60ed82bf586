/**
 * The build's scripts and style sheets as a browser receives them (scripts/precompress.mjs at
 * build time, express-static-gzip in scripts/http-app.mjs; docs/decisions/0018-precompressed-assets.md):
 * the Brotli copy when the browser accepts it, else the gzip copy, else the file itself; each
 * decodes to exactly the file; the year-long immutable caching and Vary: Accept-Encoding stay; a
 * file the build did not compress is still compressed per request; no copy outlives its file.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverHost } from "~/server-host.server";
import { resetEnvironment } from "~/test-support.server";
import { createHttpApp } from "../../scripts/http-app.mjs";
import { precompress } from "../../scripts/precompress.mjs";

let dir: string;
let server: http.Server;
let port = 0;

/** A script like the real ones: varied text that compresses well, ~60 KB. */
const script = Array.from({ length: 1500 }, (_, i) => `export const f${i} = (x) => x * ${i} + "${(i * 7919).toString(36)}";`).join("\n");
const style = Array.from({ length: 400 }, (_, i) => `.c${i}{margin:${i % 17}px;color:#${(i * 4093).toString(16).padStart(6, "0").slice(0, 6)}}`).join("");
/** Not compressed by the build (no copy): compressed per request by the server instead. */
const lateFile = `/* written after the build */\n${script.slice(0, 5000)}`;

function build(): ServerBuild {
  return {
    mode: "production",
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response("pagina", { status, headers }), serverHost } },
    routes: { root: { id: "root", path: "", module: { default: () => null } } },
    assets: { routes: { root: { id: "root", path: "", module: "" } }, entry: { imports: [], module: "" }, url: "", version: "1" },
    future: { v3_singleFetch: true },
    publicPath: "/build/",
    assetsBuildDirectory: dir,
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}

function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    const request = http.request({ host: "127.0.0.1", port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

function decoded(response: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

describe("the build's scripts and style sheets, compressed once at build time", () => {
  beforeAll(async () => {
    resetEnvironment();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-assets-"));
    fs.mkdirSync(path.join(dir, "_shared"));
    fs.mkdirSync(path.join(dir, "_assets"));
    fs.writeFileSync(path.join(dir, "_shared/core-abc.js"), script);
    fs.writeFileSync(path.join(dir, "_assets/app-abc.css"), style);
    fs.writeFileSync(path.join(dir, "tiny-abc.js"), "export const a = 1;\n");
    fs.writeFileSync(path.join(dir, "_assets/font-abc.woff2"), Buffer.alloc(4096, 7));
    // Copies of a file an earlier build had and this one deleted (merge-chunks removes files).
    fs.writeFileSync(path.join(dir, "_shared/gone-old.js.br"), zlib.brotliCompressSync("old"));
    fs.writeFileSync(path.join(dir, "_shared/gone-old.js.gz"), zlib.gzipSync("old"));
    await precompress(dir);
    fs.writeFileSync(path.join(dir, "late-abc.js"), lateFile);
    server = createHttpApp(build(), { accessLog: false }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes a Brotli and a gzip copy of scripts and style sheets, smaller than the file and decoding to it", () => {
    for (const file of ["_shared/core-abc.js", "_assets/app-abc.css"]) {
      const original = fs.readFileSync(path.join(dir, file));
      const br = fs.readFileSync(path.join(dir, `${file}.br`));
      const gz = fs.readFileSync(path.join(dir, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      // Brotli at its highest quality beats gzip at its highest level on text.
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 3);
    }
    // Nothing for a file under 1 KB, a font (already compressed), or a file that is gone.
    for (const file of ["tiny-abc.js.br", "tiny-abc.js.gz", "_assets/font-abc.woff2.br", "_shared/gone-old.js.br", "_shared/gone-old.js.gz"]) {
      expect(fs.existsSync(path.join(dir, file)), file).toBe(false);
    }
  });

  it("a browser that accepts Brotli gets the Brotli copy, with the file's type and year-long caching", async () => {
    const response = await get("/build/_shared/core-abc.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(response.headers["content-length"])).toBe(fs.statSync(path.join(dir, "_shared/core-abc.js.br")).size);
    expect(decoded(response)).toBe(script);

    const css = await get("/build/_assets/app-abc.css", "br");
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(decoded(css)).toBe(style);
  });

  it("a browser without Brotli gets the gzip copy; one that accepts no encoding gets the file itself", async () => {
    const gzip = await get("/build/_shared/core-abc.js", "gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(script);

    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/build/_shared/core-abc.js", accept);
      expect(plain.status, String(accept)).toBe(200);
      expect(plain.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(plain.body.toString("utf8")).toBe(script);
    }
  });

  it("a file the build did not compress is still sent compressed, per request", async () => {
    const late = await get("/build/late-abc.js", "gzip, deflate, br");
    expect(late.status).toBe(200);
    expect(["br", "gzip"]).toContain(late.headers["content-encoding"]);
    expect(decoded(late)).toBe(lateFile);
    expect((await get("/build/tiny-abc.js", "br")).body.toString("utf8")).toBe("export const a = 1;\n");
  });

  it("a compressed copy is not a way around a missing file", async () => {
    expect((await get("/build/_shared/gone-old.js", "br")).status).toBe(404);
    expect((await get("/build/_shared/nothing.js", "br")).status).toBe(404);
  });
});
