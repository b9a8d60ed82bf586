/**
 * POST /api/admin/upload/complete — JSON {key}: after the browser's direct PUT, checks what was
 * stored (exists, size within the folder's limit, real type by its first bytes). A wrong or
 * oversize object is deleted and the answer is 4xx {msg, error} (the same text; the admin
 * uploader reads `error`). `proof` goes with the key into the form, so saving it does not check
 * (and re-encode) the file again. Admins only.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/models/session.server";
import { log } from "~/log.server";
import { verifyUpload } from "~/services/uploads.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

const failure = (message: string, status: number) => Response.json({ msg: message, error: message }, { status });

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  // outage-safe: parsing the JSON body: no database
  const parsed = z.object({ key: z.string().max(200) }).safeParse(await request.json().catch(() => null));
  if (!parsed.success) return failure("Cerere invalidă.", 400);
  try {
    const result = await verifyUpload(parsed.data.key);
    if (!result.ok) return failure(result.error, result.status);
    return Response.json({ key: result.key, size: result.size, contentType: result.contentType, proof: result.proof });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("upload: checking an upload failed", { error: String(error) });
    return failure("Încărcarea a eșuat. Încearcă din nou.", 500);
  }
}

/** GET is not a thing here; non-admins still get 401/403 first, like every admin route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw new Response("Not found", { status: 404 });
}
