/**
 * /cursuri-online/curs/:id/lectie[?lectie=2-1] — the online course player (SPEC §2, §4, §5, §8).
 * Login and a confirmed, unexpired enrolment are required; every rule is checked here on the
 * server (lib/progress + models/lesson): a locked lesson answers 403, the watch rule decides
 * when "Continuă" counts. Without JavaScript "Continuă" is a plain form post; with it the save
 * goes through `clientAction` (no reload, one retry, never a crash) and then moves on.
 */
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  type ClientActionFunctionArgs,
  Link,
  redirect as clientRedirect,
  useActionData,
  useFetcher,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { RouteErrorContent } from "~/components/ErrorState";
import { LessonVideo } from "~/components/player/LessonVideo";
import { PlayerNav } from "~/components/player/PlayerNav";
import { Icon } from "~/components/ui/Icon";
import { useHydrated } from "~/components/ui/useHydrated";
import { courseHref } from "~/lib/course-actions";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { pageTitle } from "~/lib/meta";
import {
  certificatePath,
  diplomaPdfPath,
  mediaPath,
  type NavChapter,
  PLAYER_MESSAGES,
  playerPath,
  progressPath,
  waitMessage,
} from "~/lib/player";
import { type CourseProgress, findLesson, lessonKey, nextLesson, startingLesson } from "~/lib/progress";
import { completeLesson, loadPlayer, type PlayerLesson, recordLessonServed } from "~/models/lesson.server";
import { requireUser } from "~/models/session.server";
import { log } from "~/services/log.server";
import { lessonPosterUrl } from "~/services/lesson-media.server";
import { getStorage, URL_LIFETIMES } from "~/services/storage.server";
import { redirectWithToast } from "~/services/toast.server";

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw notFound();
  const player = await loadPlayer(user.id, courseId);
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
    return json({ ...base, view: "expired" as const, lesson: null }, { headers: NO_STORE });
  }

  const requested = new URL(request.url).searchParams.get("lectie");
  let lesson: (PlayerLesson & { completed: boolean }) | null;
  if (requested) {
    lesson = findLesson(state, requested);
    if (!lesson) throw notFound();
    if (!state.chapters.some((c) => c.unlocked && c.lessons.some((l) => l.id === lesson!.id))) throw forbidden();
  } else if (state.finished) {
    return json({ ...base, view: "finished" as const, lesson: null }, { headers: NO_STORE });
  } else {
    lesson = startingLesson(state);
  }
  if (!lesson) return json({ ...base, view: "empty" as const, lesson: null }, { headers: NO_STORE });

  await recordLessonServed(enrollment.id, lesson.id);
  const [videoUrl, posterUrl] = await Promise.all([
    lesson.videoKey ? getStorage().getUrl(lesson.videoKey, URL_LIFETIMES.lessonVideo) : Promise.resolve(null),
    lesson.videoKey ? lessonPosterUrl(lesson.videoKey) : Promise.resolve(null),
  ]);
  const key = lessonKey(lesson);
  const chapterIndex = state.chapters.findIndex((c) => c.chapterId === lesson!.chapterId);
  const chapter = state.chapters[chapterIndex];
  const next = nextLesson(state, lesson.id);
  return json(
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
        isLast: next === null,
      },
    },
    { headers: NO_STORE },
  );
}

type ActionReply = { ok: false; message: string; lessonKey: string | null; saveFailed?: boolean };

export async function action({ request, params }: ActionFunctionArgs) {
  // Auth (and the Origin check) before anything else is read.
  const user = await requireUser(request);
  const courseId = parseId(params.id);
  if (!courseId) throw notFound();
  const form = await request.formData();
  const key = typeof form.get("lectie") === "string" ? String(form.get("lectie")) : null;
  const enrollmentId = typeof form.get("inscriere") === "string" ? String(form.get("inscriere")) : null;
  let result;
  try {
    result = await completeLesson({ userId: user.id, courseId, lessonKey: key, enrollmentId });
  } catch (error) {
    // SPEC §8: a failed progress save is logged, never shown as a crash.
    log.error("saving lesson progress failed", { error, userId: user.id, courseId });
    return json<ActionReply>({ ok: false, message: PLAYER_MESSAGES.saveFailed, lessonKey: key, saveFailed: true }, { status: 503 });
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
      return json<ActionReply>({ ok: false, message: waitMessage(result.seconds), lessonKey: key }, { status: 409 });
  }
}

/**
 * With JavaScript: the save goes to the JSON action /lectie/progres (same model), retried once
 * if it fails; a failure is logged and answered with a discreet note, never an error page.
 * `intent=watched` (the video ended) only saves; `intent=continue` saves and moves on.
 */
