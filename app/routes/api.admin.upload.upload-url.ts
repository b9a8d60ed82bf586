/**
 * POST /api/admin/upload/upload-url — JSON → {url, key, method, headers, maxBytes[, chunkSize]}:
 * a signed PUT URL straight to storage (S3 presigned PUT, or the local backend's signed URL that
 * takes the file in chunks of `chunkSize`). Two shapes:
 * - docs/product.md §7: {key, contentType[, size]} — `key` is `folder/timestamp_filename` in an allowed
 *   folder (sanitised; the server's timestamp when it is missing or far off);
 * - {folder, fileName, contentType, size} (our uploader).
 * Use the answer's `key`: a key that already holds a file is never reused. Without `size` the
 * upload is capped by the folder's limit. Type and size are checked first. Admins only
 * (401/403 JSON otherwise). Errors carry the message as `msg` (the JSON API's shape, docs/product.md §7)
 * and as `error` (what the admin uploader reads).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/models/session.server";
import { log } from "~/log.server";
import { issueUploadUrl } from "~/services/uploads.server";
import { jsonResponse } from "~/routes/+shared/api/http.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

const body = z.object({
  key: z.string().max(200).optional(),
  folder: z.string().max(20).optional(),
  fileName: z.string().max(300).optional(),
  contentType: z.string().max(100),
  size: z.number().int().optional(),
});

const failure = (message: string, status: number) => jsonResponse({ msg: message, error: message }, { status });

/** requireAdmin's JSON 401/403 ({error}) with `msg` too. */
async function admin(request: Request) {
  try {
    return await requireAdmin(request);
  } catch (error) {
    if (error instanceof Response && (error.headers.get("Content-Type") ?? "").includes("json")) {
      const body = (await error.json()) as { error?: string };
      throw failure(body.error ?? "Acces interzis.", error.status);
    }
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await admin(request);
  // outage-safe: parsing the JSON body: no database
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return failure("Cerere de încărcare invalidă.", 400);
  try {
    const result = await issueUploadUrl(parsed.data);
    if (!result.ok) return failure(result.error, result.status);
    const { ok: _ok, ...target } = result;
    return jsonResponse(target, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("upload: issuing an upload URL failed", { error: String(error) });
    return failure("Încărcarea a eșuat. Încearcă din nou.", 500);
  }
}

/** GET is not a thing here; non-admins still get 401/403 first, like every admin route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await admin(request);
  return jsonResponse({ msg: "Metodă nepermisă pentru această adresă.", error: "Metodă nepermisă." }, { status: 405, headers: { Allow: "POST" } });
}
