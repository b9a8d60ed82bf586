/**
 * PUT /api/admin/upload/local?k=&t=&m=&e=&s= — the local storage backend's direct uploads (the
 * counterpart of an S3 presigned PUT). The query is signed (key, content type, size cap,
 * expiry); the request must carry that content type; the body is streamed to disk and cut off
 * past the cap (413). Admins only, like every admin mutation.
 */
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/session.server";
import { log } from "~/services/log.server";
import { getStorage, verifyLocalUpload } from "~/services/storage.server";

class TooLarge extends Error {}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  if (request.method !== "PUT") return json({ error: "Metodă nepermisă." }, { status: 405, headers: { Allow: "PUT" } });
  const check = verifyLocalUpload(new URL(request.url).searchParams);
  if (!check.ok) return json({ error: "Adresă de încărcare invalidă sau expirată." }, { status: 403 });
  const storage = getStorage();
  if (storage.kind !== "local") return json({ error: "Încărcarea locală nu este activă." }, { status: 404 });
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== check.contentType) return json({ error: "Tipul fișierului nu corespunde." }, { status: 415 });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > check.maxBytes) return json({ error: "Fișierul este prea mare." }, { status: 413 });
  if (!request.body) return json({ error: "Fișierul este gol." }, { status: 400 });

  let received = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > check.maxBytes) callback(new TooLarge("too large"));
      else callback(null, chunk);
    },
  });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  try {
    await storage.put(check.key, body.pipe(cap), check.contentType);
  } catch (error) {
    body.destroy();
    // The backend writes to a temporary file and removes it on error: nothing half-written stays.
    if (error instanceof TooLarge || received > check.maxBytes) {
      return json({ error: "Fișierul este prea mare." }, { status: 413 });
    }
    log.error("upload: local PUT failed", { error: String(error) });
    return json({ error: "Încărcarea a eșuat." }, { status: 500 });
  }
  return json({ key: check.key, size: received });
}

/** GET is not a thing here; non-admins still get 401/403 first, like every admin route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw new Response("Not found", { status: 404 });
}