export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const key = typeof form.get("lectie") === "string" ? String(form.get("lectie")) : null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const response = await fetch(progressPath(Number(params.id)), {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (response.redirected) {
        // The session ended: the login page, which brings the student back here.
        const to = new URL(response.url);
        return clientRedirect(`${to.pathname}${to.search}`);
      }
      const data = (await response.json()) as { ok: boolean; next?: string; redirect?: string; message?: string };
      if (data.ok) return intent === "continue" && data.next ? clientRedirect(data.next) : { ok: true as const, saved: key };
      if (data.redirect) return clientRedirect(data.redirect);
      if (response.status < 500) return { ok: false as const, message: data.message ?? PLAYER_MESSAGES.saveFailed, lessonKey: key };
      console.error(`Salvarea progresului a eșuat (încercarea ${attempt})`, response.status);
    } catch (error) {
      console.error(`Salvarea progresului a eșuat (încercarea ${attempt})`, error);
    }
  }
  return { ok: false as const, message: PLAYER_MESSAGES.saveFailed, lessonKey: key, saveFailed: true };
}

/**
 * The background save at the end of a video does not reload the page's data: the student stays
 * on the lesson (the next one would open otherwise) and the video is not reloaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "watched" ? false : defaultShouldRevalidate;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type LessonData = NonNullable<Data["lesson"]>;

function LessonView({ data }: { data: Data & { lesson: LessonData } }) {
  const { lesson, course } = data;
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof clientAction>({ key: `progres-${course.id}` });
  const [ended, setEnded] = useState(false);
  useEffect(() => setEnded(false), [lesson.key]);

  const hasVideo = Boolean(lesson.videoUrl);
  const watched = lesson.completed || !hasVideo || ended;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "continue";
  const reply = fetcher.data && "message" in fetcher.data && fetcher.data.lessonKey === lesson.key ? fetcher.data : null;
  const serverReply = actionData && !actionData.ok && actionData.lessonKey === lesson.key ? actionData : null;
  const notice = reply ?? serverReply;
  const saved = fetcher.data && "saved" in fetcher.data && fetcher.data.saved === lesson.key;

  const onEnded = () => {
    setEnded(true);
    // SPEC §4: the end of the video marks the lesson watched (saved in the background).
    fetcher.submit({ intent: "watched", lectie: lesson.key, inscriere: data.enrollmentId }, { method: "post" });
  };

  return (
    <article className="player-lesson-view" aria-labelledby="lectie-titlu">
      <p className="player-lesson-view__eyebrow">
        {lesson.chapterTitle} · Lecția {lesson.position} din {lesson.chapterLessons}
      </p>
      <h1 id="lectie-titlu" className="player-lesson-view__title">
        {lesson.title}
      </h1>
      {lesson.videoUrl ? (
        <LessonVideo
          courseId={course.id}
          lessonKey={lesson.key}
          title={lesson.title}
          src={lesson.videoUrl}
          poster={lesson.posterUrl}
          completed={lesson.completed}
          onEnded={onEnded}
        />
      ) : (
        <p className="alert alert--info">{PLAYER_MESSAGES.noVideo}</p>
      )}
      <div className="player-continue">
        {hasVideo && !lesson.completed ? (
          <p className="player-continue__warning" id="avertisment-video">
            <Icon name="play" size={18} />
            <span>{PLAYER_MESSAGES.watchWarning}</span>
          </p>
        ) : null}
        <fetcher.Form method="post" action={playerPath(course.id, lesson.key)} className="player-continue__form">
          <input type="hidden" name="lectie" value={lesson.key} />
          <input type="hidden" name="inscriere" value={data.enrollmentId} />
          <button
            type="submit"
            name="intent"
            value="continue"
            className="button button--primary player-continue__button"
            disabled={(hydrated && !watched) || busy}
            aria-describedby={hasVideo && !lesson.completed ? "avertisment-video" : undefined}
            aria-busy={busy || undefined}
          >
            {busy ? PLAYER_MESSAGES.saving : PLAYER_MESSAGES.continue}
            {busy ? null : <Icon name="chevron" size={18} />}
          </button>
        </fetcher.Form>
        <div aria-live="polite" className="player-continue__status">
          {saved && !notice ? (
            <p className="player-saved" role="status">
              <Icon name="check" size={16} /> Lecția a fost marcată ca vizionată.
            </p>
          ) : null}
          {notice ? (
            <p className={`player-note${"saveFailed" in notice && notice.saveFailed ? " player-note--quiet" : ""}`} role="status">
              {notice.message}
            </p>
          ) : null}
        </div>
      </div>
      {lesson.explanation || lesson.pdfHref ? (
        <section className="player-about" aria-labelledby="despre-lectie">
          <h2 id="despre-lectie" className="player-about__title">
            Despre lecție
          </h2>
          {lesson.explanation ? <p className="player-about__text">{lesson.explanation}</p> : null}
          {lesson.pdfHref ? (
            <a href={lesson.pdfHref} className="player-pdf" download>
              <span className="player-pdf__icon" aria-hidden="true">
                <Icon name="download" size={20} />
              </span>
              <span>
                <strong>Descarcă fișa lecției</strong>
                <span className="player-pdf__meta">PDF</span>
              </span>
            </a>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}

function FinishedView({ data }: { data: Data }) {
  return (
    <section className="player-finish" aria-labelledby="felicitari">
      <span className="player-finish__badge" aria-hidden="true">
        <Icon name="award" size={40} />
      </span>
      <h1 id="felicitari">{PLAYER_MESSAGES.congratulations}</h1>
      <p className="lead">
        Ai finalizat cursul „{data.course.title}”. Îți mulțumim pentru seriozitate și îți dorim mult succes cu clientele tale!
      </p>
      <div className="player-finish__diploma card">
        <h2>{PLAYER_MESSAGES.diploma}</h2>
        <p>Diploma ta de absolvire este gata, cu un cod unic pe care oricine îl poate verifica online.</p>
        <div className="row">
          <Link to={certificatePath(data.course.id)} className="button button--primary">
            <Icon name="award" size={18} /> Vezi diploma
          </Link>
          <a href={diplomaPdfPath(data.course.id)} className="button button--light" download>
            <Icon name="download" size={18} /> Descarcă diploma (PDF)
          </a>
        </div>
      </div>
      <p className="muted">Poți revedea oricând lecțiile din lista cursului.</p>
    </section>
  );
}

function ExpiredView({ data }: { data: Data }) {
  return (
    <section className="player-expired" aria-labelledby="acces-expirat">
      <span className="player-finish__badge player-finish__badge--muted" aria-hidden="true">
        <Icon name="clock" size={36} />
      </span>
      <h1 id="acces-expirat">{PLAYER_MESSAGES.expiredTitle}</h1>
      <p className="lead">
        Accesul tău la cursul „{data.course.title}” s-a încheiat pe {formatDate(data.accessUntil)}. Lecțiile nu mai pot fi
        vizionate, dar progresul tău ({data.progress}%) rămâne salvat
        {data.finished ? ", iar diploma rămâne a ta." : "."}
      </p>
      <div className="row">
        {data.finished ? (
          <Link to={certificatePath(data.course.id)} className="button button--primary">
            <Icon name="award" size={18} /> Vezi diploma
          </Link>
        ) : null}
        <Link to="/contact" className="button button--light">
          Contactează-ne pentru prelungire
        </Link>
      </div>
    </section>
  );
}

export default function LessonPlayer() {
  const data = useLoaderData<typeof loader>();
  const currentKey = data.lesson?.key ?? null;
  return (
    <main className="page container player">
      <Breadcrumbs
        items={[
          { label: "Cursurile mele", to: "/cont#cursuri-active" },
          { label: data.course.title, to: courseHref("online", data.course.id) },
          { label: data.lesson?.title ?? (data.view === "finished" ? PLAYER_MESSAGES.congratulations : "Lecții") },
        ]}
      />
      <p className="player__course">
        <span className="eyebrow">Curs online</span>
        <span className="player__course-title">{data.course.title}</span>
      </p>
      <div className="player__layout">
        <aside className="player__aside">
          <PlayerNav
            courseId={data.course.id}
            chapters={data.chapters}
            currentKey={currentKey}
            progress={data.progress}
            finished={data.finished}
            linkLessons={data.view !== "expired"}
          />
        </aside>
        <div className="player__main">
          {data.view === "lesson" && data.lesson ? (
            <LessonView data={{ ...data, lesson: data.lesson }} />
          ) : data.view === "finished" ? (
            <FinishedView data={data} />
          ) : data.view === "expired" ? (
            <ExpiredView data={data} />
          ) : (
            <section className="player-expired">
              <h1>Lecțiile vor fi disponibile în curând</h1>
              <p className="lead">Cursul nu are încă lecții publicate. Revino în curând.</p>
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = data ? (data.lesson ? `${data.lesson.title} – ${data.course.title}` : data.course.title) : "Lecție";
  return [{ title: pageTitle(matches, title) }, { name: "robots", content: "noindex, nofollow" }];
};

export function ErrorBoundary() {
  return (
    <RouteErrorContent
      error={useRouteError()}
      message="Eroare la incarcarea cursului online."
      backTo="/cursuri-online"
      backLabel="Toate cursurile online"
    />
  );
}
