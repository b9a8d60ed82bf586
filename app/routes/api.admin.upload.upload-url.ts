/**
 * POST /api/admin/upload/upload-url — JSON → {url, key, method, headers, maxBytes[, chunkSize]}:
 * a signed PUT URL straight to storage (S3 presigned PUT, or the local backend's signed URL that
 * takes the file in chunks of `chunkSize`). Two shapes:
 * - SPEC §7: {key, contentType[, size]} — `key` is `folder/timestamp_filename` in an allowed
 *   folder (sanitised; the server's timestamp when it is missing or far off);
 * - {folder, fileName, contentType, size} (our uploader).
 * Use the answer's `key`: a key that already holds a file is never reused. Without `size` the
 * upload is capped by the folder's limit. Type and size are checked first. Admins only
 * (401/403 JSON otherwise).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/models/session.server";
import { log } from "~/services/log.server";
import { issueUploadUrl } from "~/services/uploads.server";

const body = z.object({
  key: z.string().max(200).optional(),
  folder: z.string().max(20).optional(),
  fileName: z.string().max(300).optional(),
  contentType: z.string().max(100),
  size: z.number().int().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json({ error: "Cerere de încărcare invalidă." }, { status: 400 });
  try {
    const result = await issueUploadUrl(parsed.data);
    if (!result.ok) return json({ error: result.error }, { status: result.status });
    const { ok: _ok, ...target } = result;
    return json(target, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    log.error("upload: issuing an upload URL failed", { error: String(error) });
    return json({ error: "Încărcarea a eșuat. Încearcă din nou." }, { status: 500 });
  }
}

/** GET is not a thing here; non-admins still get 401/403 first, like every admin route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw new Response("Not found", { status: 404 });
}
