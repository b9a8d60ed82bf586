/**
 * GET /cursuri-online/curs/:id/lectie/media?lectie=2-1&tip=video|pdf|subtitrari — a fresh signed
 * URL for a lesson's video or PDF, for the enrolled owner of an unlocked lesson only (403
 * otherwise, even when asked for directly). `tip=subtitrari` answers with the lesson's WebVTT
 * captions themselves (text/vtt, the verified type; the player's <track> loads only from this
 * origin, and S3 is another one), under the same checks, on every request. `Accept: application/json` → {url} (the player renews an expired
 * video URL this way); otherwise a redirect to the file (the PDF link on the lesson page, which
 * so never goes stale: each click is checked and signed anew for 15 minutes).
 */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { lessonCaptions, lessonMediaUrl } from "~/models/lesson.server";
import { getUser } from "~/models/session.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

const STATUS: Record<string, { status: number; message: string }> = {
  "not-found": { status: 404, message: "Lecția nu există." },
  "no-media": { status: 404, message: "Lecția nu are acest fișier." },
  "no-enrollment": { status: 403, message: "Nu sunteți înscris la acest curs." },
  pending: { status: 403, message: "Se așteaptă confirmarea plății." },
  closed: { status: 403, message: "Nu mai aveți acces la acest curs." },
  expired: { status: 403, message: "Accesul la curs a expirat." },
  locked: { status: 403, message: "Lecția este blocată." },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const user = await getUser(request);
  const url = new URL(request.url);
  if (!user) {
    if (wantsJson) return Response.json({ error: "Autentificare necesară." }, { status: 401, headers: NO_STORE });
    return redirect(`/autentificare?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  const courseId = parseId(params.id);
  const kind = url.searchParams.get("tip");
  if (!courseId || (kind !== "video" && kind !== "pdf" && kind !== "subtitrari")) {
    return Response.json({ error: "Cerere invalidă." }, { status: 404, headers: NO_STORE });
  }
  const lessonKey = url.searchParams.get("lectie");
  const result = kind === "subtitrari" ? await lessonCaptions({ userId: user.id, courseId, lessonKey }) : await lessonMediaUrl({ userId: user.id, courseId, lessonKey, kind });
  if (!result.ok) {
    const { status, message } = STATUS[result.reason];
    return wantsJson
      ? Response.json({ error: message }, { status, headers: NO_STORE })
      : new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  if ("body" in result) {
    // Same headers as /media gives a verified file that is not a video, image or PDF.
    return new Response(new Uint8Array(result.body), {
      headers: {
        ...NO_STORE,
        "Content-Type": result.contentType,
        "Content-Length": String(result.body.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  }
  return wantsJson ? Response.json({ url: result.url }, { headers: NO_STORE }) : redirect(result.url, { headers: NO_STORE });
}
