/**
 * GET /media/<key>?e=<expiry>&s=<signature>[&d=<download name>]: files of the local storage
 * backend (docs/architecture.md §7). The signature and expiry are checked first (403 otherwise). Supports
 * single byte ranges (206/416) so videos can seek, downloads by name, conditional requests, and
 * private caching until the URL expires.
 *
 * The Content-Type is the one the file was verified as (media_files, models/media-type.server),
 * never guessed from the key; a file that is none of the allowed types is only offered as a
 * download. Every answer carries a sandbox CSP and nosniff, so even a hostile file cannot run
 * script on the site's origin (issue 14 finding 1).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { contentDisposition, parseRange } from "~/lib/http-range";
import { mediaSecurityPolicy } from "~/lib/media-check";
import { mediaTypeOf } from "~/models/media-type.server";
import { getStorage, localPathForKey, verifyLocalUrl } from "~/services/storage.server";

const ONE_YEAR = 365 * 24 * 3600;

export { mediaSecurityPolicy };

function plain(status: number, message: string, extra: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": mediaSecurityPolicy(null),
      ...extra,
    },
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const url = new URL(request.url);
  const check = verifyLocalUrl(key, url.searchParams);
  if (!check.ok) return plain(403, "Acces interzis.");
  if (getStorage().kind !== "local") return plain(404, "Fișierul nu există.");

  let stat: fs.Stats;
  const file = localPathForKey(key);
  try {
    stat = await fsp.stat(file);
    if (!stat.isFile()) throw new Error("not a file");
  // outage-safe: a file system stat: no database
  } catch {
    return plain(404, "Fișierul nu există.");
  }

  const size = stat.size;
  const expires = Number(url.searchParams.get("e"));
  const maxAge = Math.max(0, Math.min(ONE_YEAR, expires - Math.floor(Date.now() / 1000)));
  const etag = `"${size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const type = await mediaTypeOf(key);
  const headers = new Headers({
    "Content-Type": type ?? "application/octet-stream",
    "Content-Security-Policy": mediaSecurityPolicy(type),
    "Accept-Ranges": "bytes",
    "Cache-Control": `private, max-age=${maxAge}`,
    "X-Content-Type-Options": "nosniff",
    "Last-Modified": stat.mtime.toUTCString(),
    ETag: etag,
  });
  const downloadName = url.searchParams.get("d");
  if (downloadName) headers.set("Content-Disposition", contentDisposition(downloadName));
  else if (!type) headers.set("Content-Disposition", "attachment");

  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }

  // A Range with If-Range for another version of the file gets the whole file.
  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange && ifRange !== etag ? null : request.headers.get("Range");
  const range = parseRange(rangeHeader, size);
  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }

  const start = range.kind === "partial" ? range.start : 0;
  const end = range.kind === "partial" ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  headers.set("Content-Length", String(length));
  if (range.kind === "partial") headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const status = range.kind === "partial" ? 206 : 200;

  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const stream = fs.createReadStream(file, { start, end });
  return new Response(createReadableStreamFromReadable(stream), { status, headers });
}
