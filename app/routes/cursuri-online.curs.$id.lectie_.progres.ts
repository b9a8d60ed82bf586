/**
 * POST /cursuri-online/curs/:id/lectie/progres — the player's progress save with JavaScript
 * (JSON). Same model and rules as the page's form action (models/lesson.completeLesson); the
 * browser's posted values are only the lesson key and the enrolment id, checked on the server.
 * Replies: {ok, next} · {ok:false, message} (409 too early, 403 locked, 404 unknown) ·
 * {ok:false, redirect} (payment pending, no access, expired) · 503 when saving failed.
 */
import { type ActionFunctionArgs } from "@remix-run/node";
import { courseHref } from "~/lib/course-actions";
import { parseId } from "~/lib/ids";
import { PLAYER_MESSAGES, playerPath, waitMessage } from "~/lib/player";
import { completeLesson } from "~/models/lesson.server";
import { requireUser } from "~/models/session.server";
import { log } from "~/log.server";
import { toastCookie } from "~/services/toast.server";
import { readFormData } from "~/lib/form-input";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) return Response.json({ ok: false, message: "Cursul nu există." }, { status: 404, headers: NO_STORE });
  const form = await readFormData(request);
  const key = typeof form.get("lectie") === "string" ? String(form.get("lectie")) : null;
  const enrollmentId = typeof form.get("inscriere") === "string" ? String(form.get("inscriere")) : null;
  try {
    const result = await completeLesson({ userId: user.id, courseId, lessonKey: key, enrollmentId });
    if (result.ok) {
      return Response.json({ ok: true, next: playerPath(courseId, result.nextKey), progress: result.progress, finished: result.finished }, { headers: NO_STORE });
    }
    switch (result.reason) {
      case "not-found":
        return Response.json({ ok: false, message: "Lecția nu există." }, { status: 404, headers: NO_STORE });
      case "locked":
        return Response.json({ ok: false, message: PLAYER_MESSAGES.lockedPage }, { status: 403, headers: NO_STORE });
      case "too-early":
        return Response.json({ ok: false, message: waitMessage(result.seconds), seconds: result.seconds }, { status: 409, headers: NO_STORE });
      case "expired":
        return Response.json({ ok: false, redirect: playerPath(courseId) }, { status: 403, headers: NO_STORE });
      case "pending":
      case "closed": {
        const message = result.reason === "pending" ? PLAYER_MESSAGES.awaitingPayment : PLAYER_MESSAGES.noAccess;
        const headers = new Headers(NO_STORE);
        headers.append("Set-Cookie", await toastCookie({ message, type: result.reason === "pending" ? "info" : "error" }));
        return Response.json({ ok: false, redirect: courseHref("online", courseId) }, { status: 403, headers });
      }
    }
  // outage-safe: every failure already answers 503 (the player retries)
  } catch (error) {
    log.error("saving lesson progress failed", { error, userId: user.id, courseId });
    return Response.json({ ok: false, message: PLAYER_MESSAGES.saveFailed }, { status: 503, headers: NO_STORE });
  }
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
