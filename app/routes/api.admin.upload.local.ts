/**
 * PUT /api/admin/upload/local?k=&t=&m=&n=&e=&s= — the local storage backend's direct uploads
 * (the counterpart of an S3 presigned PUT), in chunks with `Content-Range` so no request runs
 * into the server's 5-minute timeout; DELETE cancels an upload in progress. The query is signed
 * (key, content type, size cap, size, expiry). Rules in app/services/local-upload.server.ts.
 * Admins only, like every admin mutation.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/session.server";
import { cancelLocalUpload, receiveLocalUpload } from "~/services/local-upload.server";
import { log } from "~/log.server";
import { getStorage } from "~/services/storage.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return Response.json({ error: "Metodă nepermisă." }, { status: 405, headers: { Allow: "PUT, DELETE" } });
  }
  if (getStorage().kind !== "local") return Response.json({ error: "Încărcarea locală nu este activă." }, { status: 404 });
  const params = new URL(request.url).searchParams;
  try {
    const outcome =
      request.method === "DELETE"
        ? await cancelLocalUpload(params)
        : await receiveLocalUpload(params, {
            contentType: request.headers.get("Content-Type"),
            contentRange: request.headers.get("Content-Range"),
            contentLength: request.headers.get("Content-Length"),
            body: request.body,
          });
    return Response.json(outcome.body, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("upload: local PUT failed", { error: String(error) });
    return Response.json({ error: "Încărcarea a eșuat." }, { status: 500 });
  }
}

/** GET is not a thing here; non-admins still get 401/403 first, like every admin route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw new Response("Not found", { status: 404 });
}
