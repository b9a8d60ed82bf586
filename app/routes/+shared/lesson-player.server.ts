/** The lesson player's loader and action (`routes/cursuri-online.curs.$id.lectie.tsx`), apart from its views. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { courseHref } from "~/lib/course-actions";
import { parseId } from "~/lib/ids";
import {
  mediaPath,
  type NavChapter,
  PLAYER_MESSAGES,
  playerPath,
  waitMessage,
} from "~/lib/player";
import { type CourseProgress, findLesson, lessonKey, nextLesson, startingLesson } from "~/lib/progress";
import { completeLesson, loadPlayer, type PlayerLesson, recordLessonServed } from "~/models/lesson.server";
import { signedMediaUrl } from "~/models/media-type.server";
import { requireUser } from "~/models/session.server";
import { log } from "~/log.server";
import { personalData } from "~/services/personal-cache.server";
import { lessonPosterUrl } from "~/services/lesson-media.server";
import { URL_LIFETIMES } from "~/services/storage.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormData } from "~/lib/form-input";

const notFound = () => new Response("Lecția nu există.", { status: 404 });
const forbidden = () => new Response(PLAYER_MESSAGES.lockedPage, { status: 403 });
const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie" };

function navOf(state: CourseProgress<PlayerLesson>): NavChapter[] {
  return state.chapters.map((chapter) => ({
    chapterId: chapter.chapterId,
    title: chapter.title,
    completed: chapter.completed,
    unlocked: chapter.unlocked,
    lessons: chapter.lessons.map((l) => ({ key: lessonKey(l), title: l.title, completed: l.completed })),
  }));
}

/** Where a refused enrolment goes; null when the player may be shown. */
async function refusal(kind: string, courseId: number) {
  if (kind === "not-found") return notFound();
  if (kind === "no-enrollment") return redirect("/cursuri-online");
  if (kind === "pending") return redirectWithToast(courseHref("online", courseId), { message: PLAYER_MESSAGES.awaitingPayment, type: "info" });
  if (kind === "closed") return redirectWithToast(courseHref("online", courseId), { message: PLAYER_MESSAGES.noAccess, type: "error" });
  return null;
}

export async function playerLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw notFound();
  // The user's state in the course, kept for their data version (services/personal-cache.server.ts):
  // serving a lesson for the first time or completing one writes lesson_progress and bumps it.
  const player = await personalData(user, `player:${courseId}`, () => loadPlayer(user.id, courseId));
  if (player.kind !== "open" && player.kind !== "expired") throw await refusal(player.kind, courseId);

  const { course, enrollment, state } = player;
  const base = {
    course: { id: course.id, title: course.title },
    enrollmentId: enrollment.id,
    chapters: navOf(state),
    progress: state.progress,
    finished: state.finished,
    accessUntil: enrollment.accessUntil?.toISOString() ?? null,
  };
  if (player.kind === "expired") {
    return data({ ...base, view: "expired" as const, lesson: null }, { headers: NO_STORE });
  }

  const requested = new URL(request.url).searchParams.get("lectie");
  let lesson: (PlayerLesson & { completed: boolean }) | null;
  if (requested) {
    lesson = findLesson(state, requested);
    if (!lesson) throw notFound();
    if (!state.chapters.some((c) => c.unlocked && c.lessons.some((l) => l.id === lesson!.id))) throw forbidden();
  } else if (state.finished) {
    return data({ ...base, view: "finished" as const, lesson: null }, { headers: NO_STORE });
  } else {
    lesson = startingLesson(state);
  }
  if (!lesson) return data({ ...base, view: "empty" as const, lesson: null }, { headers: NO_STORE });

  // The first serving counts (the watch rule); a lesson served before has nothing to record.
  if (!player.servedAt.has(lesson.id)) await recordLessonServed(enrollment.id, lesson.id);
  const [videoUrl, posterUrl] = await Promise.all([
    lesson.videoKey ? signedMediaUrl(lesson.videoKey, URL_LIFETIMES.lessonVideo) : Promise.resolve(null),
    lesson.videoKey ? lessonPosterUrl(lesson.videoKey, course.imageKey) : Promise.resolve(null),
  ]);
  const key = lessonKey(lesson);
  const chapterIndex = state.chapters.findIndex((c) => c.chapterId === lesson!.chapterId);
  const chapter = state.chapters[chapterIndex];
  const next = nextLesson(state, lesson.id);
  return data(
    {
      ...base,
      view: "lesson" as const,
      lesson: {
        key,
        title: lesson.title,
        explanation: lesson.explanation,
        completed: lesson.completed,
        chapterTitle: chapter.title,
        position: chapter.lessons.findIndex((l) => l.id === lesson!.id) + 1,
        chapterLessons: chapter.lessons.length,
        videoUrl,
        posterUrl,
        pdfHref: lesson.pdfKey ? mediaPath(course.id, key, "pdf") : null,
        captionsSrc: lesson.captionsKey ? mediaPath(course.id, key, "captions") : null,
        transcript: lesson.transcript,
        isLast: next === null,
      },
    },
    { headers: NO_STORE });
}

type ActionReply = { ok: false; message: string; lessonKey: string | null; saveFailed?: boolean };

export async function playerAction({ request, params }: ActionFunctionArgs) {
  // Auth (and the Origin check) before anything else is read.
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw notFound();
  const form = await readFormData(request);
  const key = typeof form.get("lectie") === "string" ? String(form.get("lectie")) : null;
  const enrollmentId = typeof form.get("inscriere") === "string" ? String(form.get("inscriere")) : null;
  let result;
  try {
    result = await completeLesson({ userId: user.id, courseId, lessonKey: key, enrollmentId });
  // outage-safe: every failure already answers 503 (the player offers to retry)
  } catch (error) {
    // docs/product.md §8: a failed progress save is logged, never shown as a crash.
    log.error("saving lesson progress failed", { error, userId: user.id, courseId });
    return data<ActionReply>({ ok: false, message: PLAYER_MESSAGES.saveFailed, lessonKey: key, saveFailed: true }, { status: 503 });
  }
  if (result.ok) return redirect(playerPath(courseId, result.nextKey));
  switch (result.reason) {
    case "not-found":
      throw notFound();
    case "locked":
      throw forbidden();
    case "expired":
      return redirect(playerPath(courseId));
    case "pending":
    case "closed":
      throw await refusal(result.reason, courseId);
    case "too-early":
      return data<ActionReply>({ ok: false, message: waitMessage(result.seconds), lessonKey: key }, { status: 409 });
  }
}
