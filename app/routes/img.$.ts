/**
 * GET /img/<key>: the stable public address of a published catalogue image (issue 20 item 9).
 * Only the image of a published course or product, or its 480px and 720px variants, is served
 * (models/public-image.server); every other key — lesson videos, PDFs, captions, posters, the
 * images of unpublished items, paths that leave the storage folders — answers 404, and stays
 * reachable only through signed /media URLs.
 *
 * Upload keys are never reused (`folder/timestamp_name`; a new image is a new key), so an
 * answer may be cached by anyone for a year as immutable; the ETag still allows revalidation.
 * The Content-Type is the verified one (media_files), never guessed from the name; a file that
 * is not a verified image is not served. Like /media, every answer carries nosniff and a
 * sandbox CSP.
 */
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { mediaSecurityPolicy } from "~/lib/media-check";
import { mediaTypeOf } from "~/models/media-type.server";
import { isPublicImageKey } from "~/models/public-image.server";
import { getStorage } from "~/services/storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** A catalogue image is at most a few MB (uploads are capped and re-encoded to 960px). */
const MAX_BYTES = 20 * 1024 * 1024;

function notFound() {
  return new Response("Imaginea nu există.", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      // Not cached: the item may be published a minute later.
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": mediaSecurityPolicy(null),
    },
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!(await isPublicImageKey(key))) return notFound();
  const storage = getStorage();
  const stored = await storage.head(key);
  if (!stored || stored.size > MAX_BYTES) return notFound();
  const type = await mediaTypeOf(key);
  if (!type?.startsWith("image/")) return notFound();

  const etag = `"${createHash("sha256").update(`${key}\n${stored.size}\n${stored.etag ?? ""}`).digest("base64url").slice(0, 22)}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Content-Security-Policy": mediaSecurityPolicy(type),
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(stored.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const bytes = await storage.readRange(key, 0, Math.max(1, stored.size));
  if (!bytes) return notFound();
  return new Response(bytes as unknown as BodyInit, { status: 200, headers });
}
